// @ts-check
/* global window, document, MutationObserver -- the init script and waitForFunction run in the page */
/** What the dashboard benchmarks share (dashboard-nav.mjs, dashboard-profile.mjs). */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startServer } from './server.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** The public-domain portrait the engine's own tests use (see its README). */
const FACE = path.join(repoRoot, 'packages/skin-engine/test/fixtures/astronaut-face.jpg');
const SCANS = 3;

/** Registers a user and makes a few real scans through the API; returns the stored session. */
export async function seededUser(url) {
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

/** The first score tile of the latest scan. */
export const FIRST_TILE = '[data-testid="score-tile"]';

/**
 * An init script: the stored session, and a watch for the first score tile that marks its value
 * for the Element Timing API, so the page itself reports when the tile was painted
 * (`window.__firstTilePaint`, ms since the navigation started). That is the figure: the time
 * Playwright notices the tile and answers an evaluate also counts whatever the page does after
 * the paint (the cards below rendering), up to a long task's length.
 * @param {readonly [string, string, string]} args token, user JSON, tile selector
 */
export function signedInWithTileWatch([token, user, selector]) {
  localStorage.setItem('lumiskin_token', token);
  localStorage.setItem('lumiskin_user', user);
  const w = /** @type {any} */ (window);
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (entry.identifier === 'first-score-tile' && w.__firstTilePaint === undefined)
        w.__firstTilePaint = /** @type {any} */ (entry).renderTime || entry.startTime;
  }).observe({ type: 'element', buffered: true });
  const marked = new MutationObserver(() => {
    const value = document.querySelector(`${selector} span`);
    if (!value) return;
    value.setAttribute('elementtiming', 'first-score-tile');
    marked.disconnect();
  });
  marked.observe(document, { childList: true, subtree: true });
}

/**
 * Waits until the page has reported the first tile's paint; returns it (ms since navigation).
 * @param {import('playwright-core').Page} page
 */
export async function firstTilePaint(page) {
  const handle = await page.waitForFunction(
    () => /** @type {any} */ (window).__firstTilePaint,
    null,
    {
      timeout: 60_000,
    },
  );
  return Number(await handle.jsonValue());
}

/**
 * The benchmarks' loop: the server (or BENCH_URL) and Chromium, a user with scans signed in, then
 * `runs` cold loads of /dashboard, each in a new context with the CPU slowed `cpuSlowdown` times.
 * `before(page, browser)` runs just before the navigation, `after(page, browser, run)` once the
 * first tile is visible; its results come back in order. Everything started is stopped.
 * @template T
 * @param {{
 *   runs: number,
 *   cpuSlowdown: number,
 *   before?: (page: import('playwright-core').Page, browser: import('playwright-core').Browser) => Promise<void>,
 *   after: (page: import('playwright-core').Page, browser: import('playwright-core').Browser, run: number) => Promise<T>,
 * }} options
 * @returns {Promise<T[]>}
 */
export async function dashboardRuns({ runs, cpuSlowdown, before, after }) {
  const server = process.env.BENCH_URL
    ? { url: process.env.BENCH_URL.replace(/\/$/, ''), stop: async () => {} }
    : await startServer();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
  });
  try {
    const session = await seededUser(server.url);
    const results = [];
    for (let run = 0; run < runs; run++) {
      const context = await browser.newContext({
        viewport: { width: 390, height: 844 },
        serviceWorkers: 'block',
      });
      await context.addInitScript(signedInWithTileWatch, [
        session.token,
        JSON.stringify(session.user),
        FIRST_TILE,
      ]);
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
      await before?.(page, browser);
      await page.goto(`${server.url}/dashboard`, { waitUntil: 'commit' });
      await page.locator(FIRST_TILE).first().waitFor({ state: 'visible', timeout: 60_000 });
      results.push(await after(page, browser, run));
      await context.close();
    }
    return results;
  } finally {
    await browser.close();
    await server.stop();
  }
}
