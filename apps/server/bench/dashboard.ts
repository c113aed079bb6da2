// `npm run bench:dashboard -w @lumiskin/server`: latency of the dashboard's two reads (stats and
// the scan history page) for one user while the analyses table holds 1,000 and then 200,000 scans,
// almost all of other people. Both reads go through analyses_user_created_idx, so the larger table
// may cost at most 2x the smaller (the bar); the script exits non-zero beyond that.
import { sql, type SQL } from 'drizzle-orm';
import { insertScan } from '../test/scan-factory';
import { buildBenchApp, createBenchUser, withBenchPostgres, type BenchPostgres } from './support';

const OWN_SCANS = 100;
const OTHER_USERS = 200;
const SIZES = [1_000, 200_000];
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 300);
const MAX_RATIO = 2;

let failed = false;
const ROUTES = [
  { name: 'GET /api/dashboard/stats', url: '/api/dashboard/stats' },
  { name: 'GET /api/analysis/history?limit=20', url: '/api/analysis/history?limit=20' },
];

/** A migrated database whose analyses table holds `size` scans, OWN_SCANS of them the bench user's. */
async function setUp(pg: BenchPostgres, size: number) {
  const name = `bench_${size}`;
  const app = await buildBenchApp(pg, name);
  const { userId, headers } = await createBenchUser(app);
  const user = { id: userId };
  const template = await insertScan(app.db, user.id, {
    createdAt: new Date(Date.now() - 200 * 86_400_000),
  });
  await app.db.execute(sql`
    insert into users (name, email, password_hash)
    select 'Other ' || g, 'other' || g || '@example.test', 'x' from generate_series(1, ${OTHER_USERS}) g`);
  const copy = (owner: SQL, count: number) =>
    app.db.execute(sql`
      insert into analyses (user_id, created_at, analysis_type, analysis_source, location, place, environment,
        concerns, scores, overall_score, findings, routine, recommendation, report_text, report_source,
        regions, details, angles, engine_ms)
      select ${owner}, now() - (g % 2000) * interval '1 hour', t.analysis_type, t.analysis_source,
        t.location, t.place, t.environment, t.concerns, t.scores, 40 + g % 60, t.findings, t.routine,
        t.recommendation, t.report_text, t.report_source, t.regions, t.details, t.angles, t.engine_ms
      from generate_series(1, ${count}) g, analyses t where t.id = ${template.id}`);
  // Other people's scans first and last, the bench user's in the middle: no lucky page locality.
  const others = sql`(select id from users where email = 'other' || (1 + g % ${OTHER_USERS}) || '@example.test')`;
  const half = Math.floor((size - OWN_SCANS) / 2);
  await copy(others, half);
  await copy(sql`${user.id}::uuid`, OWN_SCANS - 1);
  await copy(others, size - OWN_SCANS - half);
  await app.db.execute(sql`vacuum analyze analyses`);
  const plan = await app.db.execute<{ 'QUERY PLAN': string }>(sql`
    explain select id, created_at, scores from analyses where user_id = ${user.id}
    order by created_at desc, id desc limit 20`);
  console.log(`${size} rows, history plan: ${plan.map((r) => r['QUERY PLAN'].trim()).join(' | ')}`);
  return { size, app, headers };
}

await withBenchPostgres('dashboard', async (pg) => {
  const setups = [];
  for (const size of SIZES) setups.push(await setUp(pg, size));
  const times = new Map<string, number[]>();
  const key = (route: string, size: number) => `${route}@${size}`;
  // Rounds alternate between the two databases so load from anything else on the machine
  // lands on both sizes alike.
  for (const { app, headers } of setups) {
    for (const route of ROUTES)
      for (let i = 0; i < 30; i++) await app.inject({ method: 'GET', url: route.url, headers });
  }
  for (let round = 0; round < ITERATIONS / 10; round++) {
    for (const { app, headers, size } of setups) {
      for (const route of ROUTES) {
        for (let i = 0; i < 10; i++) {
          const started = performance.now();
          const res = await app.inject({ method: 'GET', url: route.url, headers });
          const ms = performance.now() - started;
          if (res.statusCode !== 200)
            throw new Error(`${route.url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
          const list = times.get(key(route.name, size)) ?? [];
          list.push(ms);
          times.set(key(route.name, size), list);
        }
      }
    }
  }
  const stat = (list: number[], q: number) => {
    const sorted = [...list].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  };
  console.log(`\n${ITERATIONS} requests per route and size, one user with ${OWN_SCANS} scans`);
  for (const route of ROUTES) {
    const [small, large] = SIZES.map((size) => times.get(key(route.name, size))!);
    for (const [size, list] of [
      [SIZES[0]!, small!],
      [SIZES[1]!, large!],
    ] as const) {
      console.log(
        `  ${route.name.padEnd(36)} ${String(size).padStart(7)} rows: median ${stat(list, 0.5).toFixed(2)} ms, p95 ${stat(list, 0.95).toFixed(2)} ms`,
      );
    }
    const ratio = stat(large!, 0.5) / stat(small!, 0.5);
    console.log(
      `  ${''.padEnd(36)} ratio ${ratio.toFixed(2)}x (limit ${MAX_RATIO}x) ${ratio <= MAX_RATIO ? 'ok' : 'TOO SLOW'}`,
    );
    if (ratio > MAX_RATIO) failed = true;
  }
  for (const { app } of setups) await app.close();
});
process.exit(failed ? 1 : 0);
