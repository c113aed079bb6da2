import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { LiveGuidanceText } from '@lumiskin/contract/scan';
import { expect, newUser, registerViaApi, signInWithSession, test } from './fixtures';
import { launchWithFakeCamera, portraitY4m, type ClipOptions } from './fake-camera';

/**
 * Issue 32, live capture guidance in a real browser: Chromium's fake camera plays a 1280×720 clip
 * of the test portrait; the scan screen loads the on-device engine when the camera opens, and its
 * Web Worker runs the face detector and the live gate (decision 097) on the camera's frames.
 */

/** The camera view asks for an ideal 1280×720. */
const HD = { width: 1280, height: 720 } as const;
/**
 * The camera view holds every check this long before it takes the photo (apps/web
 * auto-capture.ts). The 5 s target is the bench's, printed here too.
 */
const AUTO_CAPTURE_HOLD_MS = 1000;
/** Light advice alone (uneven light, a cast) delays the hold this long (auto-capture.ts). */
const ADVICE_WAIT_MS = 1500;

/**
 * Times in the page (performance.now()): when the engine's first instruction shows (the engine
 * is loaded and answering) and when the camera preview closes after it (the photo was taken).
 */
const TIMES = `(() => {
  const times = (window.__liveTimes = { live: null, captured: null });
  new MutationObserver(() => {
    if (times.live === null && document.querySelector('[data-testid="live-instruction"]'))
      times.live = performance.now();
    if (times.live !== null && times.captured === null &&
        !document.querySelector('video[aria-label="Camera preview"]'))
      times.captured = performance.now();
  }).observe(document, { subtree: true, childList: true });
})();`;

/**
 * Where the enabled Capture button's top has been on the page (not the window: the view scrolls
 * itself into place), read on every frame from the moment it is enabled.
 */
const CAPTURE_TOPS = `(() => {
  const tops = (window.__captureTops = []);
  const read = () => {
    const button = [...document.querySelectorAll('button')].find(
      (b) => !b.disabled && (b.textContent || '').trim().startsWith('Capture'));
    if (button) {
      const top = Math.round(button.getBoundingClientRect().top + window.scrollY);
      if (tops[tops.length - 1] !== top) tops.push(top);
    }
    requestAnimationFrame(read);
  };
  requestAnimationFrame(read);
})();`;

interface LiveTimes {
  live: number | null;
  captured: number | null;
}

const liveTimes = (page: Page) =>
  page.evaluate(() => (window as unknown as { __liveTimes: LiveTimes }).__liveTimes);

async function withCamera(clip: ClipOptions & { name: string }) {
  const y4m = await portraitY4m(clip.name, clip);
  return launchWithFakeCamera(y4m);
}

/** A signed-in person (consent given) on /scan with the single-photo camera open. */
async function openCamera(
  browser: Browser,
  baseURL: string | undefined,
  request: APIRequestContext,
  viewport = { width: 1280, height: 900 },
) {
  const session = await registerViaApi(request, newUser());
  const consent = await request.post('/api/analysis/consent', {
    headers: { authorization: `Bearer ${session.access_token}` },
    data: { accepted: true },
  });
  expect(consent.ok()).toBe(true);
  const context = await browser.newContext({ baseURL, viewport });
  await signInWithSession(context, session);
  await context.addInitScript(TIMES);
  await context.addInitScript(CAPTURE_TOPS);
  const page = await context.newPage();
  // Anything the page or the engine's worker reports as an error (a CSP refusal, a worker that
  // failed to start, a detached buffer read) fails the journey.
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  await page.goto('/scan');
  await page.getByRole('radio', { name: /Single Photo/ }).click();
  await page.getByRole('button', { name: 'Use Camera' }).click();
  await expect(page.getByRole('button', { name: 'Capture Photo' })).toBeEnabled();
  return { page, context, session, errors };
}

const instruction = (page: Page) => page.getByTestId('live-instruction');
const fallbackHints = (page: Page) => page.getByRole('list', { name: 'Camera guidance' });

test.describe('live capture guidance (fake camera)', () => {
  test.describe.configure({ timeout: 90_000 });

  test.describe('a well-framed face', () => {
    let browser: Browser;
    test.beforeAll(async () => {
      browser = await withCamera({ name: 'framed', ...HD });
    });
    test.afterAll(async () => browser.close());

    test('the engine guides, takes the photo by itself after the hold, and the scan completes', async ({
      request,
      baseURL,
    }) => {
      const { page, context, errors } = await openCamera(browser, baseURL, request);
      // The engine's own instructions replace the view's fallback hints once it answers.
      await expect(instruction(page)).toBeVisible({ timeout: 30_000 });
      await expect(fallbackHints(page)).toHaveCount(0);
      const shown = await instruction(page).textContent();
      expect(Object.values(LiveGuidanceText)).toContain(shown?.trim());

      // The photo is taken by itself: the camera closes and the photo waits for analysis.
      // Time bounds are the bench's (npm run bench:browser-engine) and this run's annotation: on a
      // loaded machine a timed assertion would fail for the machine, not the app.
      await expect(page.getByRole('heading', { name: 'Ready for Analysis' })).toBeVisible({
        timeout: 30_000,
      });
      const times = await liveTimes(page);
      expect(times.live).not.toBeNull();
      expect(times.captured).not.toBeNull();
      const tookMs = (times.captured ?? Infinity) - (times.live ?? 0);
      test
        .info()
        .annotations.push({ type: 'auto-capture', description: `${Math.round(tookMs)} ms` });
      console.log(
        `[live-guidance] auto-capture ${Math.round(tookMs)} ms after the first instruction`,
      );
      // Every check held for the hold time before the shot: never a photo on the first good frame.
      expect(tookMs).toBeGreaterThanOrEqual(AUTO_CAPTURE_HOLD_MS);
      // Exactly one photo: auto-capture fired once.
      await expect(page.getByRole('img', { name: 'Photo' })).toHaveCount(1);

      // The server's gate accepts the photo the live gate passed.
      await page.getByRole('button', { name: 'Change' }).click();
      await page.getByLabel('City').fill('London, UK');
      await page.getByLabel('City').press('Enter');
      await page.getByRole('button', { name: 'Analyse My Skin' }).click();
      await expect(page.getByRole('heading', { name: 'Analysis Complete!' })).toBeVisible({
        timeout: 60_000,
      });
      expect(errors).toEqual([]);
      await context.close();
    });
  });

  test.describe('a light from one side (the in-repo portrait; no second in-repo portrait exists)', () => {
    let browser: Browser;
    test.beforeAll(async () => {
      // The frame's left half at 0.58 × its sRGB values (≈ 0.3 × the light): the cheeks ≈ 1.7
      // stops apart, past the live advice's 1.25 and no rule of the server's gate.
      browser = await withCamera({ name: 'side-lit', ...HD, shadeLeft: 0.58 });
    });
    test.afterAll(async () => browser.close());

    test('asks to turn to the light, then takes the photo itself, and the server accepts it', async ({
      request,
      baseURL,
    }) => {
      const { page, context, session, errors } = await openCamera(browser, baseURL, request);
      await expect(instruction(page)).toHaveText(LiveGuidanceText.uneven_light, {
        timeout: 30_000,
      });
      // Light advice does not veto the photo (decision 115): after the wait and the hold it is taken.
      await expect(page.getByRole('heading', { name: 'Ready for Analysis' })).toBeVisible({
        timeout: 30_000,
      });
      const times = await liveTimes(page);
      const tookMs = (times.captured ?? Infinity) - (times.live ?? 0);
      console.log(
        `[live-guidance] side-lit auto-capture ${Math.round(tookMs)} ms after the first instruction`,
      );
      expect(tookMs).toBeGreaterThanOrEqual(ADVICE_WAIT_MS + AUTO_CAPTURE_HOLD_MS);
      await expect(page.getByRole('img', { name: 'Photo' })).toHaveCount(1);
      const photo = await page.getByRole('img', { name: 'Photo' }).getAttribute('src');
      expect(photo).toMatch(/^data:image\/jpeg;base64,/);
      const scan = await request.post('/api/analysis/scan', {
        headers: { authorization: `Bearer ${session.access_token}` },
        data: { image_data: photo, location: 'London, UK' },
      });
      expect(scan.status(), await scan.text()).toBe(201);
      expect(errors).toEqual([]);
      await context.close();
    });
  });

  test.describe('a face far too small in the frame', () => {
    let browser: Browser;
    test.beforeAll(async () => {
      browser = await withCamera({ name: 'small', ...HD, scale: 0.4 });
    });
    test.afterAll(async () => browser.close());

    test('asks to come closer and takes no photo', async ({ request, baseURL }) => {
      const { page, context } = await openCamera(browser, baseURL, request);
      await expect(instruction(page)).toHaveText(LiveGuidanceText.face_too_small, {
        timeout: 30_000,
      });
      await page.waitForTimeout(3000);
      await expect(instruction(page)).toHaveText(LiveGuidanceText.face_too_small);
      await expect(page.getByLabel('Camera preview')).toBeVisible();
      await expect(page.getByRole('img', { name: 'Photo' })).toHaveCount(0);
      await context.close();
    });

    test('on a phone, Capture stays where it is while the guidance changes', async ({
      request,
      baseURL,
    }) => {
      // The view's two framing hints (two rows on a phone) gave way to the engine's one-line
      // instruction, a longer one wrapped to two lines, and Capture jumped under the finger by
      // 20–64 px several times in the first seconds (decision 213).
      const { page, context } = await openCamera(browser, baseURL, request, {
        width: 390,
        height: 844,
      });
      await expect(instruction(page)).toHaveText(LiveGuidanceText.face_too_small, {
        timeout: 30_000,
      });
      await page.waitForTimeout(2000);
      const tops = await page.evaluate(
        () => (window as unknown as { __captureTops: number[] }).__captureTops,
      );
      expect(tops.length, 'Capture was read').toBeGreaterThan(0);
      expect(tops, 'where Capture has been on the page').toEqual([tops[0]]);
      await context.close();
    });
  });

  test.describe('a dark room', () => {
    let browser: Browser;
    test.beforeAll(async () => {
      browser = await withCamera({ name: 'dark', ...HD, gain: 0.3 });
    });
    test.afterAll(async () => browser.close());

    test('asks for more light and takes no photo', async ({ request, baseURL }) => {
      const { page, context } = await openCamera(browser, baseURL, request);
      await expect(instruction(page)).toHaveText(LiveGuidanceText.too_dark, { timeout: 30_000 });
      await page.waitForTimeout(2000);
      await expect(page.getByLabel('Camera preview')).toBeVisible();
      await expect(page.getByRole('img', { name: 'Photo' })).toHaveCount(0);
      await context.close();
    });
  });
});
