// @ts-check
/**
 * Lighthouse (mobile preset, simulated throttling) on the production build, every public page
 * (those rendered on the server, a product, an article, and the password reset form).
 * Prints performance, accessibility, best-practices and SEO, and the JavaScript each page loads
 * before it is idle, in KB gzipped (the built files, gzip -9), with issue 33's targets:
 * performance ≥ 95, accessibility, best practices and SEO 100; initial JS for / ≤ 150 KB.
 *
 *   npm run build            # web and server
 *   npm run bench:lighthouse -w @lumiskin/web
 *
 * BENCH_URL=http://host:port uses a running server instead of starting one; CHROMIUM_PATH
 * overrides /usr/bin/chromium; BENCH_JSON=file writes the figures as JSON too; BENCH_LHR_DIR=dir keeps
 * each page's full Lighthouse report (home.json, shop.json, learn.json…) for diagnosis;
 * BENCH_PAGES=/login,/register measures only those pages.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startServer } from './server.mjs';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const distDir = path.join(webRoot, 'dist');
const PAGES = process.env.BENCH_PAGES?.split(',').filter(Boolean) ?? [
  '/',
  '/shop',
  '/shop/aquahydra',
  '/learn',
  '/learn/sunscreen-and-the-uv-index',
  '/download',
  '/login',
  '/register',
  '/forgot-password',
  '/terms',
  '/privacy',
];
const TARGETS = {
  performance: 95,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  initialJsKbForHome: 150,
};

const gzipCache = new Map();
/** gzip -9 size of a built asset, by its URL path. */
function gzippedBytes(urlPath) {
  if (!gzipCache.has(urlPath)) {
    const file = path.join(distDir, decodeURIComponent(urlPath));
    gzipCache.set(
      urlPath,
      fs.existsSync(file) ? zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length : 0,
    );
  }
  return gzipCache.get(urlPath);
}

async function main() {
  const server = process.env.BENCH_URL
    ? { url: process.env.BENCH_URL.replace(/\/$/, ''), stop: async () => {} }
    : await startServer();
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const rows = [];
  try {
    for (const page of PAGES) {
      // Lighthouse now and then loses the trace (NO_NAVSTART): that run says nothing of the page,
      // so it is run again (up to three times), and a page that keeps failing is an error.
      let result;
      for (let attempt = 1; attempt <= 3; attempt++) {
        result = await lighthouse(`${server.url}${page}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
        });
        const failure = result?.lhr.runtimeError;
        if (!failure) break;
        console.warn(`Lighthouse run ${attempt} of ${page} failed: ${failure.code}`);
        if (attempt === 3) throw new Error(`Lighthouse failed on ${page}: ${failure.message}`);
      }
      if (!result) throw new Error(`Lighthouse gave no result for ${page}`);
      const { lhr } = result;
      if (process.env.BENCH_LHR_DIR) {
        fs.mkdirSync(process.env.BENCH_LHR_DIR, { recursive: true });
        const name = page === '/' ? 'home' : page.replace(/\W+/g, '');
        fs.writeFileSync(path.join(process.env.BENCH_LHR_DIR, `${name}.json`), JSON.stringify(lhr));
      }
      const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      /** @type {{ url: string; resourceType?: string }[]} */
      const requests = /** @type {any} */ (lhr.audits['network-requests']?.details)?.items ?? [];
      const scripts = requests
        .filter((r) => r.resourceType === 'Script' && r.url.startsWith(server.url))
        .map((r) => new URL(r.url).pathname);
      const jsBytes = [...new Set(scripts)].reduce((sum, p) => sum + gzippedBytes(p), 0);
      const failed = Object.values(lhr.audits)
        .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode === 'binary')
        .map((a) => a.id);
      rows.push({
        page,
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        seo: score('seo'),
        initialJsKb: Math.round((jsBytes / 1024) * 10) / 10,
        scripts: [...new Set(scripts)].map((p) => `${p} ${(gzippedBytes(p) / 1024).toFixed(1)}`),
        lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0),
        tbtMs: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0),
        cls: Math.round((lhr.audits['cumulative-layout-shift']?.numericValue ?? 0) * 1000) / 1000,
        failedAudits: failed,
      });
    }
  } finally {
    await chrome.kill();
    await server.stop();
  }

  const width = Math.max(7, ...rows.map((r) => r.page.length));
  console.log('\nLighthouse, mobile preset, production build');
  console.log(`${'page'.padEnd(width)} perf  a11y  best  seo   JS KB gz  LCP ms  TBT ms  CLS`);
  for (const r of rows) {
    console.log(
      `${r.page.padEnd(width)} ${String(r.performance).padStart(4)}  ${String(r.accessibility).padStart(4)}  ${String(r.bestPractices).padStart(4)}  ${String(r.seo).padStart(3)}  ${r.initialJsKb.toFixed(1).padStart(8)}  ${String(r.lcpMs).padStart(6)}  ${String(r.tbtMs).padStart(6)}  ${r.cls}`,
    );
    if (r.failedAudits.length) console.log(`        failing audits: ${r.failedAudits.join(', ')}`);
  }
  const home = rows.find((r) => r.page === '/');
  const categories = /** @type {const} */ ([
    'performance',
    'accessibility',
    'bestPractices',
    'seo',
  ]);
  const misses = rows.flatMap((r) =>
    categories
      .filter((c) => r[c] < TARGETS[c])
      .map((c) => `${r.page} ${c} ${r[c]} < ${TARGETS[c]}`),
  );
  if (home && home.initialJsKb > TARGETS.initialJsKbForHome)
    misses.push(`/ initial JS ${home.initialJsKb} KB > ${TARGETS.initialJsKbForHome} KB`);
  console.log(misses.length ? `\nBelow target: ${misses.join('; ')}` : '\nAll targets met.');
  if (process.env.BENCH_JSON)
    fs.writeFileSync(process.env.BENCH_JSON, JSON.stringify(rows, null, 2));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
