// `npm run bench:rate-limit -w @lumiskin/server`: what sharing the limits in Redis costs. The same
// cheap limited route (GET /api/geo/ip: the general per-IP limit, then an in-memory lookup) on an
// app counting in memory and on one counting in a local redis-server, and the credential
// throttle's two Redis calls (read before, add after a wrong password) timed alone.
import os from 'node:os';
import autocannon from 'autocannon';
import { redisCounters } from '../src/modules/auth/rate-limits';
import { startRedisServer } from '../test/services/redis-server';
import { buildBenchApp, withBenchPostgres } from './support';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 6);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const SEQUENTIAL = 2_000;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

const redis = await startRedisServer();
try {
  await withBenchPostgres('rate-limit', async (pg) => {
    const memoryApp = await buildBenchApp(pg, 'bench_memory');
    const redisApp = await buildBenchApp(pg, 'bench_redis', {
      redis: { url: redis.url, keyPrefix: 'bench:', commandTimeoutMs: 500 },
    });
    const urls = await Promise.all(
      [memoryApp, redisApp].map((app) => app.listen({ port: 0, host: '127.0.0.1' })),
    );
    console.log(
      `autocannon: ${CONNECTIONS} connections, ${DURATION_S} s each, ${os.cpus().length} CPUs, Node ${process.version}`,
    );
    // Alternating rounds, the best of each kept: the machine is shared, its load drifts.
    const best = new Map<
      string,
      { name: string; rps: number; p50: number; p99: number; bad: number }
    >();
    for (let round = 0; round < ROUNDS; round++) {
      const pair = [
        ['limits in memory', urls[0]!],
        ['limits in Redis', urls[1]!],
      ] as const;
      for (const [name, url] of round % 2 === 0 ? pair : [...pair].reverse()) {
        const target = { url: `${url}/api/geo/ip`, connections: CONNECTIONS };
        await autocannon({ ...target, duration: 1 });
        const result = await autocannon({ ...target, duration: DURATION_S });
        const row = {
          name,
          rps: result.requests.average,
          p50: result.latency.p50,
          p99: result.latency.p99,
          bad: result.non2xx + result.errors,
        };
        if (!best.has(name) || best.get(name)!.rps < row.rps) best.set(name, row);
      }
    }
    const rows = [...best.values()];
    console.log(
      `\n${'GET /api/geo/ip'.padEnd(20)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'errors'.padStart(7)}`,
    );
    for (const row of rows) {
      console.log(
        `${row.name.padEnd(20)} ${row.rps.toFixed(0).padStart(8)} ${row.p50.toFixed(1).padStart(7)} ${row.p99.toFixed(1).padStart(7)} ${String(row.bad).padStart(7)}`,
      );
    }
    const [memory, shared] = rows;
    console.log(
      `per request with Redis: +${(1000 / shared!.rps - 1000 / memory!.rps).toFixed(3)} ms of server time at ${CONNECTIONS} connections`,
    );

    // The credential throttle alone: one read of two keys, one atomic add of three.
    const counters = redisCounters(redisApp.redis!, 60_000);
    const keys = (i: number) => [`auth:bench:ip:${i % 50}`, `auth:bench:pair:${i}`];
    await counters.read(keys(0));
    const started = performance.now();
    for (let i = 1; i <= SEQUENTIAL; i++) {
      await counters.read(keys(i));
      await counters.add([...keys(i), `auth:bench:account:${i % 7}`]);
    }
    const perAttempt = (performance.now() - started) / SEQUENTIAL;
    console.log(
      `credential throttle in Redis: ${(perAttempt * 1000).toFixed(0)} µs per read + add, sequential (${SEQUENTIAL} attempts)`,
    );
    await Promise.all([memoryApp.close(), redisApp.close()]);
  });
} finally {
  await redis.close();
}
