import type { Page } from '@playwright/test';
import { expect, loginViaUi, newUser, registerViaApi, signedInNewUser, test } from './fixtures';

const PROMPTS = ['Install Lumiskin', 'Routine reminders'];

/** What a browser does when the site may be installed (Chromium decides on its own when). */
async function offerInstall(page: Page) {
  await page.evaluate(() => {
    const event = new Event('beforeinstallprompt', { cancelable: true });
    Object.assign(event, { prompt: () => Promise.resolve(), userChoice: Promise.resolve() });
    window.dispatchEvent(event);
  });
}

async function visiblePrompts(page: Page) {
  const shown: string[] = [];
  for (const name of PROMPTS)
    if (await page.getByRole('region', { name }).isVisible()) shown.push(name);
  return shown;
}

/** Buttons and links outside the prompt that its box covers. */
async function coveredControls(page: Page, name: string) {
  return page.evaluate((label) => {
    const prompt = document.querySelector(`section[aria-label="${label}"]`);
    if (!prompt) return ['(no prompt)'];
    const p = prompt.getBoundingClientRect();
    const covered: string[] = [];
    for (const el of Array.from(
      document.querySelectorAll<HTMLElement>('a, button, input, [role="tab"]'),
    )) {
      if (prompt.contains(el)) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.pointerEvents === 'none' || style.opacity === '0')
        continue;
      const b = el.getBoundingClientRect();
      if (b.width === 0 || b.height === 0) continue;
      const overlaps = b.left < p.right && b.right > p.left && b.top < p.bottom && b.bottom > p.top;
      if (overlaps) covered.push((el.getAttribute('aria-label') ?? el.textContent ?? '').trim());
    }
    return covered;
  }, name);
}

test.describe('prompts', () => {
  test.describe.configure({ timeout: 120_000 });

  test('one prompt at a time, none on a scan, none over a control; the bell is in a phone’s header', async ({
    page,
    request,
  }) => {
    const user = newUser();
    const { access_token } = await registerViaApi(request, user);
    // A routine to be reminded of: the reminders card may ask.
    const added = await request.post('/api/routine/products', {
      headers: { authorization: `Bearer ${access_token}` },
      data: {
        name: 'Gentle cleanser',
        type: 'cleanser',
        purpose: 'Cleanses without stripping',
        application_time: 'morning',
        frequency: 'daily',
      },
    });
    expect(added.status(), await added.text()).toBe(201);
    await page.setViewportSize({ width: 360, height: 740 });
    await loginViaUi(page, user);
    await expect(page).toHaveURL(/\/dashboard$/);

    // The bell is in the header on a phone, not only inside the menu.
    await expect(
      page.getByRole('banner').getByRole('button', { name: /Notifications/ }),
    ).toBeVisible();

    await offerInstall(page);
    // The install banner waits 5 s after the offer; both would be on screen by now.
    await page.waitForTimeout(6_000);
    const shown = await visiblePrompts(page);
    expect(shown).toHaveLength(1);
    // Nothing else floats beside it.
    await expect(page.getByRole('link', { name: 'Quick Scan' })).toHaveCount(0);
    // At the end of the page, the layout leaves room: nothing is under it.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForTimeout(300);
    expect(await coveredControls(page, shown[0]!)).toEqual([]);

    // Answered: the other prompt's turn, alone too.
    await page
      .getByRole('region', { name: shown[0]! })
      .getByRole('button', { name: 'Close' })
      .click();
    if (shown[0] === 'Routine reminders') {
      await expect(page.getByRole('region', { name: 'Install Lumiskin' })).toBeVisible();
      expect(await visiblePrompts(page)).toEqual(['Install Lumiskin']);
      await page
        .getByRole('region', { name: 'Install Lumiskin' })
        .getByRole('button', { name: 'Later' })
        .click();
    }
    await expect(page.getByRole('region', { name: 'Install Lumiskin' })).toHaveCount(0);
  });

  test('no prompt opens on the scan page', async ({ page, request }) => {
    await signedInNewUser(page, request);
    await page.goto('/scan');
    await offerInstall(page);
    await page.waitForTimeout(6_000);
    expect(await visiblePrompts(page)).toEqual([]);
    // Back on a calm page, the offer is made.
    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    await expect(page.getByRole('region', { name: 'Install Lumiskin' })).toBeVisible({
      timeout: 10_000,
    });
  });
});
