// `npm run bench:api -w @lumiskin/server` (issue 33): the production build (dist/server.js, as
// `npm start` runs it, NODE_ENV=production) and a bare Fastify route, each in its own process,
// loaded in turn by autocannon from this one. A bare run comes before every route and after the
// last, and each route's share is its req/s over the mean of the two bare runs around it, so load
// from anything else on the machine lands on both alike: on a shared machine the ratios are the
// figures to read, not the absolute req/s. While a route runs, pg_stat_activity is sampled every
// 50 ms for the app's pool: how many of its connections are busy (the pool's saturation).
// Requests ask as a browser does (`accept-encoding: gzip, deflate, br`: the app's cached public
// answers are kept compressed); BENCH_ENCODING=identity measures uncompressed answers.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import postgres from 'postgres';
import { createDbClient } from '../src/db/client';
import { ensureDatabase } from '../src/db/migrate';
import { insertScan } from '../test/scan-factory';
import { withBenchPostgres } from './support';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
/** The app's pool size (src/db/client.ts). */
const POOL_MAX = 10;
const SCANS = 60;
const serverRoot = path.resolve(import.meta.dirname, '..');

interface Target {
  name: string;
  path: string;
  signedIn: boolean;
  /** The issue's bar: share of the bare route's req/s. */
  target: number;
}
const TARGETS: Target[] = [
  { name: 'GET /api/shop/products', path: '/api/shop/products', signedIn: false, target: 0.5 },
  { name: 'GET /api/blog/posts', path: '/api/blog/posts', signedIn: false, target: 0.5 },
  { name: 'GET /api/auth/me (signed in)', path: '/api/auth/me', signedIn: true, target: 0.35 },
  {
    name: 'GET /api/dashboard/stats (signed in)',
    path: '/api/dashboard/stats',
    signedIn: true,
    target: 0.2,
  },
];
const P99_LIMIT_MS = 100;
// BENCH_ONLY=products,me runs only the routes whose path contains one of the words;
// BENCH_CPU_PROF_DIR=dir writes the app's CPU profile there (node --cpu-prof) when it stops.
// BENCH_SHOW_HEADERS=1 prints each answer's status line and headers.
// BENCH_SERVER=path runs another build of the app (e.g. an older one, to compare in turn).
// BENCH_SERVER_B=path runs a second build beside it on the same database and measures each route
// on both, in turn within the same minute (A then B, B then A in the next round), every run with
// a bare run after it: a shared machine's load lands on both builds alike (decision 145).
// BENCH_ROUNDS=n measures the routes n times (default 1).
// BENCH_SAME_SIZE=1 also measures, after each route and the bare run after it, the bare Fastify
// process sending a body of that route's size and kind (random bytes when the answer came
// compressed, JSON text when not): the share of bare that the answer's bytes alone allow, with
// none of the app's work (the client's read and the socket's copy; decision 154), and the route's
// share of that.
// BENCH_RATE=n sends the routes' requests at n per second in all (autocannon's overallRate; the
// bare runs stay unbounded): every build and route then answers as many requests per wake-up, so
// their CPU µs per answer compare the server's work alone. At full speed a bigger answer costs the
// client more to read, which lowers the rate and with it the requests the server handles per
// wake-up, and its CPU per answer rises with no more work per answer (decision 154). The shares
// of bare are then meaningless; read the CPU column.
const only = process.env.BENCH_ONLY?.split(',').filter(Boolean);
const routes = only ? TARGETS.filter((t) => only.some((word) => t.path.includes(word))) : TARGETS;
const cpuProfDir = process.env.BENCH_CPU_PROF_DIR;
const ENCODING = process.env.BENCH_ENCODING ?? 'gzip, deflate, br';
const RATE = process.env.BENCH_RATE ? Number(process.env.BENCH_RATE) : undefined;
const SAME_SIZE = Boolean(process.env.BENCH_SAME_SIZE);
const mean = (list: number[]) => list.reduce((a, b) => a + b, 0) / Math.max(1, list.length);

/** Starts `node args…` and resolves with the first capture of `ready` in its output. */
function startProcess(
  name: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  ready: RegExp,
): Promise<{ child: ChildProcess; match: string }> {
  const child = spawn(process.execPath, args, { cwd: serverRoot, env, stdio: 'pipe' });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${name} not ready in 120 s:\n${output}`)),
      120_000,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const found = ready.exec(output);
      if (found) {
        clearTimeout(timer);
        resolve({ child, match: found[1]! });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited (${code}):\n${output}`));
    });
  });
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

interface Row {
  target: Target;
  /** The build that answered, when two are compared (BENCH_SERVER_B). */
  build?: string;
  rps: number;
  p99: number;
  /** Bytes per answer, headers included (autocannon's throughput over its req/s). */
  bytes: number;
  bad: number;
  busyMean: number;
  busyMax: number;
  /** The app's own CPU time (user + system) per answer: what load elsewhere changes least. */
  cpuUs: number;
}

/** A process's CPU time so far (user + system, /proc/<pid>/stat), in µs; NaN off Linux. */
function cpuTimeUs(pid: number | undefined): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime (fields 14 and 15 of the line) in clock ticks of 10 ms (CLK_TCK 100)
    return (Number(fields[11]) + Number(fields[12])) * 10_000;
  } catch {
    return Number.NaN;
  }
}

/** Busy connections of the app's pool, sampled every 50 ms until stopped. */
function samplePool(monitor: postgres.Sql) {
  const samples: number[] = [];
  let running = true;
  const done = (async () => {
    while (running) {
      const [row] = await monitor<{ busy: number }[]>`
        select count(*) filter (where state <> 'idle')::int as busy from pg_stat_activity
        where application_name = 'lumiskin' and pid <> pg_backend_pid()`;
      samples.push(row?.busy ?? 0);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  return async () => {
    running = false;
    await done;
    return samples;
  };
}

/** A signed-in person with SCANS scans over the last weeks (the dashboard reads them); their token. */
async function benchPerson(appUrl: string, databaseUrl: string): Promise<string> {
  const registered = await fetch(`${appUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Bench Person',
      email: 'bench@example.test',
      password: 'bench-password-2026',
      confirmPassword: 'bench-password-2026',
    }),
  });
  if (registered.status !== 201) throw new Error(`register: ${registered.status}`);
  const { user, access_token: token } = (await registered.json()) as {
    user: { id: string };
    access_token: string;
  };
  const writer = createDbClient(databaseUrl, { max: 1 });
  for (let i = 0; i < SCANS; i++) {
    await insertScan(writer.db, user.id, {
      createdAt: new Date(Date.now() - i * 18 * 3_600_000),
      overallScore: 50 + (i % 40),
    });
  }
  await writer.close();
  return token;
}

/** The table: each route beside the bare runs around it, with its verdict. */
function printTable(rows: Row[], bareRps: number[], bareP99: number[]) {
  const line = (cells: string[]) =>
    console.log(
      cells
        .map((cell, i) => (i === 0 ? cell.padEnd(44) : cell.padStart(i === 6 ? 14 : 9)))
        .join(' '),
    );
  console.log(`\nbare runs, req/s: ${bareRps.map((r) => r.toFixed(0)).join(', ')}`);
  line([
    'route',
    'req/s',
    'p99 ms',
    'kB/answer',
    'vs bare',
    'target',
    'pool busy',
    'errors',
    'CPU µs/req',
    'verdict',
  ]);
  line([
    'bare Fastify GET /hello (mean)',
    mean(bareRps).toFixed(0),
    `${Math.max(...bareP99)}`,
    '',
    '1.00',
  ]);
  let missed = 0;
  rows.forEach((row, i) => {
    const baseline = (bareRps[i]! + bareRps[i + 1]!) / 2;
    const share = row.rps / baseline;
    const ok = share >= row.target.target && row.p99 < P99_LIMIT_MS && row.bad === 0;
    if (!ok) missed++;
    line([
      row.build ? `${row.target.name} [${row.build}]` : row.target.name,
      row.rps.toFixed(0),
      row.p99.toFixed(0),
      (row.bytes / 1024).toFixed(1),
      share.toFixed(2),
      `≥${row.target.target.toFixed(2)}`,
      `${row.busyMean.toFixed(1)} (max ${row.busyMax}) of ${POOL_MAX}`,
      String(row.bad),
      row.cpuUs.toFixed(0),
      ok ? 'ok' : 'MISSED',
    ]);
  });
  console.log(
    `\n${missed === 0 ? 'every route met its target' : `${missed} route(s) missed the target`} ` +
      `(share of bare req/s, p99 < ${P99_LIMIT_MS} ms, no errors)`,
  );
}

/**
 * BENCH_SAME_SIZE: each run's share of bare beside the share the bare process reached sending a
 * body like the route's right after it (read against the bare run between them), and the route's
 * req/s over that same-size run's: how near the route is to what its bytes alone allow.
 */
function printSameSize(
  rows: Row[],
  bareRps: number[],
  sameSizeRps: number[],
  answerBody: Map<Target, { bytes: number; kind: string }>,
) {
  console.log('\nthe same bytes from bare Fastify (no app), run right after each route:');
  rows.forEach((row, i) => {
    const same = sameSizeRps[i];
    const body = answerBody.get(row.target);
    if (same === undefined || !body) return;
    const share = row.rps / ((bareRps[i]! + bareRps[i + 1]!) / 2);
    console.log(
      `  ${row.target.name.padEnd(38)} ${`${body.bytes} B ${body.kind}`.padEnd(16)}` +
        ` route ${share.toFixed(2)} of bare, the same bytes ${(same / bareRps[i + 1]!).toFixed(2)},` +
        ` route / same bytes ${(row.rps / same).toFixed(2)}`,
    );
  });
}

/** With two builds: each route's median share of bare and CPU µs per answer, build by build. */
function printComparison(rows: Row[], bareRps: number[]) {
  const median = (list: number[]) => {
    const sorted = [...list].sort((a, b) => a - b);
    const mid = sorted.length >> 1;
    return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  };
  const shares = rows.map((row, i) => row.rps / ((bareRps[i]! + bareRps[i + 1]!) / 2));
  console.log('\nmedians, build by build (share of bare / CPU µs per answer; each run listed):');
  for (const target of routes) {
    const cells = [...new Set(rows.map((row) => row.build!))].map((build) => {
      const mine = rows.flatMap((row, i) =>
        row.target === target && row.build === build ? [{ share: shares[i]!, cpu: row.cpuUs }] : [],
      );
      const list = mine.map((run) => `${run.share.toFixed(2)}/${run.cpu.toFixed(0)}`).join(' ');
      return (
        `${build} ${median(mine.map((run) => run.share)).toFixed(2)} / ` +
        `${median(mine.map((run) => run.cpu)).toFixed(0)} µs (${list})`
      );
    });
    console.log(`  ${target.name.padEnd(38)} ${cells.join('   ')}`);
  }
}

/**
 * One answer's bytes on the wire (status line and headers, then the body as sent, compressed and
 * chunked as it came), for one request over a fresh connection as a browser asks.
 */
function wireBytes(url: string, headers: Record<string, string>) {
  const { hostname, port, pathname, search } = new URL(url);
  const lines = [
    `GET ${pathname}${search} HTTP/1.1`,
    `host: ${hostname}:${port}`,
    'connection: close',
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ];
  return new Promise<{ head: number; body: number; status: string; text: string }>(
    (resolve, reject) => {
      const chunks: Buffer[] = [];
      const socket = net.connect(Number(port), hostname, () => {
        socket.write(`${lines.join('\r\n')}\r\n\r\n`);
      });
      socket.on('data', (chunk: Buffer) => chunks.push(chunk));
      socket.on('error', reject);
      socket.on('end', () => {
        const all = Buffer.concat(chunks);
        const head = all.indexOf('\r\n\r\n') + 4;
        resolve({
          head,
          body: all.length - head,
          status: all.subarray(9, 12).toString(),
          text: all.subarray(0, head).toString(),
        });
      });
    },
  );
}

const distServers = [process.env.BENCH_SERVER ?? 'dist/server.js', process.env.BENCH_SERVER_B]
  .filter((file): file is string => Boolean(file))
  .map((file) => path.resolve(serverRoot, file));
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1);
for (const distServer of distServers) {
  if (!fs.existsSync(distServer)) {
    console.error(
      `No production build at ${distServer}: run \`npm run build -w @lumiskin/server\`.`,
    );
    process.exit(1);
  }
}
/** A build's short name: its folder under dist (`old`, `new`), or the file's name. */
const buildName = (file: string) =>
  path.basename(path.dirname(file)) === 'dist'
    ? path.basename(file)
    : path.basename(path.dirname(file));

/** The production build `distServer` on `databaseUrl`; resolves once it listens. */
function startApp(distServer: string, databaseUrl: string, dataDir: string) {
  return startProcess(
    'app',
    [
      ...(cpuProfDir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(cpuProfDir)}`] : []),
      distServer,
    ],
    {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      // the bench measures the work, not the per-IP limit
      RATE_LIMIT_MAX: '1000000000',
      SCAN_WORKERS_MIN: '0',
      NOTIFICATIONS_INTERVAL_S: '0',
      PHOTO_SWEEP_INTERVAL_S: '0',
      ...(process.env.BENCH_REDIS_URL && { REDIS_URL: process.env.BENCH_REDIS_URL }),
    },
    /Lumiskin is running at http:\/\/localhost:(\d+)/,
  );
}

await withBenchPostgres('api', async (pg) => {
  await ensureDatabase(pg.url(), 'lumiskin');
  const databaseUrl = pg.url('lumiskin');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lumiskin-bench-api-'));
  const children: ChildProcess[] = [];
  const monitor = postgres(pg.url('lumiskin'), { max: 1, onnotice: () => {} });
  try {
    // Each build its own DATA_DIR (photos), all on the one database.
    const apps: { name: string; child: ChildProcess; url: string }[] = [];
    for (const distServer of distServers) {
      const started = await startApp(distServer, databaseUrl, fs.mkdtempSync(`${dataDir}/app-`));
      children.push(started.child);
      apps.push({
        name: buildName(distServer),
        child: started.child,
        url: `http://127.0.0.1:${started.match}`,
      });
    }
    const bare = await startProcess(
      'bare',
      ['bench/bare-server.mjs'],
      process.env,
      /at (http:\S+)/,
    );
    children.push(bare.child);
    const appUrl = apps[0]!.url;
    const bareUrl = `${bare.match}/hello`;

    const token = await benchPerson(appUrl, databaseUrl);

    /** Autocannon's result and the CPU time `pid` spent per answer (after a 1 s warm-up). */
    const load = async (
      url: string,
      pid: number | undefined,
      headers: Record<string, string> = {},
      overallRate?: number,
    ) => {
      const rate = overallRate === undefined ? {} : { overallRate };
      await autocannon({ url, connections: CONNECTIONS, duration: 1, headers, ...rate });
      const cpuBefore = cpuTimeUs(pid);
      const result = await autocannon({
        url,
        connections: CONNECTIONS,
        duration: DURATION_S,
        headers,
        ...rate,
      });
      const answers = Math.max(1, result.requests.total);
      return { result, cpuUs: (cpuTimeUs(pid) - cpuBefore) / answers };
    };

    console.log(
      `autocannon: ${CONNECTIONS} connections, ${DURATION_S} s per run, ${os.cpus().length} CPUs, ` +
        `load average ${os.loadavg()[0]!.toFixed(1)}, Node ${process.version}, production build, accept-encoding: ${ENCODING}` +
        (RATE ? `, routes at ${RATE} req/s` : '') +
        (process.env.BENCH_REDIS_URL ? ', with Redis' : ''),
    );
    console.log('bytes on the wire per answer (headers + body):');
    /** Each route's answer body: its length and whether it came compressed (BENCH_SAME_SIZE). */
    const answerBody = new Map<Target, { bytes: number; kind: 'random' | 'ascii' }>();
    for (const target of routes) {
      const wire = await wireBytes(`${appUrl}${target.path}`, {
        'accept-encoding': ENCODING,
        ...(target.signedIn && { authorization: `Bearer ${token}` }),
      });
      console.log(
        `  ${target.name.padEnd(38)} ${wire.status}  headers ${wire.head} B + body ${wire.body} B` +
          ` = ${wire.head + wire.body} B`,
      );
      answerBody.set(target, {
        bytes: wire.body,
        kind: /^content-encoding:/im.test(wire.text) ? 'random' : 'ascii',
      });
      if (process.env.BENCH_SHOW_HEADERS)
        console.log(wire.text.replace(/\r/g, '').trimEnd().replace(/^/gm, '    '));
    }
    const bareRps: number[] = [];
    const bareCpuUs: number[] = [];
    const bareP99: number[] = [];
    const rows: Row[] = [];
    /** BENCH_SAME_SIZE: per row, the bare process's req/s for a body like the row's answer. */
    const sameSizeRps: number[] = [];
    const measureBare = async () => {
      const { result, cpuUs } = await load(bareUrl, bare.child.pid);
      bareCpuUs.push(cpuUs);
      bareRps.push(result.requests.average);
      bareP99.push(result.latency.p99);
    };
    await measureBare();
    for (let round = 0; round < ROUNDS; round++) {
      // With two builds, the one measured first alternates from round to round.
      const order = round % 2 === 0 ? apps : [...apps].reverse();
      for (const target of routes) {
        const headers: Record<string, string> = {
          'accept-encoding': ENCODING,
          ...(target.signedIn && { authorization: `Bearer ${token}` }),
        };
        for (const app of order) {
          const stop = samplePool(monitor);
          const { result, cpuUs } = await load(
            `${app.url}${target.path}`,
            app.child.pid,
            headers,
            RATE,
          );
          const samples = await stop();
          rows.push({
            target,
            ...(apps.length > 1 && { build: app.name }),
            rps: result.requests.average,
            p99: result.latency.p99,
            bytes: result.throughput.average / Math.max(1, result.requests.average),
            bad: result.non2xx + result.errors + result.timeouts,
            busyMean: mean(samples),
            busyMax: Math.max(0, ...samples),
            cpuUs,
          });
          await measureBare();
          const body = answerBody.get(target);
          if (SAME_SIZE && body) {
            const sameUrl = `${bare.match}/bytes/${body.kind}/${body.bytes}`;
            const { result: same } = await load(sameUrl, bare.child.pid);
            sameSizeRps.push(same.requests.average);
          }
        }
      }
    }

    printTable(rows, bareRps, bareP99);
    if (apps.length > 1) printComparison(rows, bareRps);
    if (SAME_SIZE) printSameSize(rows, bareRps, sameSizeRps, answerBody);
    console.log(`bare Fastify CPU µs/req: ${bareCpuUs.map((us) => us.toFixed(0)).join(', ')}`);
    console.log(`load average at the end ${os.loadavg()[0]!.toFixed(1)}`);
  } finally {
    for (const child of children.reverse()) await stopProcess(child);
    await monitor.end({ timeout: 5 });
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
