import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, newUser, registerViaApi, signInWithSession as signIn, test } from './fixtures';
import { launchWithFakeCamera, portraitY4m } from './fake-camera';
import { FACE, FACE_HEIC } from './face-photo';

const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lumiskin-scan-e2e-'));

async function typeLocation(page: Page, city: string) {
  await page.getByRole('button', { name: 'Change' }).click();
  const field = page.getByLabel('City');
  await field.fill(city);
  await field.press('Enter');
  await expect(page.getByTestId('scan-location')).toHaveText(city);
}

/** A new account that has given its scan consent, signed in in this browser context. */
async function signedInWithConsent(request: APIRequestContext, context: BrowserContext) {
  const session = await registerViaApi(request, newUser());
  await request.post('/api/analysis/consent', {
    headers: { authorization: `Bearer ${session.access_token}` },
    data: { accepted: true },
  });
  await signIn(context, session);
  return session;
}

/** A consenting account on /scan with `photo` chosen and a place typed, ready to analyse. */
async function photoReadyToScan(
  page: Page,
  request: APIRequestContext,
  context: BrowserContext,
  photo: string,
) {
  await signedInWithConsent(request, context);
  await page.goto('/scan');
  await typeLocation(page, 'Paris, FR');
  await page.getByTestId('scan-upload-input').setInputFiles(photo);
}

/**
 * Keeps the photo the page hands to the upload (the multipart's `image`), as it goes to the
 * network: the test reads what left the phone, not what was chosen.
 */
async function keepSentPhoto(page: Page) {
  await page.addInitScript(() => {
    const send = XMLHttpRequest.prototype.send;
    XMLHttpRequest.prototype.send = function (body) {
      const image = body instanceof FormData ? body.get('image') : null;
      if (image instanceof Blob) (window as unknown as { sentPhoto?: Blob }).sentPhoto = image;
      send.call(this, body);
    };
  });
}

async function sentPhoto(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(async () => {
    const photo = (window as unknown as { sentPhoto?: Blob }).sentPhoto;
    if (!photo) return null;
    const bytes = new Uint8Array(await photo.arrayBuffer());
    let binary = '';
    for (let i = 0; i < bytes.length; i += 0x8000)
      binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(binary);
  });
  if (base64 === null) throw new Error('no photo was sent');
  return Buffer.from(base64, 'base64');
}

/**
 * A JPEG saved as a phone saves one: the upright image's pixels stored a quarter turn round with
 * EXIF orientation 6 to turn them back, and the camera's make and GPS position.
 */
async function asPhoneSavesIt(upright: Buffer | string, file: string) {
  await sharp(upright)
    .rotate(-90)
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: 'Lumiskin test phone' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 2400/100' },
    })
    .jpeg({ quality: 95 })
    .toFile(file);
}

test.describe('scan', () => {
  test.describe.configure({ timeout: 120_000 });

  test('upload a photo with a typed location, give consent, read the full analysis', async ({
    page,
    request,
    context,
  }) => {
    const session = await registerViaApi(request, newUser());
    await signIn(context, session);
    await page.goto('/scan');
    await expect(page.getByRole('heading', { name: /^Hi Ada Tester/ })).toBeVisible();
    await page.getByRole('radio', { name: /Quick/ }).click();
    await page.getByRole('button', { name: 'Redness' }).click();
    await typeLocation(page, 'London, UK');

    await page.getByTestId('scan-upload-input').setInputFiles(FACE);
    await expect(page.getByRole('heading', { name: 'Ready for Analysis' })).toBeVisible();
    await page.getByRole('button', { name: 'Analyse My Skin' }).click();

    // First scan: explicit consent, recorded on the server.
    const dialog = page.getByRole('dialog', { name: 'Before your first scan' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('checkbox').check();
    await dialog.getByRole('button', { name: 'Agree and analyse' }).click();

    await expect(page.getByRole('heading', { name: 'Analysis Complete!' })).toBeVisible({
      timeout: 60_000,
    });
    await expect(page.getByText('London, GB').first()).toBeVisible();
    await page.getByRole('link', { name: /See full analysis/ }).click();

    await expect(page).toHaveURL(/\/analysis\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { name: 'Your skin, zone by zone' })).toBeVisible();
    await expect(
      page.getByRole('img', { name: /Overall skin score \d+ out of 100/ }),
    ).toBeVisible();
    for (const metric of [
      'acne',
      'oiliness',
      'redness',
      'texture',
      'dark_spots',
      'radiance',
      'hydration',
    ]) {
      await expect(page.getByTestId(`metric-${metric}`)).toContainText(/\d+/);
    }
    await expect(page.getByRole('heading', { name: 'Your routine', exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Morning' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Evening' })).toBeVisible();
    await expect(page.getByText(/Broad-spectrum sunscreen SPF \d+/).first()).toBeVisible();
    // The private photo is fetched with the token and drawn with its zones.
    await expect(
      page.getByRole('img', { name: /scan photo with the measured skin zones/ }),
    ).toBeVisible();

    // 'Use this routine'. The first scan already set the routine up, so empty it first: what the
    // dashboard then shows comes from the button.
    const headers = { Authorization: `Bearer ${session.access_token}` };
    const analysisId = page.url().split('/').pop() ?? '';
    type Products = {
      morning: Array<{ id: string; name: string }>;
      evening: Array<{ id: string }>;
    };
    const setUp = (await (await request.get('/api/routine', { headers })).json()) as Products;
    for (const product of [...setUp.morning, ...setUp.evening]) {
      const removed = await request.delete(`/api/routine/products/${product.id}`, { headers });
      expect(removed.status()).toBe(204);
    }
    const analysis = (await (
      await request.get(`/api/analysis/${analysisId}`, { headers })
    ).json()) as { routine: { morning: Array<{ name: string }> } };
    const firstMorningStep = analysis.routine.morning[0]?.name ?? '';
    expect(firstMorningStep).not.toBe('');

    await page.getByRole('button', { name: 'Use this routine' }).click();
    await expect(
      page.getByText(/Routine updated: \d+ morning and \d+ evening steps/).first(),
    ).toBeVisible();
    await page.goto('/dashboard');
    await expect(
      page.getByRole('region', { name: 'Morning routine' }).getByText(firstMorningStep).first(),
    ).toBeVisible();
  });

  test.describe('with the fake camera', () => {
    let browser: Browser;
    test.beforeAll(async () => {
      // 640×480 on a light wall, the portrait filling the height.
      const y4m = await portraitY4m('face', { width: 640, height: 480, background: '#d8d2cc' });
      browser = await launchWithFakeCamera(y4m);
    });
    test.afterAll(async () => {
      await browser.close();
    });

    test('a multi-angle camera scan captures all three angles and completes', async ({
      request,
      baseURL,
    }) => {
      const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
      const session = await signedInWithConsent(request, context);
      // Photos by hand here: auto-capture off (as remembered on the device), so each click takes
      // the angle it names.
      await context.addInitScript(() => localStorage.setItem('lumiskin.scan.autoCapture', 'off'));
      const page = await context.newPage();
      await page.goto('/scan');
      await expect(page.getByRole('radio', { name: /Multi-Angle/ })).toHaveAttribute(
        'aria-checked',
        'true',
      );
      await page.getByRole('button', { name: 'Use Camera' }).click();

      for (const angle of ['Front View', 'Left Profile', 'Right Profile']) {
        const capture = page.getByRole('button', { name: `Capture ${angle}` });
        await expect(capture).toBeEnabled();
        // Guidance runs while the camera is on: the view's own hints until the on-device engine
        // answers, then the engine's one instruction (live-guidance.spec.ts).
        await expect(page.getByLabel('Camera guidance')).toContainText(/\w/);
        await capture.click();
        await expect(page.getByRole('img', { name: angle })).toBeVisible();
      }
      // After the third capture the camera stops and the capture is complete.
      await expect(page.getByLabel('Camera preview')).toHaveCount(0);
      await expect(page.getByRole('heading', { name: 'Ready for Analysis' })).toBeVisible();
      // No position and no known IP on this machine, and no earlier scan: the person picks a
      // place (decision 081).
      await typeLocation(page, 'London, UK');
      await page.getByRole('button', { name: 'Analyse My Skin' }).click();
      await expect(page.getByRole('heading', { name: 'Analysis Complete!' })).toBeVisible({
        timeout: 60_000,
      });

      const analysisId = (
        await page.getByRole('link', { name: /See full analysis/ }).getAttribute('href')
      )
        ?.split('/')
        .pop();
      const stored = await request.get(`/api/analysis/${analysisId}`, {
        headers: { authorization: `Bearer ${session.access_token}` },
      });
      expect((await stored.json()).angles).toEqual(['front', 'left', 'right']);

      await page.getByRole('button', { name: 'New Scan' }).click();
      await expect(page.getByRole('img', { name: 'Front View' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Use Camera' })).toBeVisible();
      await context.close();
    });

    test('the camera opens in view: its preview and Capture button fit a laptop and a phone held sideways', async ({
      request,
      baseURL,
    }) => {
      // "Use Camera" sits low on the page: the preview opened below the fold and Capture further
      // down (at 979 px in a 720 px laptop window, at 638 px in a 375 px phone held sideways).
      for (const viewport of [
        { width: 1280, height: 720 },
        { width: 667, height: 375 },
      ]) {
        const context = await browser.newContext({ baseURL, viewport });
        await signedInWithConsent(request, context);
        const page = await context.newPage();
        await page.emulateMedia({ reducedMotion: 'reduce' });
        await page.goto('/scan');
        await page.getByRole('button', { name: 'Use Camera' }).click();
        const capture = page.getByRole('button', { name: 'Capture Front View' });
        await expect(capture).toBeEnabled();
        const what = `${viewport.width} × ${viewport.height}`;
        await expect(page.getByLabel('Camera preview'), what).toBeInViewport({ ratio: 0.99 });
        await expect(capture, what).toBeInViewport({ ratio: 0.99 });
        // …and not under the sticky header.
        const header = await page.getByRole('banner').boundingBox();
        const preview = await page.getByLabel('Camera preview').boundingBox();
        expect(preview!.y, what).toBeGreaterThanOrEqual(header!.y + header!.height);
        await context.close();
      }
    });
  });

  test('a chosen photo’s next step and the result come into view', async ({
    page,
    request,
    context,
  }) => {
    // The ready panel appeared below the photo step and the fold (its button at 820 px in a
    // 720 px window); focusing the result centred it, its heading under the header.
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await photoReadyToScan(page, request, context, FACE);
    const analyse = page.getByRole('button', { name: 'Analyse My Skin' });
    await expect(analyse).toBeInViewport({ ratio: 1 });
    await analyse.click();
    const result = page.getByRole('region', { name: /Analysis Complete!/ });
    await expect(result).toBeFocused({ timeout: 60_000 });
    const header = (await page.getByRole('banner').boundingBox())!;
    await expect
      .poll(async () => (await result.boundingBox())!.y - (header.y + header.height))
      .toBeGreaterThanOrEqual(0);
    expect((await result.boundingBox())!.y - (header.y + header.height)).toBeLessThanOrEqual(32);
  });

  test('an iPhone HEIC photo: no preview in this browser, analysed on the server (decision 178)', async ({
    page,
    request,
    context,
  }) => {
    await photoReadyToScan(page, request, context, FACE_HEIC);
    await expect(page.getByRole('heading', { name: 'Ready for Analysis' })).toBeVisible();
    // Chromium cannot show a HEIC: a plain tile instead of a broken image.
    const thumbnail = page.getByRole('img', { name: 'astronaut-face.heic' });
    await expect(thumbnail).toContainText('No preview');
    await page.getByRole('button', { name: 'Analyse My Skin' }).click();
    await expect(page.getByRole('heading', { name: 'Analysis Complete!' })).toBeVisible({
      timeout: 60_000,
    });
  });

  test('on a slow connection the photo is seen going out, then analysed', async ({
    page,
    request,
    context,
  }) => {
    await photoReadyToScan(page, request, context, FACE);
    // Mobile data at its worst: the 45 kB photo takes about three seconds to go out.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 100,
      downloadThroughput: 500 * 1024,
      uploadThroughput: 15 * 1024,
    });
    await page.getByRole('button', { name: 'Analyse My Skin' }).click();
    await expect(page.getByRole('button', { name: /^Sending your photo… \d+ %$/ })).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'Photo sent' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Analysis Complete!' })).toBeVisible({
      timeout: 60_000,
    });
  });

  test("a phone's large photo goes upright at twice the analysed size, without its EXIF and GPS; a smaller one as the same image without them", async ({
    page,
    request,
    context,
  }) => {
    // A 12 MP phone photo (3024 × 4032 upright).
    const large = path.join(workDir, 'phone-photo.jpg');
    const upright = await sharp(FACE)
      .resize(3024, 4032, { fit: 'contain', background: '#8a8580' })
      .png()
      .toBuffer();
    await asPhoneSavesIt(upright, large);
    await keepSentPhoto(page);
    await photoReadyToScan(page, request, context, large);
    await page.getByRole('button', { name: 'Analyse My Skin' }).click();
    await expect(page.getByRole('heading', { name: 'Analysis Complete!' })).toBeVisible({
      timeout: 60_000,
    });
    const sent = await sentPhoto(page);
    const meta = await sharp(sent).metadata();
    expect(meta.format).toBe('jpeg');
    // Upright (the orientation applied to the pixels), long side 3200.
    expect([meta.width, meta.height]).toEqual([2400, 3200]);
    expect(meta.exif).toBeUndefined();
    expect(sent.length).toBeLessThan(fs.statSync(large).size);

    // A smaller photo is not saved again (no second JPEG where the analysis would see it): the
    // same image goes, without its EXIF but its orientation.
    const small = path.join(workDir, 'small-photo.jpg');
    await asPhoneSavesIt(FACE, small);
    await page.getByRole('button', { name: 'New Scan' }).click();
    await page.getByTestId('scan-upload-input').setInputFiles(small);
    await page.getByRole('button', { name: 'Analyse My Skin' }).click();
    await expect(page.getByRole('heading', { name: 'Analysis Complete!' })).toBeVisible({
      timeout: 60_000,
    });
    const sentSmall = await sentPhoto(page);
    expect(sentSmall.includes('Lumiskin test phone')).toBe(false);
    expect((await sharp(sentSmall).metadata()).orientation).toBe(6);
    const pixels = (file: Buffer | string) => sharp(file).rotate().raw().toBuffer();
    expect((await pixels(sentSmall)).equals(await pixels(small))).toBe(true);
  });

  test("a photo without a face shows 'Analysis Error' with the engine's message", async ({
    page,
    request,
    context,
  }) => {
    await signedInWithConsent(request, context);
    const noFace = path.join(workDir, 'wall.jpg');
    await sharp({ create: { width: 800, height: 600, channels: 3, background: '#cbb8a6' } })
      .jpeg()
      .toFile(noFace);

    await page.goto('/scan');
    await typeLocation(page, 'Paris, FR');
    await page.getByTestId('scan-upload-input').setInputFiles(noFace);
    await page.getByRole('button', { name: 'Analyse My Skin' }).click();
    const error = page.getByRole('alert').filter({ hasText: 'Analysis Error' });
    await expect(error).toBeVisible({ timeout: 60_000 });
    await expect(error).toContainText('We could not find a face in this photo.');
    // The person stays on capture with the photo, ready to try again.
    await expect(page.getByRole('heading', { name: 'Ready for Analysis' })).toBeVisible();
  });

  test('a made-up city is refused when typed, the last place is kept, and real places are offered', async ({
    page,
    request,
    context,
  }) => {
    await signedInWithConsent(request, context);
    await page.goto('/scan');
    // A new account on a machine without a position or a known IP has no place yet (decision 081).
    const shown = page.getByTestId('scan-location').or(page.getByTestId('scan-location-missing'));
    const before = await shown.textContent();
    await page.getByRole('button', { name: 'Change' }).click();
    const field = page.getByLabel('City');
    await field.fill('Atlantis, XX');
    await field.press('Enter');
    await expect(page.getByRole('alert')).toContainText('We could not find “Atlantis, XX”');
    await expect(shown).toHaveText(before ?? '');
    // A real place typed instead is taken at once, and the scan goes through with it.
    await field.fill('Lyon, FR');
    await field.press('Enter');
    await expect(page.getByTestId('scan-location')).toHaveText(/^Lyon/);
    await page.getByTestId('scan-upload-input').setInputFiles(FACE);
    await page.getByRole('button', { name: 'Analyse My Skin' }).click();
    await expect(page.getByRole('link', { name: /See full analysis/ })).toBeVisible({
      timeout: 90_000,
    });
  });
});
