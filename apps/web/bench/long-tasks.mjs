// @ts-check
/**
 * Total Blocking Time as the page itself sees it (decision 121): Chromium with the CPU slowed 4×
 * (CDP Emulation.setCPUThrottlingRate), a new browser context per load, the page's long tasks
 * (PerformanceObserver 'longtask') after its first contentful paint; TBT is the sum of each task's
 * time over 50 ms. Lighthouse's simulated TBT multiplies an unthrottled trace by 4 and moves by
 * hundreds of ms between runs on a shared machine; this one measures the throttled run itself.
 *
 *   npm run build            # web and server
 *   npm run bench:long-tasks -w @lumiskin/web
 *
 * BENCH_URL=http://host:port uses a running server instead of starting one; CHROMIUM_PATH
 * overrides /usr/bin/chromium; BENCH_RUNS sets the loads per page (default 5);
 * BENCH_PAGES=/,/shop the pages (default /).
 */
import { chromium } from 'playwright-core';
import { startServer } from './server.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const PAGES = process.env.BENCH_PAGES?.split(',').filter(Boolean) ?? ['/'];
const CPU_SLOWDOWN = 4;
/** After `load`: the hydration slices and idle-time work the page starts then. */
const SETTLE_MS = 6000;

/** @param {number[]} values */
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const server = process.env.BENCH_URL
  ? { url: process.env.BENCH_URL.replace(/\/$/, ''), stop: async () => {} }
  : await startServer();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
});
try {
  console.log(
    `load average ${(await import('node:os'))
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  for (const pagePath of PAGES) {
    /** @type {{ fcp: number, tbt: number, longest: number }[]} */
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
      const page = await context.newPage();
      await page.addInitScript(() => {
        const tasks = /** @type {[number, number][]} */ ([]);
        Object.assign(globalThis, { benchLongTasks: tasks });
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) tasks.push([entry.startTime, entry.duration]);
        }).observe({ type: 'longtask', buffered: true });
      });
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
      await page.goto(server.url + pagePath, { waitUntil: 'load' });
      await page.waitForTimeout(SETTLE_MS);
      runs.push(
        await page.evaluate(() => {
          const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
          const all = /** @type {[number, number][]} */ (Reflect.get(globalThis, 'benchLongTasks'));
          const tasks = all.filter(([start]) => start >= fcp);
          return {
            fcp: Math.round(fcp),
            tbt: Math.round(tasks.reduce((sum, [, d]) => sum + Math.max(0, d - 50), 0)),
            longest: Math.round(Math.max(0, ...tasks.map(([, d]) => d))),
          };
        }),
      );
      await context.close();
    }
    console.log(
      `${pagePath}  TBT ms median ${median(runs.map((r) => r.tbt))} (${runs.map((r) => r.tbt).join(', ')})` +
        `  longest task median ${median(runs.map((r) => r.longest))}  FCP median ${median(runs.map((r) => r.fcp))}`,
    );
  }
} finally {
  await browser.close();
  await server.stop();
}
