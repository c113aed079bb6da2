import fs from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, loginViaUi, newUser, registerViaApi, test } from './fixtures';

/**
 * Issue 13 item 3: on a phone the floating Quick Scan button must never sit on something a person
 * would tap. Checked at the end of each page (where the button is back on screen, over the last
 * content), at 360 and 390 px: no visible link, button or control overlaps the button's box.
 */

/** The shared fixture portrait (public domain, see its README). */
const FACE = '/work/shared/fixtures/faces/astronaut-face.jpg';
const WIDTHS = [360, 390];
/** The server refuses a quiz answered faster than one second per question (docs/quiz-rules.md). */
const READING_MS = 1_100;

async function userWithScans(request: APIRequestContext) {
  const user = newUser();
  const { access_token: token } = await registerViaApi(request, user);
  const headers = { authorization: `Bearer ${token}` };
  const consent = await request.post('/api/analysis/consent', {
    headers,
    data: { accepted: true },
  });
  expect(consent.ok(), await consent.text()).toBe(true);
  let id = '';
  for (const location of ['London, GB', 'Paris, FR']) {
    const res = await request.post('/api/analysis/scan-upload', {
      headers,
      multipart: {
        image: { name: 'face.jpg', mimeType: 'image/jpeg', buffer: fs.readFileSync(FACE) },
        location,
      },
      timeout: 90_000,
    });
    expect(res.status(), await res.text()).toBeLessThan(300);
    id = ((await res.json()) as { id: string }).id;
  }
  return { user, analysisId: id };
}

/** Every visible tappable element whose box overlaps the Quick Scan button's box. */
function tappablesUnderButton(page: Page) {
  return page.evaluate(() => {
    const fab = document.querySelector('a[aria-label="Quick Scan"]');
    if (!fab) throw new Error('no Quick Scan button on this page');
    const f = fab.getBoundingClientRect();
    const selector =
      'a[href], button, input, select, textarea, summary, [role="button"], [role="tab"], [role="link"], [tabindex]:not([tabindex="-1"])';
    const hits: string[] = [];
    for (const el of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
      if (el === fab || fab.contains(el) || el.closest('[aria-hidden="true"]')) continue;
      const r = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      if (r.width < 2 || r.height < 2 || style.visibility === 'hidden' || style.opacity === '0')
        continue;
      if (r.right <= f.left || r.left >= f.right || r.bottom <= f.top || r.top >= f.bottom)
        continue;
      const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40);
      hits.push(
        `${el.tagName.toLowerCase()} "${name}" at ${Math.round(r.top)}–${Math.round(r.bottom)}`,
      );
    }
    return { hits, fab: `${Math.round(f.top)}–${Math.round(f.bottom)}` };
  });
}

/** Scrolls to the end of the page, waits for the button to be back, checks what lies under it. */
async function expectNothingTappableUnderButton(page: Page, where: string) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 780 });
    // Twice: content that renders as it comes into view can make the page longer.
    for (let i = 0; i < 2; i++) {
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await page.waitForTimeout(300);
    }
    const fab = page.getByRole('link', { name: 'Quick Scan' });
    await expect(fab).toBeVisible();
    await expect(fab).not.toHaveAttribute('data-hidden');
    const { hits, fab: box } = await tappablesUnderButton(page);
    expect(hits, `${where} at ${width} px: under the Quick Scan button (${box})`).toEqual([]);
  }
}

test.describe('the Quick Scan button on a phone', () => {
  test.describe.configure({ timeout: 180_000 });

  test('covers nothing tappable at the end of the dashboard, profile, analysis and quiz results', async ({
    page,
    request,
  }) => {
    const { user, analysisId } = await userWithScans(request);
    await page.setViewportSize({ width: 390, height: 780 });
    await loginViaUi(page, user);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId('score-tile').first()).toBeVisible();
    await expectNothingTappableUnderButton(page, 'dashboard');

    await page.goto('/profile');
    await expect(page.getByRole('tab').first()).toBeVisible();
    await expectNothingTappableUnderButton(page, 'profile');
    await page.getByRole('tab', { name: 'History' }).click();
    await expectNothingTappableUnderButton(page, 'profile history');

    await page.goto(`/analysis/${analysisId}`);
    await expect(page.getByRole('heading', { name: 'Your skin, zone by zone' })).toBeVisible();
    await expectNothingTappableUnderButton(page, 'analysis');

    await page.goto('/quiz/daily');
    for (let n = 1; n <= 5; n += 1) {
      await expect(page.getByText(`Question ${n} of 5`)).toBeVisible();
      await page.waitForTimeout(READING_MS);
      await page.getByRole('radio').first().check({ force: true });
      await page.getByRole('button', { name: n === 5 ? 'Submit Quiz' : 'Next Question' }).click();
    }
    await expect(page.getByRole('heading', { name: 'Quiz complete!' })).toBeVisible();
    await expectNothingTappableUnderButton(page, 'quiz results');
  });
});
