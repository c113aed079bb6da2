import { chmodSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import { chromiumPath } from './chromium';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// The config is evaluated again in every worker; the env keeps the port and data dir stable.
process.env.E2E_PORT ??= String(4310 + Math.floor(Math.random() * 500));
if (!process.env.E2E_DATA_DIR) {
  process.env.E2E_DATA_DIR = mkdtempSync(path.join(tmpdir(), 'lumiskin-e2e-'));
  // As root the embedded PostgreSQL runs as an unprivileged user, which must be able to enter it.
  chmodSync(process.env.E2E_DATA_DIR, 0o755);
}
const port = Number(process.env.E2E_PORT);
export const baseURL = `http://127.0.0.1:${port}`;
/** Started as the server's admin (ADMIN_EMAIL); only ever on the e2e's throwaway database. */
export const E2E_ADMIN = {
  name: 'E2E Admin',
  email: 'e2e-admin@example.test',
  password: 'e2e-admin-pass-2026',
};

/** Debian's Chromium (chromium.ts); Playwright's own browser downloads are not reachable here. */
const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
  // No GPU here: the page is composited and rastered on the CPU, where these two spare a tenth of
  // the suite's CPU (decision 201). Screenshots on failure still draw.
  '--disable-gpu-compositing',
  '--disable-software-rasterizer',
];

export default defineConfig({
  testDir: './tests',
  // Most tests take 5–40 s; on a busy 2-core host (server, PostgreSQL and two browsers) a
  // 40-step journey runs 1.5–2× slower, and 60 s failed tests that were not stuck.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: [
    ['list'],
    // Read by scripts/test-summary.mjs for the closing "N passed, N failed" line.
    ['json', { outputFile: path.join(root, '.tmp/test-results/e2e.playwright.json') }],
    ...(process.env.CI ? [['html', { open: 'never' }] as const] : []),
  ],
  use: {
    baseURL,
    // Every new context would install the app's service worker and precache its 200 files
    // (2.2 MB): a fifth of a journey's time on 2 cores, for journeys that are not about it. The
    // journeys about it (offline, the device's engine, the install) allow it: test.use in
    // offline.spec, device-scan.spec and landing.spec.
    serviceWorkers: 'block',
    // The app honours a reduced-motion setting (index.css): no transitions, no looping skeletons,
    // no animated charts. Software rendering on 2 cores draws every animated frame, a sixth of the
    // suite's CPU (decision 163); the journeys about first impressions and signing in keep the
    // motion a person without the setting sees (auth.spec, landing.spec, shop.spec).
    reducedMotion: 'reduce',
    // Tracing records every step of every journey (DOM snapshots and a screencast), a fifth of
    // the suite's CPU on 2 cores, for traces kept only when a journey fails (decision 163). A
    // failure still leaves its screenshot and the page's ARIA snapshot (error-context.md); to
    // trace, run `npx playwright test --trace retain-on-failure` (or `on`).
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath(),
      args: chromiumArgs,
    },
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
    },
  ],
  webServer: {
    // Started the way `npm start` starts it (the build ran before the suite), on a temp data dir.
    command: 'node apps/server/dist/server.js',
    cwd: root,
    url: `${baseURL}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    // SIGTERM, as a person's Ctrl-C would: the server finishes, then stops its PostgreSQL (which
    // runs outside the server's process group, so a SIGKILL would leave it behind).
    gracefulShutdown: { signal: 'SIGTERM', timeout: 30_000 },
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      // One instance on its own private database, on purpose (production otherwise wants one).
      EMBEDDED_DB: 'true',
      // e2e journeys register many users from one IP; the limits themselves are tested in the
      // server suite.
      RATE_LIMIT_AUTH_MAX: '100000',
      RATE_LIMIT_MAX: '100000',
      // The suite's API client (Node's http agent, which never retries) reuses an idle socket just
      // as the server's 5 s idle close fires when the host stalls: ECONNRESET on a request the
      // server never saw (CI, 2026-11-30). Browsers retry that reset themselves. Here idle sockets
      // stay open as long as behind a balancer (docs/deploy.md, decision 071).
      KEEP_ALIVE_TIMEOUT_MS: '65000',
      // Load shedding (503 once the event loop lags 1 s) is tested in the server suite; here a host
      // busy with two browsers and PostgreSQL stalled the loop 1.01 s and a journey got a 503.
      UNDER_PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '5000',
      // The bell journey waits for a reminder: the server queues the reminder job every 3 s instead
      // of the job queue's every-minute schedule.
      NOTIFICATIONS_INTERVAL_S: '3',
      // The admin journeys sign in as this admin (created or promoted at start).
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      ADMIN_NAME: E2E_ADMIN.name,
    },
  },
});
