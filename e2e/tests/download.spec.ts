import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/** Chromium fires this when a site is installable; headless test runs never are, so we send it. */
async function offerInstall(page: Page) {
  await page.evaluate(() => {
    const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & {
      prompt: () => Promise<void>;
      userChoice: Promise<{ outcome: string }>;
    };
    (window as unknown as { __prompted: number }).__prompted = 0;
    event.prompt = () => {
      (window as unknown as { __prompted: number }).__prompted++;
      return Promise.resolve();
    };
    event.userChoice = Promise.resolve({ outcome: 'accepted' });
    window.dispatchEvent(event);
  });
}

test.describe('the app download page and the install banner', () => {
  test('/download is server-rendered with everything the spec lists, and says no APK honestly', async ({
    page,
  }) => {
    const response = await page.goto('/download');
    expect(await response?.text()).toContain('Lumiskin in your pocket');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Lumiskin in your pocket');
    // Without an APK, the web app's three steps (decision 082).
    await expect(page.getByRole('heading', { level: 3 })).toHaveCount(6 + 3);
    await expect(page.getByRole('heading', { name: 'Install the web app' })).toBeVisible();
    await expect(page.getByText(/Download for Android/)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'iOS Coming Soon' })).toBeDisabled();
    await expect(page.getByTestId('apk-missing')).toContainText('not been published');
    await expect(
      page.getByText('It updates itself: there is nothing to download again.'),
    ).toBeVisible();
    await expect(page.getByText(/there is no date yet/)).toBeVisible();
  });

  test('the install banner appears 5 s after the offer, Install opens the dialog, and the choice is remembered', async ({
    page,
  }) => {
    await page.clock.install();
    await page.goto('/');
    await page.waitForSelector('html[data-app-ready]');
    // From here the page's time moves only by runFor: an installed clock otherwise keeps ticking
    // with the wall clock, and on a busy host a second or two passed between the offer and the
    // check, so the banner was already up at "4 s" (CI, 2026-11-30).
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
    const banner = page.getByRole('region', { name: 'Install Lumiskin' });
    await offerInstall(page);
    await page.clock.runFor(4000);
    await expect(banner).toBeHidden();
    await page.clock.runFor(1500);
    await expect(banner).toBeVisible();
    await banner.getByRole('button', { name: 'Install' }).click();
    await expect(banner).toBeHidden();
    expect(
      await page.evaluate(() => (window as unknown as { __prompted: number }).__prompted),
    ).toBe(1);

    // The page starts with time running (its start-up waits on timers); a remembered choice
    // shows no banner however long the offer waits.
    await page.clock.resume();
    await page.reload();
    await page.waitForSelector('html[data-app-ready]');
    await offerInstall(page);
    await page.clock.runFor(10_000);
    await expect(banner).toBeHidden();
  });
});
