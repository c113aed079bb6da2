// `npm run bench -w @lumiskin/server`: throughput and p99 of real routes beside a bare Fastify
// route (no plugins) in the same run, so the ratio shows what our plugin stack costs.
import os from 'node:os';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { buildBenchApp, createBenchUser, withBenchPostgres } from './support';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);

await withBenchPostgres('http', async (pg) => {
  const app = await buildBenchApp(pg, 'bench');
  const bare = Fastify();
  bare.get('/bare', async () => ({ ok: true }));
  const [appUrl, bareUrl] = await Promise.all([
    app.listen({ port: 0, host: '127.0.0.1' }),
    bare.listen({ port: 0, host: '127.0.0.1' }),
  ]);

  const { headers } = await createBenchUser(app);

  const targets = [
    { name: 'bare Fastify GET /bare', url: `${bareUrl}/bare` },
    { name: 'GET /api/health (select 1)', url: `${appUrl}/api/health` },
    {
      name: 'GET /api/auth/me (bearer)',
      url: `${appUrl}/api/auth/me`,
      headers,
    },
  ];
  console.log(
    `autocannon: ${CONNECTIONS} connections, ${DURATION_S} s per route, ${os.cpus().length} CPUs, Node ${process.version}`,
  );
  const rows: { name: string; rps: number; p99: number; bad: number }[] = [];
  for (const target of targets) {
    // short warm-up so JIT and pools are settled before measuring
    await autocannon({
      url: target.url,
      connections: CONNECTIONS,
      duration: 1,
      headers: target.headers,
    });
    const result = await autocannon({
      url: target.url,
      connections: CONNECTIONS,
      duration: DURATION_S,
      headers: target.headers,
    });
    rows.push({
      name: target.name,
      rps: result.requests.average,
      p99: result.latency.p99,
      bad: result.non2xx + result.errors,
    });
  }
  const baseline = rows[0]!.rps;
  console.log(
    `\n${'route'.padEnd(30)} ${'req/s'.padStart(9)} ${'p99 ms'.padStart(8)} ${'vs bare'.padStart(8)} ${'errors'.padStart(7)}`,
  );
  for (const row of rows) {
    console.log(
      `${row.name.padEnd(30)} ${row.rps.toFixed(0).padStart(9)} ${row.p99.toFixed(1).padStart(8)} ${(row.rps / baseline).toFixed(2).padStart(8)} ${String(row.bad).padStart(7)}`,
    );
  }
  await Promise.all([app.close(), bare.close()]);
});
