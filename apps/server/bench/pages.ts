// `npm run bench:pages -w @lumiskin/server` (after `npm run build`): the server-rendered public
// pages (docs/decisions/013). For each page: requests per second and p99 when every request is a
// fresh render (a new query string each time, so the 5 s page cache never answers), and when the
// page cache answers (the same URL), beside the plain app shell (/dashboard, a file read).
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { contentSeeders, runSeeders } from '../src/seed';
import { buildBenchApp, withBenchPostgres } from './support';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 6);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const webDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

await withBenchPostgres('pages', async (pg) => {
  const app = await buildBenchApp(pg, 'bench', { webDist });
  await runSeeders(app.db, () => {}, contentSeeders);
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  const probe = await fetch(`${url}/shop`);
  if (!(await probe.text()).includes('id="ssr-state"'))
    throw new Error('/shop is not server-rendered: run `npm run build` first');

  let counter = 0;
  const targets = [
    { name: 'shell GET /dashboard', path: '/dashboard', fresh: false },
    ...['/', '/shop', '/learn'].flatMap((page) => [
      { name: `GET ${page} fresh render`, path: page, fresh: true },
      { name: `GET ${page} page cache`, path: page, fresh: false },
    ]),
  ];
  console.log(
    `autocannon: ${CONNECTIONS} connections, ${DURATION_S} s per row, ${os.cpus().length} CPUs, Node ${process.version}`,
  );
  const rows: { name: string; rps: number; p50: number; p99: number; bad: number; kb: number }[] =
    [];
  for (const target of targets) {
    const options = {
      url,
      connections: CONNECTIONS,
      headers: { 'accept-encoding': 'gzip' },
      requests: [
        {
          method: 'GET' as const,
          path: target.path,
          setupRequest: (request: { path: string }) =>
            target.fresh ? { ...request, path: `${target.path}?bench=${counter++}` } : request,
        },
      ],
    };
    await autocannon({ ...options, duration: 1 }); // warm-up: JIT, pools
    const result = await autocannon({ ...options, duration: DURATION_S });
    rows.push({
      name: target.name,
      rps: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      bad: result.non2xx + result.errors,
      kb: result.throughput.average / result.requests.average / 1024,
    });
  }
  console.log(
    `\n${'page'.padEnd(28)} ${'req/s'.padStart(7)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'KB gz'.padStart(6)} ${'errors'.padStart(7)}`,
  );
  for (const r of rows) {
    console.log(
      `${r.name.padEnd(28)} ${r.rps.toFixed(0).padStart(7)} ${r.p50.toFixed(1).padStart(7)} ${r.p99.toFixed(1).padStart(7)} ${r.kb.toFixed(1).padStart(6)} ${String(r.bad).padStart(7)}`,
    );
  }
  await app.close();
});
