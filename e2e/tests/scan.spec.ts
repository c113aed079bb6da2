import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, newUser, registerViaApi, test } from './fixtures';
import { FACE } from './face-photo';

const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lumiskin-scan-e2e-'));

/**
 * A .y4m clip of the fixture face for Chromium's fake camera (`--use-file-for-fake-video-capture`):
 * 640×480, one 4:2:0 frame (Chromium loops it), BT.601 limited range.
 */
async function faceY4m(): Promise<string> {
  const [W, H] = [640, 480];
  const { data } = await sharp(FACE)
    .resize(H, H)
    .extend({ left: (W - H) / 2, right: (W - H) / 2, background: '#d8d2cc' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const y = Buffer.alloc(W * H);
  const u = Buffer.alloc((W / 2) * (H / 2));
  const v = Buffer.alloc((W / 2) * (H / 2));
  for (let j = 0; j < H; j++) {
    for (let i = 0; i < W; i++) {
      const p = (j * W + i) * 3;
      const [r, g, b] = [data[p] ?? 0, data[p + 1] ?? 0, data[p + 2] ?? 0];
      y[j * W + i] = Math.round(16 + 0.257 * r + 0.504 * g + 0.098 * b);
      if (j % 2 === 0 && i % 2 === 0) {
        const c = (j / 2) * (W / 2) + i / 2;
        u[c] = Math.round(128 - 0.148 * r - 0.291 * g + 0.439 * b);
        v[c] = Math.round(128 + 0.439 * r - 0.368 * g - 0.071 * b);
      }
    }
  }
  const file = path.join(workDir, 'face.y4m');
  fs.writeFileSync(
    file,
    Buffer.concat([Buffer.from(`YUV4MPEG2 W${W} H${H} F30:1 Ip A1:1 C420jpeg\nFRAME\n`), y, u, v]),
  );
  return file;
}

/** Signs the browser in by storing the session the way the app does (the keys of docs/product-rules.md#session). */
async function signIn(context: BrowserContext, session: { access_token: string; user: unknown }) {
  await context.addInitScript(
    ([token, user]) => {
      localStorage.setItem('lumiskin_token', token);
      localStorage.setItem('lumiskin_user', user);
    },
    [session.access_token, JSON.stringify(session.user)] as const,
  );
}

async function typeLocation(page: Page, city: string) {
  await page.getByRole('button', { name: 'Change' }).click();
  const field = page.getByLabel('City');
  await field.fill(city);
  await field.press('Enter');
  await expect(page.getByTestId('scan-location')).toHaveText(city);
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
    await page.getByRole('button', { name: 'Analyze My Skin' }).click();

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
      const y4m = await faceY4m();
      browser = await chromium.launch({
        executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
        args: [
          '--no-sandbox',
          '--disable-gpu',
          '--disable-dev-shm-usage',
          '--use-fake-ui-for-media-stream',
          '--use-fake-device-for-media-stream',
          `--use-file-for-fake-video-capture=${y4m}`,
        ],
      });
    });
    test.afterAll(async () => {
      await browser.close();
    });

    test('a multi-angle camera scan captures all three angles and completes', async ({
      request,
      baseURL,
    }) => {
      const session = await registerViaApi(request, newUser());
      await request.post('/api/analysis/consent', {
        headers: { authorization: `Bearer ${session.access_token}` },
        data: { accepted: true },
      });
      const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
      await signIn(context, session);
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
        // Live guidance runs while the camera is on.
        await expect(page.getByRole('list', { name: 'Camera guidance' })).toContainText(
          /light|dim|dark|bright/i,
        );
        await capture.click();
        await expect(page.getByRole('img', { name: angle })).toBeVisible();
      }
      // After the third capture the camera stops and the capture is complete.
      await expect(page.getByLabel('Camera preview')).toHaveCount(0);
      await expect(page.getByRole('heading', { name: 'Ready for Analysis' })).toBeVisible();
      // No position and no known IP on this machine, and no earlier scan: the person picks a
      // place (decision 081).
      await typeLocation(page, 'London, UK');
      await page.getByRole('button', { name: 'Analyze My Skin' }).click();
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
  });

  test("a photo without a face shows 'Analysis Error' with the engine's message", async ({
    page,
    request,
    context,
  }) => {
    const session = await registerViaApi(request, newUser());
    await request.post('/api/analysis/consent', {
      headers: { authorization: `Bearer ${session.access_token}` },
      data: { accepted: true },
    });
    await signIn(context, session);
    const noFace = path.join(workDir, 'wall.jpg');
    await sharp({ create: { width: 800, height: 600, channels: 3, background: '#cbb8a6' } })
      .jpeg()
      .toFile(noFace);

    await page.goto('/scan');
    await typeLocation(page, 'Paris, FR');
    await page.getByTestId('scan-upload-input').setInputFiles(noFace);
    await page.getByRole('button', { name: 'Analyze My Skin' }).click();
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
    const session = await registerViaApi(request, newUser());
    await request.post('/api/analysis/consent', {
      headers: { authorization: `Bearer ${session.access_token}` },
      data: { accepted: true },
    });
    await signIn(context, session);
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
    await page.getByRole('button', { name: 'Analyze My Skin' }).click();
    await expect(page.getByRole('link', { name: /See full analysis/ })).toBeVisible({
      timeout: 90_000,
    });
  });
});
