// @ts-check
/**
 * Where the browser's analysis spends its time (decision 133), phase by phase, on the same pixels
 * as Node's `npm run bench:phases -w @lumiskin/skin-engine`: the bench photo brought to the
 * analysed size (long side 1600 px, JPEG quality 90) and decoded by sharp, handed to the worker as
 * raw RGB (so the decode is apart: it is timed on its own with decodePhoto on the same JPEG). In a
 * fresh context: load the engine (no warm-up), then analyse three times, each analysis profiled in
 * the worker with V8's CPU profiler (DevTools protocol, attached to the worker's target) and broken
 * into phases by packages/skin-engine/bench/profile-phases.mjs. The phases need function names:
 * profile a build made without minifying,
 *
 *   npm run build && (cd apps/web && npx vite build --minify false --outDir dist-profile)
 *   BENCH_DIST=apps/web/dist-profile npm run bench:browser-engine:phases -w @lumiskin/web
 *
 * Also printed: wall and CPU time (renderer, every thread) per step, the messaging overhead (the
 * page's wall minus the engine's own total: the pixels' transfer, the result's structured clone,
 * the two message hops) and the load average. BENCH_THROTTLE=n throttles the renderer n× (1 by
 * default: a CPU profile under SIGSTOP throttling is not more telling), BENCH_RUNS=n fresh contexts, BENCH_ANALYSES=n analyses (3).
 */
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { phaseRows, profilePhases } from '../../../packages/skin-engine/bench/profile-phases.mjs';
import { cameraFrame640 } from './camera-frame.mjs';
import { benchPhotoPixels } from './photo.mjs';
import { startServer } from './server.mjs';
import { cpuMs, throttledScanPage } from './throttle.mjs';
import { workerSession } from './worker-session.mjs';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(webRoot, '../..');
const THROTTLE = Number(process.env.BENCH_THROTTLE ?? 1);
const RUNS = Number(process.env.BENCH_RUNS ?? 1);
const LIVE_CALLS = 40;
const ANALYSES = Number(process.env.BENCH_ANALYSES ?? 3);
/** Worker targets already profiled (a closed context's may linger in the list). */
const attachedWorkers = new Set();
const dist = path.resolve(repoRoot, process.env.BENCH_DIST ?? 'apps/web/dist');

async function loadInPage(url) {
  const t = performance.now();
  const module = await import(url);
  const engine = await module.getDeviceEngine();
  globalThis.benchEngine = { module, engine };
  return { ms: performance.now() - t, workerLoadMs: engine.loaded.loadMs };
}

async function analyseInPage({ width, height }) {
  const bytes = new Uint8Array(await (await fetch('/__bench/pixels.bin')).arrayBuffer());
  const { engine } = globalThis.benchEngine;
  const t = performance.now();
  const outcome = await engine.analyse({
    image: { data: bytes, width, height, channels: 3 },
    analysisType: 'comprehensive',
  });
  return { ms: performance.now() - t, ok: outcome.ok, timings: outcome.timings_ms ?? null };
}

/** Live guidance: `calls` assessments of the camera frame back to back, as the camera view makes them. */
async function assessInPage({ b64, calls }) {
  const rgba = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
  const { engine } = globalThis.benchEngine;
  const capture = { width: 1280, height: 720 };
  let previous = null;
  let ready = 0;
  const t = performance.now();
  for (let i = 0; i < calls; i++) {
    const frame = { data: rgba.slice(), width: 640, height: 360, channels: 4 };
    const report = await engine.assess(frame, {
      capture,
      angle: 'front',
      previous,
      time: performance.now(),
    });
    previous = report.state;
    if (report.ready) ready++;
  }
  return { ms: performance.now() - t, calls, ready };
}

async function decodeInPage() {
  const photo = await (await fetch('/__bench/photo.jpg')).blob();
  const t = performance.now();
  const image = await globalThis.benchEngine.module.decodePhoto(photo);
  return { ms: performance.now() - t, width: image.width, height: image.height };
}

async function run(browser, launched, url, client, photo) {
  const context = await browser.newContext();
  await context.route('**/__bench/pixels.bin', (route) =>
    route.fulfill({ body: photo.pixels, contentType: 'application/octet-stream' }),
  );
  await context.route('**/__bench/photo.jpg', (route) =>
    route.fulfill({ body: photo.jpeg, contentType: 'image/jpeg' }),
  );
  /** @type {string[]} */
  const engineFiles = [];
  context.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/engine/')) engineFiles.push(pathname.split('/').pop() ?? '');
  });
  const { page, renderers, throttle } = await throttledScanPage(context, launched, url, THROTTLE);
  const browserSession = await browser.newBrowserCDPSession();
  try {
    const loadAverage = os.loadavg()[0] ?? Number.NaN;
    let cpu = cpuMs(renderers);
    // The worker appears as the client starts it; its profile starts a few ms into its load.
    const loading = page.evaluate(loadInPage, client);
    const session = await workerSession(browserSession, attachedWorkers);
    await session.send('Profiler.enable');
    await session.send('Profiler.setSamplingInterval', { interval: 100 });
    await session.send('Profiler.start');
    const load = await loading;
    const loadCpu = cpuMs(renderers) - cpu;
    const loadProfile = /** @type {any} */ (await session.send('Profiler.stop')).profile;
    const analyses = [];
    for (let i = 0; i < ANALYSES; i++) {
      await session.send('Profiler.start');
      cpu = cpuMs(renderers);
      const analysis = await page.evaluate(analyseInPage, photo.size);
      const analysisCpu = cpuMs(renderers) - cpu;
      const { profile } = /** @type {any} */ (await session.send('Profiler.stop'));
      if (!analysis.ok) throw new Error('the photo was refused');
      analyses.push({ ...analysis, cpuMs: analysisCpu, phases: profilePhases(profile) });
    }
    // Live guidance: 5 calls to warm up, then LIVE_CALLS profiled.
    await page.evaluate(assessInPage, { b64: photo.liveFrame, calls: 5 });
    await session.send('Profiler.start');
    cpu = cpuMs(renderers);
    const live = await page.evaluate(assessInPage, { b64: photo.liveFrame, calls: LIVE_CALLS });
    const liveCpu = cpuMs(renderers) - cpu;
    const liveProfile = /** @type {any} */ (await session.send('Profiler.stop')).profile;
    cpu = cpuMs(renderers);
    const decode = await page.evaluate(decodeInPage);
    const decodeCpu = cpuMs(renderers) - cpu;
    return {
      loadAverage,
      slowdown: throttle.slowdown,
      load: { ...load, cpuMs: loadCpu, phases: profilePhases(loadProfile) },
      analyses,
      live: { ...live, cpuMs: liveCpu, phases: profilePhases(liveProfile) },
      decode: { ...decode, cpuMs: decodeCpu },
      engineFiles,
    };
  } finally {
    throttle.stop();
    await browserSession.detach().catch(() => undefined);
    await context.close();
  }
}

async function main() {
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
  const client = `/${manifest['src/features/scan/engine/client.ts'].file}`;
  const photo = {
    ...(await benchPhotoPixels(repoRoot)),
    liveFrame: await cameraFrame640(repoRoot),
  };
  const server = process.env.BENCH_URL
    ? { url: process.env.BENCH_URL.replace(/\/$/, ''), stop: async () => {} }
    : await startServer({ webDist: dist });
  const launched = await chromium.launchServer({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
  });
  const browser = await chromium.connect(launched.wsEndpoint());
  console.log(
    `browser phases at ${THROTTLE}×, ${path.relative(repoRoot, dist)}, photo ${photo.size.width}×${photo.size.height}; ` +
      'ms wall / ms CPU of the renderer (every thread)',
  );
  try {
    for (let r = 0; r < RUNS; r++) {
      const result = await run(browser, launched, server.url, client, photo);
      const a = result.analyses;
      console.log(
        `\nrun ${r + 1}: load avg ${result.loadAverage.toFixed(1)}, slowdown ${result.slowdown.toFixed(1)}× | ` +
          `load ${Math.round(result.load.ms)} / ${result.load.cpuMs} | ` +
          a
            .map(
              (x, i) =>
                `#${i + 1} ${Math.round(x.ms)} / ${x.cpuMs} (engine ${Math.round(x.timings.total)}: detect ${Math.round(x.timings.detect)}, ` +
                `messaging ${Math.round(x.ms - x.timings.total)})`,
            )
            .join(' | ') +
          ` | decodePhoto ${Math.round(result.decode.ms)} / ${result.decode.cpuMs}` +
          ` | live ${result.live.calls} assessments ${Math.round(result.live.ms)} / ${result.live.cpuMs} ` +
          `(${((1000 * result.live.calls) / result.live.ms).toFixed(1)}/s wall, ${result.live.ready} ready)`,
      );
      console.log(`engine files fetched: ${result.engineFiles.join(', ')}`);
      console.log(
        phaseRows([
          { label: 'load', result: result.load.phases },
          ...a.map((x, i) => ({ label: `#${i + 1}`, result: x.phases })),
          { label: `live ×${LIVE_CALLS}`, result: result.live.phases },
        ]),
      );
      console.log(
        `top self time #1:\n${a[0]?.phases.top.map(([k, v]) => `  ${Math.round(v)} ${k}`).join('\n')}`,
      );
      console.log(
        `top self time live:\n${result.live.phases.top.map(([k, v]) => `  ${Math.round(v)} ${k}`).join('\n')}`,
      );
      console.log(
        `top self time load:\n${result.load.phases.top.map(([k, v]) => `  ${Math.round(v)} ${k}`).join('\n')}`,
      );
    }
  } finally {
    await browser.close();
    await launched.close();
    await server.stop();
  }
}

await main();
