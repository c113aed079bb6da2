// @ts-check
/**
 * What the first on-device analysis pays that a later one does not (decision 146): in a fresh
 * context, load the engine (no warm-up) and analyse the same pixels BENCH_ANALYSES times (3), with
 *   - a Chrome trace of the whole run (V8's compile, GC and WebAssembly events, the DevTools
 *     timeline's), read per thread: the engine's worker thread and the renderer's V8 helper
 *     threads (background compile, concurrent GC), self time per event name in each step;
 *   - a V8 CPU profile of the worker thread per analysis (DevTools protocol, attached to the
 *     worker's target as browser-engine-phases.mjs does), self time per kind (WebAssembly,
 *     JavaScript by source: the engine, Human, tfjs; GC; V8's own) and per function.
 * The step boundaries are user-timing marks made by the page (they share the trace's clock).
 * Function names need a build made without minifying:
 *
 *   npm run build && (cd apps/web && npx vite build --minify false --outDir dist-profile)
 *   BENCH_DIST=apps/web/dist-profile npm run bench:browser-engine:cold-profile -w @lumiskin/web
 *
 * BENCH_RUNS=n fresh contexts (each printed, then the medians), BENCH_THROTTLE=n (1 by default:
 * the profiler's clock does not stop with SIGSTOP), BENCH_TOP=n functions listed (25).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { benchPhotoPixels } from './photo.mjs';
import { startServer } from './server.mjs';
import { cpuMs, throttledScanPage } from './throttle.mjs';
import { workerSession } from './worker-session.mjs';
import {
  bundleModules,
  ENGINE_TRACE_CATEGORIES,
  profileKinds,
  traceSelfTimes,
} from './cold-profile-read.mjs';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(webRoot, '../..');
const THROTTLE = Number(process.env.BENCH_THROTTLE ?? 1);
const RUNS = Number(process.env.BENCH_RUNS ?? 1);
const ANALYSES = Number(process.env.BENCH_ANALYSES ?? 3);
const TOP = Number(process.env.BENCH_TOP ?? 25);
/** BENCH_TRACE=0: the CPU profiles alone (the trace's categories slow V8 down a little). */
const TRACE = process.env.BENCH_TRACE !== '0';
const dist = path.resolve(repoRoot, process.env.BENCH_DIST ?? 'apps/web/dist-profile');
const CATEGORIES = ENGINE_TRACE_CATEGORIES;
const attachedWorkers = new Set();

async function loadInPage(url) {
  performance.mark('bench:load:start');
  const module = await import(url);
  const engine = await module.getDeviceEngine();
  performance.mark('bench:load:end');
  globalThis.benchEngine = { engine };
}

async function analyseInPage({ width, height, step }) {
  const bytes = new Uint8Array(await (await fetch('/__bench/pixels.bin')).arrayBuffer());
  performance.mark(`bench:${step}:start`);
  const outcome = await globalThis.benchEngine.engine.analyse({
    image: { data: bytes, width, height, channels: 3 },
    analysisType: 'comprehensive',
  });
  performance.mark(`bench:${step}:end`);
  return { ok: outcome.ok };
}

/** Starts a trace on the browser's session; `stop()` resolves with its events. */
async function startTrace(browserSession) {
  /** @type {any[]} */
  const events = [];
  browserSession.on('Tracing.dataCollected', (e) => events.push(...e.value));
  await browserSession.send('Tracing.start', {
    transferMode: 'ReportEvents',
    traceConfig: { includedCategories: CATEGORIES, recordMode: 'recordAsMuchAsPossible' },
  });
  return {
    async stop() {
      const done = new Promise((resolve) =>
        browserSession.once('Tracing.tracingComplete', resolve),
      );
      await browserSession.send('Tracing.end');
      await done;
      return events;
    },
  };
}

async function run(browser, launched, url, client, photo, modules) {
  const context = await browser.newContext();
  await context.route('**/__bench/pixels.bin', (route) =>
    route.fulfill({ body: photo.pixels, contentType: 'application/octet-stream' }),
  );
  const { page, renderers, throttle } = await throttledScanPage(context, launched, url, THROTTLE);
  const browserSession = await browser.newBrowserCDPSession();
  try {
    const loadAverage = os.loadavg()[0] ?? Number.NaN;
    const trace = TRACE ? await startTrace(browserSession) : null;
    const steps = ['load', ...Array.from({ length: ANALYSES }, (_, i) => `a${i + 1}`)];
    /** @type {Record<string, number>} */
    const cpu = {};
    let before = cpuMs(renderers);
    const loading = page.evaluate(loadInPage, client);
    const session = await workerSession(browserSession, attachedWorkers);
    await session.send('Profiler.enable');
    await session.send('Profiler.setSamplingInterval', { interval: 100 });
    await loading;
    cpu.load = cpuMs(renderers) - before;
    const profiles = [];
    for (const step of steps.slice(1)) {
      await session.send('Profiler.start');
      before = cpuMs(renderers);
      const analysis = await page.evaluate(analyseInPage, { ...photo.size, step });
      cpu[step] = cpuMs(renderers) - before;
      const { profile } = /** @type {any} */ (await session.send('Profiler.stop'));
      if (!analysis.ok) throw new Error('the photo was refused');
      profiles.push(profileKinds(profile, modules));
    }
    const events = trace ? await trace.stop() : [];
    return {
      loadAverage,
      slowdown: throttle.slowdown,
      cpu,
      trace: traceSelfTimes(events, steps),
      profiles,
    };
  } finally {
    throttle.stop();
    await browserSession.detach().catch(() => undefined);
    await context.close();
  }
}

const ms = (/** @type {number | undefined} */ v) => String(Math.round(v ?? 0)).padStart(7);
const median = (/** @type {number[]} */ values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/** Rows "name  step1 step2 …" of the medians over runs, the largest first (by the first analysis). */
function table(title, steps, perRun, limit) {
  const by = Math.max(0, steps.indexOf('a1'));
  const names = new Set(perRun.flatMap((r) => Object.keys(r)));
  const rows = [...names].map((name) => ({
    name,
    values: steps.map((s, i) => median(perRun.map((r) => r[name]?.[i] ?? 0))),
  }));
  rows.sort((a, b) => (b.values[by] ?? 0) - (a.values[by] ?? 0));
  console.log(`\n${title}\n${''.padEnd(60)}${steps.map((s) => s.padStart(7)).join('')}`);
  for (const r of rows.slice(0, limit))
    if (r.values.some((v) => v >= 1))
      console.log(`${r.name.slice(0, 59).padEnd(60)}${r.values.map(ms).join('')}`);
}

async function main() {
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
  const client = `/${manifest['src/features/scan/engine/client.ts'].file}`;
  const workerFile = fs
    .readdirSync(path.join(dist, 'assets'))
    .find((f) => /^engine\.worker-.*\.js$/.test(f));
  const modules = workerFile
    ? bundleModules(fs.readFileSync(path.join(dist, 'assets', workerFile), 'utf8'))
    : [];
  const { pixels, size } = await benchPhotoPixels(repoRoot);
  const photo = { pixels, size };
  const server = await startServer({ webDist: dist });
  const launched = await chromium.launchServer({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
  });
  const browser = await chromium.connect(launched.wsEndpoint());
  const steps = ['load', ...Array.from({ length: ANALYSES }, (_, i) => `a${i + 1}`)];
  const results = [];
  console.log(
    `cold profile at ${THROTTLE}×, ${path.relative(repoRoot, dist)}, photo ${photo.size.width}×${photo.size.height}; ms (self time)`,
  );
  try {
    for (let r = 0; r < RUNS; r++) {
      const result = await run(browser, launched, server.url, client, photo, modules);
      results.push(result);
      console.log(
        `run ${r + 1}: load avg ${result.loadAverage.toFixed(1)}, slowdown ${result.slowdown.toFixed(1)}×, ` +
          `renderer CPU ${steps.map((s) => `${s} ${Math.round(result.cpu[s] ?? 0)}`).join(', ')}`,
      );
    }
  } finally {
    await browser.close();
    await launched.close();
    await server.stop();
  }
  // BENCH_JSON=file: every run's figures, for reading them apart.
  if (process.env.BENCH_JSON)
    fs.writeFileSync(process.env.BENCH_JSON, JSON.stringify({ steps, results }));
  const byThread = (thread) => results.map((r) => r.trace[thread] ?? {});
  if (TRACE) {
    table('worker thread, trace events (self time)', steps, byThread('worker'), TOP);
    table(
      "renderer's other threads (V8 helpers, compositor, main), trace events",
      steps,
      byThread('other'),
      TOP,
    );
  }
  const analyses = steps.slice(1);
  table(
    'worker CPU profile per analysis: kinds',
    analyses,
    results.map((r) => transpose(r.profiles, 'kinds')),
    TOP,
  );
  table(
    'worker CPU profile per analysis: functions (self)',
    analyses,
    results.map((r) => transpose(r.profiles, 'functions')),
    TOP,
  );
}

/** [{ kinds: { k: v } }, …] → { k: [v per analysis] }. */
function transpose(profiles, key) {
  /** @type {Record<string, number[]>} */
  const out = {};
  profiles.forEach((p, i) => {
    for (const [name, v] of Object.entries(p[key]))
      (out[name] ??= Array(profiles.length).fill(0))[i] = v;
  });
  return out;
}

await main();
