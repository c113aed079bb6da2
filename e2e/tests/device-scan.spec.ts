import fs from 'node:fs';
import type { APIRequestContext, BrowserContext, Page, Request } from '@playwright/test';
import { expect, newUser, registerViaApi, scanViaApi, test } from './fixtures';
import { FACE } from './face-photo';

/**
 * Issue 32, an analysis on this device (decision 100) in Chromium, through the scan screen: the
 * photo never leaves the page, the analysis is stored as computed on the device, its scores agree
 * with a server scan of the same picture, and with the service worker's copy of the engine a
 * scan works offline and waits in the outbox.
 */

type Session = { access_token: string; user: { id: string } };
type Scores = Record<string, number>;

/** Signs the browser in the way the app stores a session (docs/product-rules.md#session). */
async function signIn(context: BrowserContext, session: Session) {
  await context.addInitScript(
    ([token, user]) => {
      localStorage.setItem('lumiskin_token', token);
      localStorage.setItem('lumiskin_user', user);
    },
    [session.access_token, JSON.stringify(session.user)] as const,
  );
}

const PHOTO = fs.readFileSync(FACE);
/**
 * What an image sent in any form would carry: the portrait's own first bytes, or the signature of
 * a JPEG, PNG or WebP re-encoding, raw or base64 (the portrait weighs 44 KB, under the 50 KB
 * limit, so the size alone would not catch a copy of it).
 */
const IMAGE_SIGNS = [
  PHOTO.subarray(0, 64),
  Buffer.from([0xff, 0xd8, 0xff]),
  Buffer.from('\x89PNG', 'latin1'),
  Buffer.from('WEBPVP8'),
  Buffer.from('/9j/'),
  Buffer.from('iVBORw0KGgo'),
  Buffer.from('UklGR'),
  Buffer.from('data:image'),
];

interface Sent {
  url: string;
  bytes: number;
  carriesPhoto: boolean;
}

/** Every request of the context (pages, workers, service worker) and its body's size. */
function recordRequests(context: BrowserContext): Sent[] {
  const sent: Sent[] = [];
  context.on('request', (request: Request) => {
    const body = request.postDataBuffer();
    sent.push({
      url: request.url(),
      bytes: body?.length ?? 0,
      carriesPhoto: body !== null && IMAGE_SIGNS.some((sign) => body.includes(sign)),
    });
  });
  return sent;
}

async function typeLocation(page: Page, city: string) {
  const field = page.getByLabel('City');
  // Once (CI, session 39) the field never showed after "Change" was clicked on a scan screen the
  // service worker had just taken over (its state most likely reset by a fresh render): open it
  // until it shows (the button toggles, so only while it is closed).
  await expect(async () => {
    if (!(await field.isVisible())) await page.getByRole('button', { name: 'Change' }).click();
    await expect(field).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await field.fill(city);
  await field.press('Enter');
  await expect(page.getByTestId('scan-location')).toHaveText(city);
}

/** The scan screen with "Analyse on this device" on, the portrait chosen, a place typed. */
async function readyDeviceScan(page: Page) {
  const toggle = page.getByRole('switch', { name: 'Analyse on this device' });
  await expect(toggle).toBeEnabled();
  if ((await toggle.getAttribute('aria-checked')) !== 'true') await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await typeLocation(page, 'London, UK');
  await page.getByTestId('scan-upload-input').setInputFiles(FACE);
  await expect(page.getByRole('heading', { name: 'Ready for Analysis' })).toBeVisible();
}

async function analysisOf(request: APIRequestContext, token: string, id: string) {
  const res = await request.get(`/api/analysis/${id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as { computed_on: string; scores: Scores; overall_score: number };
}

// This file is about the service worker: it may register (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

test.describe('analysis on this device', () => {
  test.describe.configure({ timeout: 120_000 });

  test('the photo stays in the browser, the analysis reads computed on the device, and its scores agree with the server’s', async ({
    page,
    context,
    request,
  }) => {
    const session = (await registerViaApi(request, newUser())) as Session;
    await signIn(context, session);
    await page.goto('/scan');
    await readyDeviceScan(page);

    const sent = recordRequests(context);
    await page.getByRole('button', { name: 'Analyse My Skin' }).click();
    // No photo consent for a scan whose photo stays here (decision 100): straight to the analysis.
    await expect(page).toHaveURL(/\/analysis\/[0-9a-f-]{36}$/, { timeout: 60_000 });
    await expect(page.getByRole('dialog', { name: 'Before your first scan' })).toHaveCount(0);
    await expect(page.getByText('Analysed on this device — no photo was kept')).toBeVisible();
    // The photo, from this page's memory, with the zones drawn over it.
    const photo = page.getByRole('img', { name: /scan photo with the measured skin zones/ });
    await expect(photo).toBeVisible();
    expect(await photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expect(page.locator('figure svg polygon').first()).toBeAttached();

    const posted = sent.filter((s) => s.bytes > 0);
    expect(posted.map((s) => new URL(s.url).pathname)).toContain('/api/analysis/device');
    for (const s of sent) {
      expect(s.carriesPhoto, `${s.url} carries the photo`).toBe(false);
      expect(s.bytes, `${s.url} sends ${s.bytes} bytes`).toBeLessThanOrEqual(50 * 1024);
    }
    const deviceBody = posted.find((s) => s.url.endsWith('/api/analysis/device'));
    console.log(
      `device scan: ${sent.length} requests, POST /api/analysis/device ${deviceBody?.bytes} bytes, largest body ${Math.max(...sent.map((s) => s.bytes))} bytes`,
    );

    const id = page.url().split('/').pop() ?? '';
    const onDevice = await analysisOf(request, session.access_token, id);
    expect(onDevice.computed_on).toBe('device');

    const onServer = await scanViaApi(request, session.access_token, {
      photo: PHOTO,
      location: 'London, UK',
    });
    expect(onServer.computed_on).toBe('server');
    expect(Object.keys(onDevice.scores).sort()).toEqual(Object.keys(onServer.scores).sort());
    const differences = Object.fromEntries(
      Object.entries(onDevice.scores).map(([k, v]) => [k, v - (onServer.scores[k] ?? NaN)]),
    );
    console.log(`device − server scores: ${JSON.stringify(differences)}`);
    for (const [metric, difference] of Object.entries(differences)) {
      expect(Math.abs(difference), `${metric}: device − server`).toBeLessThanOrEqual(2);
    }
  });

  test('with the engine kept by the service worker, a scan offline waits on the phone and is sent when back online', async ({
    page,
    context,
    request,
  }) => {
    const session = (await registerViaApi(request, newUser())) as Session;
    const headers = { authorization: `Bearer ${session.access_token}` };
    await signIn(context, session);
    // A first visit: the service worker installs and takes this page over (clientsClaim), so the
    // first scan's engine goes through it, without a reload.
    await page.goto('/profile');
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, {
      timeout: 30_000,
    });
    // This time the profile's switch turns it on; the scan screen's reads the same setting.
    await page.getByRole('tab', { name: 'Settings' }).click();
    const setting = page.getByRole('switch', { name: 'Analyse on this device' });
    await setting.click();
    await expect(setting).toHaveAttribute('aria-checked', 'true');
    await expect
      .poll(async () => {
        const me = await request.get('/api/users/me', { headers });
        const { user } = (await me.json()) as {
          user: { settings: { analyse_on_device: boolean } };
        };
        return user.settings.analyse_on_device;
      })
      .toBe(true);

    // A first scan on this device, online: the service worker keeps the engine as it loads.
    await page.getByRole('link', { name: 'Quick Scan' }).click();
    await expect(page.getByRole('switch', { name: 'Analyse on this device' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await readyDeviceScan(page);
    await page.getByRole('button', { name: 'Analyse My Skin' }).click();
    await expect(page).toHaveURL(/\/analysis\/[0-9a-f-]{36}$/, { timeout: 60_000 });
    const kept = await page.evaluate(async () => {
      const cache = await caches.open('lumiskin-engine');
      return (await cache.keys()).map((r) => new URL(r.url).pathname);
    });
    expect(kept.some((p) => /\/assets\/engine\.worker-/.test(p))).toBe(true);
    expect(kept.some((p) => p.endsWith('.wasm'))).toBe(true);

    // No network, then the scan screen opened afresh (nothing of the engine left in memory).
    await context.setOffline(true);
    const reached: string[] = [];
    const engineFiles: Array<{ path: string; fromServiceWorker: boolean }> = [];
    // Only requests made offline count: one the analysis page sent just before (its history
    // read) may finish after this point without having been made offline.
    const madeOffline = new Set<Request>();
    context.on('request', (r) => madeOffline.add(r));
    context.on('requestfinished', (r) => {
      if (madeOffline.has(r) && new URL(r.url()).pathname.startsWith('/api/'))
        reached.push(r.url());
    });
    context.on('response', (r) => {
      const path = new URL(r.url()).pathname;
      if (path.startsWith('/engine/') || /\/assets\/(device-engine|engine\.worker)-/.test(path))
        engineFiles.push({ path, fromServiceWorker: r.fromServiceWorker() });
    });
    await page.goto('/scan');
    await expect(
      page.getByRole('status').filter({ hasText: 'Scans on this device still work' }),
    ).toBeVisible();
    await readyDeviceScan(page);
    await page.getByRole('button', { name: 'Analyse My Skin' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'the results are kept on this phone' }),
    ).toBeVisible({ timeout: 60_000 });
    expect(reached, 'requests that reached the server offline').toEqual([]);
    // The engine came from the service worker's cache (not the HTTP cache, not the network).
    expect(engineFiles.map((f) => f.path)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/engine\.worker-/),
        expect.stringMatching(/\.wasm$/),
      ]),
    );
    for (const file of engineFiles) {
      expect(file.fromServiceWorker, file.path).toBe(true);
      expect(kept, `${file.path} was kept by the first scan`).toContain(file.path);
    }
    const before = await request.get('/api/analysis/history', { headers });
    expect(((await before.json()) as unknown[]).length).toBe(1);

    // Back online: the outbox sends the results, stored as any device scan.
    await context.setOffline(false);
    await expect
      .poll(
        async () => {
          const res = await request.get('/api/analysis/history', { headers });
          return ((await res.json()) as Array<{ computed_on: string }>).map((a) => a.computed_on);
        },
        { timeout: 45_000 },
      )
      .toEqual(['device', 'device']);
  });
});
