// @ts-check
/**
 * Dashboard speed (issue 13): the time from navigating to /dashboard to the first score tile of the
 * latest scan on screen, for a signed-in user with scans, in Chromium with the CPU slowed 4×
 * (CDP Emulation.setCPUThrottlingRate) and a cold cache (a new browser context per run, the way a
 * returning user's first visit of the day is). Prints each run, the median and the target (≤ 1.5 s).
 *
 *   npm run build            # web and server
 *   npm run bench:dashboard -w @lumiskin/web
 *
 * BENCH_URL=http://host:port uses a running server instead of starting one; CHROMIUM_PATH
 * overrides /usr/bin/chromium; BENCH_RUNS sets the number of runs (default 5).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startServer } from './server.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** The public-domain portrait the engine's own tests use (see its README). */
const FACE = path.join(repoRoot, 'packages/skin-engine/test/fixtures/astronaut-face.jpg');
const SCANS = 3;
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const CPU_SLOWDOWN = 4;
const TARGET_MS = 1500;
const FIRST_TILE = '[data-testid="score-tile"]';

/** Registers a user and makes a few real scans through the API; returns the stored session. */
async function seededUser(url) {
  const id = Math.random().toString(36).slice(2, 10);
  const password = `bench-${id}-pass`;
  const register = await fetch(`${url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: `Bench ${id}`,
      email: `bench.${id}@example.test`,
      password,
      confirmPassword: password,
    }),
  });
  if (register.status !== 201)
    throw new Error(`register: ${register.status} ${await register.text()}`);
  const { access_token: token, user } = await register.json();
  const auth = { authorization: `Bearer ${token}` };
  const consent = await fetch(`${url}/api/analysis/consent`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ accepted: true }),
  });
  if (!consent.ok) throw new Error(`consent: ${consent.status}`);
  const image = fs.readFileSync(FACE);
  for (let i = 0; i < SCANS; i++) {
    const form = new FormData();
    form.append('image', new Blob([image], { type: 'image/jpeg' }), 'face.jpg');
    form.append('location', 'London, GB');
    const scan = await fetch(`${url}/api/analysis/scan-upload`, {
      method: 'POST',
      headers: auth,
      body: form,
    });
    if (!scan.ok) throw new Error(`scan: ${scan.status} ${await scan.text()}`);
  }
  return { token, user };
}

async function main() {
  const server = process.env.BENCH_URL
    ? { url: process.env.BENCH_URL.replace(/\/$/, ''), stop: async () => {} }
    : await startServer();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
  });
  try {
    const session = await seededUser(server.url);
    const times = [];
    for (let run = 0; run < RUNS; run++) {
      const context = await browser.newContext({
        viewport: { width: 390, height: 844 },
        serviceWorkers: 'block',
      });
      await context.addInitScript(
        ([token, user]) => {
          localStorage.setItem('lumiskin_token', token);
          localStorage.setItem('lumiskin_user', user);
        },
        /** @type {const} */ ([session.token, JSON.stringify(session.user)]),
      );
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
      await page.goto(`${server.url}/dashboard`, { waitUntil: 'commit' });
      await page.locator(FIRST_TILE).first().waitFor({ state: 'visible', timeout: 60_000 });
      // Milliseconds since the navigation started (the page's time origin).
      const ms = await page.evaluate(() => performance.now());
      times.push(Math.round(ms));
      if (process.env.BENCH_TRACE) {
        // Where the time went: each script and API request, when it started and ended (ms).
        const entries = await page.evaluate(() =>
          performance
            .getEntriesByType('resource')
            .map((e) => `${Math.round(e.startTime)}–${Math.round(e.responseEnd)} ${e.name}`),
        );
        console.log(entries.join('\n'));
      }
      console.log(`run ${run + 1}: first scan tile after ${Math.round(ms)} ms`);
      await context.close();
    }
    const sorted = [...times].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)] ?? NaN;
    console.log(
      `dashboard navigation → first scan tile (CPU ×${CPU_SLOWDOWN}, cold cache): median ${median} ms ` +
        `(min ${sorted[0]}, max ${sorted.at(-1)}), target ≤ ${TARGET_MS} ms: ${median <= TARGET_MS ? 'met' : 'NOT met'}`,
    );
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
