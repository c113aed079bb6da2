// `npm run bench:nested -w @lumiskin/server`: latency of GET /api/health while six clients POST
// deeply nested JSON (`[[[[…]]]]`, 1 MB by default) without a token, to a public JSON route
// (login) and to an authenticated one (PUT /api/mix). The clients and the probe run in a worker
// thread so the server's event loop is the only thing measured. Issue 12 item 1.
//   BENCH_DURATION_S (8)  BENCH_CLIENTS (6; 0 = the probe alone)  BENCH_BODY_BYTES (1000000)  BENCH_BODY_LIMIT (the app's, 256 KB;
//   set e.g. 2000000 to let the bodies past the size limit and measure the depth check alone)
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { buildBenchApp, withBenchPostgres } from './support';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 8);
const BODY_BYTES = Number(process.env.BENCH_BODY_BYTES ?? 1_000_000);
const BODY_LIMIT = process.env.BENCH_BODY_LIMIT ? Number(process.env.BENCH_BODY_LIMIT) : undefined;
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 6);

// Plain JS for the worker: six attackers (autocannon) and one probe every 20 ms.
const load = `
const { parentPort, workerData } = require('node:worker_threads');
const autocannon = require('autocannon');
const { url, bodyBytes, clients, durationS } = workerData;
const depth = Math.floor(bodyBytes / 2);
const body = '['.repeat(depth) + ']'.repeat(depth);
async function probe(until) {
  const times = [];
  const statuses = {};
  while (Date.now() < until) {
    const started = performance.now();
    const res = await fetch(url + '/api/health');
    await res.arrayBuffer();
    times.push(performance.now() - started);
    statuses[res.status] = (statuses[res.status] ?? 0) + 1;
    await new Promise((r) => setTimeout(r, 20));
  }
  return { times, statuses };
}
(async () => {
  const until = Date.now() + durationS * 1000;
  if (workerData.role === 'probe') {
    parentPort.postMessage({ probed: await probe(until) });
    return;
  }
  const attack = (path, method) => autocannon({
    url: url + path, method, body, connections: clients / 2, duration: durationS,
    headers: { 'content-type': 'application/json' },
  });
  const [login, mix] = await Promise.all(clients > 0
    ? [attack('/api/auth/login', 'POST'), attack('/api/mix', 'PUT')]
    : [{}, {}]);
  parentPort.postMessage({
    attackers: [login, mix].map((r) => ({
      requests: (r['2xx'] ?? 0) + (r['4xx'] ?? 0) + (r['5xx'] ?? 0), errors: r.errors ?? 0,
      statuses: { '2xx': r['2xx'], '4xx': r['4xx'], '5xx': r['5xx'] },
    })),
  });
})();
`;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

await withBenchPostgres('nested', async (pg) => {
  const app = await buildBenchApp(pg, 'bench', {
    ...(BODY_LIMIT && { bodyLimitBytes: BODY_LIMIT }),
    rateLimit: { max: 1_000_000, authMax: 1_000_000, authWindowS: 60 },
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  console.log(
    `${CLIENTS} clients POST ${BODY_BYTES} B nested JSON for ${DURATION_S} s; ` +
      `body limit ${BODY_LIMIT ?? 'default'}; ${os.cpus().length} CPUs, Node ${process.version}`,
  );
  // The probe has a thread of its own: the attackers' event loop is busy sending megabytes.
  const run = <T>(role: string) =>
    new Promise<T>((resolve, reject) => {
      const worker = new Worker(load, {
        eval: true,
        workerData: { role, url, bodyBytes: BODY_BYTES, clients: CLIENTS, durationS: DURATION_S },
      });
      worker.once('message', resolve);
      worker.once('error', reject);
    });
  const [{ probed }, { attackers }] = await Promise.all([
    run<{ probed: { times: number[]; statuses: Record<string, number> } }>('probe'),
    run<{ attackers: { requests: number; errors: number; statuses: Record<string, number> }[] }>(
      'attack',
    ),
  ]);
  const result = { probed, attackers };
  const times = [...result.probed.times].sort((a, b) => a - b);
  console.log(
    `health probe: ${times.length} requests, p50 ${percentile(times, 50).toFixed(1)} ms, ` +
      `p99 ${percentile(times, 99).toFixed(1)} ms, max ${times.at(-1)?.toFixed(1)} ms, ` +
      `statuses ${JSON.stringify(result.probed.statuses)}`,
  );
  for (const [i, name] of ['POST /api/auth/login', 'PUT /api/mix (no token)'].entries()) {
    const attacker = result.attackers[i]!;
    console.log(
      `${name}: ${attacker.requests} answered, ${attacker.errors} errors, ` +
        `statuses ${JSON.stringify(attacker.statuses)}`,
    );
  }
  await app.close();
});
