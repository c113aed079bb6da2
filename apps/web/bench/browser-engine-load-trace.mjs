// @ts-check
/**
 * The engine's load alone, run after run in fresh contexts (decision 149): for each run the wall
 * time, the renderer's CPU, the engine's worker thread's CPU and every thread's by name (/proc,
 * × the throttle), when each of the engine's files was asked for and arrived, and, with a trace,
 * the worker thread's trace events (self time per name) and the longest events of every thread,
 * so one load can be read beside another.
 *
 *   npm run build
 *   npm run bench:browser-engine:load-trace -w @lumiskin/web
 *
 * BENCH_RUNS=n (6), BENCH_THROTTLE=n (1), BENCH_DIST=dir (apps/web/dist) or BENCH_DISTS=label=dir,…
 * (alternated run by run), BENCH_TRACE=0 (no trace: a trace with V8's compile categories slows the
 * worker), BENCH_CATEGORIES=a,b (the trace's), BENCH_SW=allow|ready|block (below), BENCH_TOP=n
 * (20), BENCH_JSON=file: every run's figures.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startServer } from './server.mjs';
import { cpuMs, threadCpu, threadCpuDelta, throttledScanPage } from './throttle.mjs';
import { ENGINE_TRACE_CATEGORIES, traceSelfTimes } from './cold-profile-read.mjs';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(webRoot, '../..');
const THROTTLE = Number(process.env.BENCH_THROTTLE ?? 1);
const RUNS = Number(process.env.BENCH_RUNS ?? 6);
const TOP = Number(process.env.BENCH_TOP ?? 20);
/** BENCH_TRACE=0: no trace (it slows the worker and changes the race): CPU per thread name instead. */
const TRACE = process.env.BENCH_TRACE !== '0';
/**
 * BENCH_SW: `allow` (default: the service worker registers and precaches as on a first visit,
 * alongside the load), `ready` (the load starts once it is active and controls the page: a
 * returning visitor's first scan on this device), `returning` (as `ready`, after BENCH_VISITS
 * (1) earlier loads of the engine in the same context, each in a page of its own: a returning
 * visitor's next scan, its files from the service worker's engine cache and V8's code cache
 * wherever Chromium made one; decision 153), `block` (no service worker).
 */
const SW = process.env.BENCH_SW ?? 'allow';
const VISITS = Number(process.env.BENCH_VISITS ?? 1);
const dist = path.resolve(repoRoot, process.env.BENCH_DIST ?? 'apps/web/dist');
const CATEGORIES = process.env.BENCH_CATEGORIES?.split(',') ?? [
  ...ENGINE_TRACE_CATEGORIES,
  'loading',
  'netlog',
];

async function loadInPage(url) {
  performance.mark('bench:load:start');
  const module = await import(url);
  await module.getDeviceEngine();
  performance.mark('bench:load:end');
}

/** The thread names of a trace, by pid:tid. */
function threadNames(events) {
  const names = new Map();
  for (const e of events)
    if (e.ph === 'M' && e.name === 'thread_name') names.set(`${e.pid}:${e.tid}`, e.args?.name);
  return names;
}

/** The longest complete events in the load's window, per thread name, with their start (ms). */
function longest(events, limit) {
  const names = threadNames(events);
  const start = events.find((e) => e.name === 'bench:load:start')?.ts;
  const end = events.find((e) => e.name === 'bench:load:end')?.ts;
  if (start === undefined || end === undefined) return [];
  return events
    .filter((e) => e.ph === 'X' && e.ts >= start && e.ts < end && (e.dur ?? 0) >= 5000)
    .map((e) => ({
      thread: names.get(`${e.pid}:${e.tid}`) ?? `${e.tid}`,
      name: e.name,
      at: Math.round((e.ts - start) / 1000),
      ms: Math.round(e.dur / 1000),
      args: JSON.stringify(e.args?.data ?? e.args ?? {}).slice(0, 120),
    }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, limit);
}

/** The CPU (ms) each thread name spent between two `threadCpu` readings (threads alive at the end). */
function cpuByThreadName(before, after) {
  /** @type {Record<string, number>} */
  const out = {};
  for (const [key, now] of after) {
    let name = key;
    try {
      name = fs.readFileSync(`/proc/${key.replace('/', '/task/')}/comm`, 'utf8').trim();
    } catch {
      /* ended since */
    }
    const ms = THROTTLE * (now - (before.get(key) ?? 0));
    if (ms > 0) out[name] = (out[name] ?? 0) + ms;
  }
  return out;
}

async function run(browser, launched, url, client) {
  const context = await browser.newContext({ serviceWorkers: SW === 'block' ? 'block' : 'allow' });
  const controlled = (/** @type {import('playwright-core').Page} */ page) =>
    page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      while (!navigator.serviceWorker.controller) await new Promise((r) => setTimeout(r, 50));
    });
  const ready = async (/** @type {import('playwright-core').Page} */ page) => {
    if (SW !== 'ready' && SW !== 'returning') return;
    await controlled(page);
    if (SW !== 'returning') return;
    for (let visit = 0; visit < VISITS; visit++) {
      // An earlier visit's scan: the engine loaded (its files kept by the service worker), then
      // the page left and opened again; the measured load is the next one.
      await page.evaluate(loadInPage, client);
      await page.reload({ waitUntil: 'networkidle' });
      await controlled(page);
    }
  };
  const { page, renderers, throttle } = await throttledScanPage(
    context,
    launched,
    url,
    THROTTLE,
    ready,
  );
  const browserSession = await browser.newBrowserCDPSession();
  try {
    /** @type {any[]} */
    const events = [];
    browserSession.on('Tracing.dataCollected', (e) => events.push(...e.value));
    if (TRACE)
      await browserSession.send('Tracing.start', {
        transferMode: 'ReportEvents',
        traceConfig: { includedCategories: CATEGORIES, recordMode: 'recordAsMuchAsPossible' },
      });
    // The engine's files (start +, end −, ms after the load began) and how many other requests
    // the load overlapped (the service worker's precache on a first visit).
    /** @type {string[]} */
    const requests = [];
    let others = 0;
    const t0 = Date.now();
    const log = (/** @type {string} */ sign) => (/** @type {any} */ r) => {
      const file = path.basename(new URL(r.url()).pathname);
      if (/^engine\.worker|\.(wasm|bin|json)$/.test(file))
        requests.push(`${Date.now() - t0}${sign}${file.replace(/-[\w-]{8}\.js$/, '.js')}`);
      else if (sign === '+') others++;
    };
    context.on('request', log('+'));
    context.on('requestfinished', log('-'));
    const threadsBefore = threadCpu(renderers, '');
    const loadAverage = os.loadavg()[0] ?? Number.NaN;
    const cpu = cpuMs(renderers);
    const worker = threadCpu(renderers, 'DedicatedWorker');
    const t = Date.now();
    await page.evaluate(loadInPage, client);
    const wall = Date.now() - t;
    const figures = {
      loadAverage,
      slowdown: throttle.slowdown,
      wall,
      rendererCpu: THROTTLE * (cpuMs(renderers) - cpu),
      workerCpu: THROTTLE * threadCpuDelta(worker, threadCpu(renderers, 'DedicatedWorker')),
    };
    throttle.stop();
    const threads = cpuByThreadName(threadsBefore, threadCpu(renderers, ''));
    if (!TRACE) return { ...figures, threads, requests, others, self: { worker: {} }, longest: [] };
    const done = new Promise((resolve) => browserSession.once('Tracing.tracingComplete', resolve));
    await browserSession.send('Tracing.end');
    await done;
    const self = traceSelfTimes(events, ['load']);
    const compiles = events
      .filter((e) => /compileModule|compileScript|parseOnBackground|StreamingCompile/i.test(e.name))
      .map(
        (e) =>
          `${e.name}@${threadNames(events).get(`${e.pid}:${e.tid}`)}:${path.basename(String(e.args?.data?.url ?? '')).slice(0, 24)}:` +
          `${e.args?.data?.streamed ?? ''}:${e.args?.data?.notStreamedReason ?? ''}:${Math.round((e.dur ?? 0) / 1000)}`,
      );
    return { ...figures, threads, requests, others, compiles, self, longest: longest(events, TOP) };
  } finally {
    throttle.stop();
    await browserSession.detach().catch(() => undefined);
    await context.close();
  }
}

const median = (/** @type {number[]} */ values) => {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

/** BENCH_DISTS=label=dir,… alternates builds run by run (one server each); default BENCH_DIST. */
function builds() {
  const spec = process.env.BENCH_DISTS;
  if (!spec) return [{ label: path.basename(dist), dir: dist }];
  return spec.split(',').map((entry) => {
    const [label, dir] = entry.split('=');
    if (!label || !dir) throw new Error(`BENCH_DISTS entry "${entry}" is not label=dir`);
    return { label, dir: path.resolve(dir) };
  });
}

async function main() {
  const list = [];
  for (const build of builds()) {
    const manifest = JSON.parse(
      fs.readFileSync(path.join(build.dir, '.vite/manifest.json'), 'utf8'),
    );
    const server = await startServer({ webDist: build.dir });
    const client = `/${manifest['src/features/scan/engine/client.ts'].file}`;
    list.push({ ...build, server, client, results: /** @type {any[]} */ ([]) });
  }
  const launched = await chromium.launchServer({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
  });
  const browser = await chromium.connect(launched.wsEndpoint());
  console.log(`the engine's load at ${THROTTLE}×, service worker: ${SW}, trace: ${TRACE}`);
  try {
    for (let r = 0; r < RUNS; r++) {
      for (const build of list) {
        const result = await run(browser, launched, build.server.url, build.client);
        build.results.push(result);
        const top = Object.entries(result.self.worker)
          .map(([name, [v]]) => [name, v ?? 0])
          .sort((a, b) => Number(b[1]) - Number(a[1]))
          .slice(0, TOP)
          .map(([name, v]) => `    ${String(Math.round(Number(v))).padStart(6)}  ${name}`)
          .join('\n');
        console.log(
          `${build.label} run ${r + 1}: load avg ${result.loadAverage.toFixed(1)}, slowdown ${result.slowdown.toFixed(1)}×, ` +
            `wall ${result.wall}, renderer CPU ${result.rendererCpu}, worker CPU ${result.workerCpu}\n` +
            `  threads: ${JSON.stringify(result.threads)}\n  engine requests: ${result.requests.join(' ')}; ${result.others} others` +
            (TRACE
              ? `\n  compiles: ${(result.compiles ?? []).join('\n    ')}\n` +
                `  worker thread, self ms:\n${top}\n  longest events:\n` +
                result.longest
                  .map(
                    (e) =>
                      `    ${String(e.ms).padStart(6)} @${e.at} ${e.thread}: ${e.name} ${e.args}`,
                  )
                  .join('\n')
              : ''),
        );
      }
    }
  } finally {
    await browser.close();
    await launched.close();
    for (const build of list) await build.server.stop();
  }
  for (const build of list) {
    const m = (/** @type {(r: any) => number} */ pick) =>
      Math.round(median(build.results.map(pick)));
    console.log(
      `${build.label}: medians of ${build.results.length} — load wall ${m((r) => r.wall)}, ` +
        `renderer CPU ${m((r) => r.rendererCpu)}, worker CPU ${m((r) => r.workerCpu)}`,
    );
  }
  if (process.env.BENCH_JSON)
    fs.writeFileSync(
      process.env.BENCH_JSON,
      JSON.stringify(list.map((b) => ({ label: b.label, results: b.results }))),
    );
}

await main();
