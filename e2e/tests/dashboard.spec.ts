import type { Page } from '@playwright/test';
import {
  expect,
  loginViaUi,
  newUser,
  registerViaApi,
  test,
  userWithScans,
  type TestUser,
} from './fixtures';

async function signIn(page: Page, user: TestUser) {
  await loginViaUi(page, user);
  await expect(page).toHaveURL(/\/dashboard$/);
}

test.describe('dashboard', () => {
  test.describe.configure({ timeout: 180_000 });

  test('a user with two scans sees the counts, the chart, the trends and the history', async ({
    page,
    request,
  }) => {
    const { user } = await userWithScans(request, ['London, GB', 'Paris, FR']);
    await signIn(page, user);

    await expect(page.getByRole('heading', { name: `Welcome, ${user.name}` })).toBeVisible();
    await expect(page.getByTestId('scans-completed')).toHaveText('2 scans completed');
    await expect(page.getByTestId('stat-Total Scans')).toContainText('2');
    await expect(page.getByTestId('stat-This Week')).toContainText('2');
    // Scans are not the streak: the day streak counts daily challenges (the quiz hub's number).
    await expect(page.getByTestId('stat-Day streak')).toContainText('0 days');
    // Scores are bare numbers everywhere, as on the analysis page (issue 13).
    await expect(page.getByTestId('stat-Avg Skin Score')).toContainText(/\d+/);
    await expect(page.getByTestId('stat-Avg Skin Score')).not.toContainText('%');

    await expect(page.getByRole('heading', { name: 'Latest Scan Results' })).toBeVisible();
    await expect(page.getByRole('link', { name: /View Full Analysis/ })).toBeVisible();

    // The chart draws one point per scan on each line: overall plus the two metrics shown first.
    const chart = page.getByTestId('score-chart');
    await chart.scrollIntoViewIfNeeded();
    if (process.env.DS_SHOTS) {
      await page.screenshot({ path: '/tmp/ds-dash.png', fullPage: true });
      await page.setViewportSize({ width: 390, height: 800 });
      await page.screenshot({ path: '/tmp/ds-dash-mobile.png', fullPage: true });
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.evaluate(() => localStorage.setItem('lumiskin_theme', 'dark'));
      await page.reload();
      await page.getByTestId('score-chart').scrollIntoViewIfNeeded();
      await page.waitForTimeout(500);
      await page.screenshot({ path: '/tmp/ds-dash-dark.png', fullPage: true });
      await page.goto('/profile');
      await page.screenshot({ path: '/tmp/ds-profile-dark.png', fullPage: true });
      for (const tab of ['History', 'Products', 'Settings']) {
        await page.getByRole('tab', { name: tab }).click();
        await page.screenshot({ path: `/tmp/ds-profile-${tab}.png`, fullPage: true });
      }
      await page.evaluate(() => localStorage.setItem('lumiskin_theme', 'light'));
      await page.goto('/privacy');
      await page.screenshot({ path: '/tmp/ds-privacy.png', fullPage: false });
      await page.goto('/dashboard');
    }
    await expect(chart.locator('.recharts-dot')).toHaveCount(6);

    // Two scans in the list, newest first; only the newest has an older one to compare with.
    const rows = page.getByTestId('scan-list').getByRole('listitem');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0).locator('[data-trend]')).toHaveCount(3);
    await expect(rows.nth(1).locator('[data-trend]')).toHaveCount(0);
    // The same photo twice: every metric within its noise band (decision 089), so 'No change'.
    await expect(rows.nth(0).locator('[data-trend="same"]')).toHaveCount(3);
    await expect(rows.nth(0).locator('[data-trend="same"]').first()).toHaveText(/No change/);
    await expect(rows.nth(0)).toContainText('Paris, FR');
    await expect(rows.nth(1)).toContainText('London, GB');

    // The first analysis set the routine up, and the history says so.
    await expect(page.getByRole('region', { name: 'Routine History' })).toContainText('Set up');
    await expect(page.getByTestId('routine-summary')).toContainText(/1\s*Routine changes/);

    // The profile shows both scans, numbered from the newest.
    await page.goto('/profile');
    await expect(page.getByTestId('profile-scans')).toHaveText('2');
    await expect(page.getByTestId('profile-improvement')).toHaveText(/^No change since \S+ \S+$/);
    await page.getByRole('tab', { name: 'History' }).click();
    await expect(page.getByTestId('profile-history').getByRole('listitem')).toHaveCount(2);
  });

  test('a routine product added survives a reload and is logged in the history', async ({
    page,
    request,
  }) => {
    const user = newUser();
    await registerViaApi(request, user);
    await signIn(page, user);
    await expect(page.getByRole('heading', { name: 'No scans yet' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Take Your First Scan' })).toHaveAttribute(
      'href',
      '/scan',
    );

    await page.getByRole('button', { name: 'Add Product' }).click();
    const dialog = page.getByRole('dialog');
    const submit = dialog.getByRole('button', { name: 'Add to routine' });
    await dialog.getByLabel('Product name').fill('   ');
    await dialog.getByLabel('What it is for').fill('Calms redness');
    await expect(submit).toBeDisabled();
    await dialog.getByLabel('Product name').fill('Centella Night Serum');
    await dialog.getByLabel('Type').click();
    await page.getByRole('option', { name: 'Serum' }).click();
    await dialog.getByRole('radio', { name: 'Evening' }).check();
    await submit.click();
    await expect(dialog).toBeHidden();

    const evening = page.getByRole('region', { name: 'Evening routine' });
    await expect(evening).toContainText('Centella Night Serum');
    await page.reload();
    await expect(evening).toContainText('Centella Night Serum');
    await expect(evening).toContainText('1 product');
    const summary = page.getByTestId('routine-summary');
    await expect(summary).toContainText('Active treatments');
    await expect(page.getByRole('region', { name: 'Routine History' })).toContainText(
      'Centella Night Serum',
    );

    await evening.getByRole('button', { name: 'Remove Centella Night Serum' }).click();
    await expect(evening).toContainText('Nothing here yet.');
    // The removal is sent once its undo time (5 s) is up.
    await expect(page.getByRole('region', { name: 'Routine History' })).toContainText(
      'Product discontinued',
      { timeout: 15_000 },
    );
  });

  test('a profile edit survives a reload', async ({ page, request }) => {
    const user = newUser();
    await registerViaApi(request, user);
    await signIn(page, user);
    await page.goto('/profile');
    await page.getByLabel('Full name').fill('Grace Glow');
    await page.getByLabel('Skin type').click();
    await page.getByRole('option', { name: 'oily' }).click();
    await page.getByRole('button', { name: 'Blackheads' }).click();
    await page.getByLabel('Additional notes').fill('Allergic to lanolin');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Profile updated successfully!').first()).toBeVisible();

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Grace Glow' })).toBeVisible();
    await expect(page.getByLabel('Full name')).toHaveValue('Grace Glow');
    await expect(page.getByLabel('Additional notes')).toHaveValue('Allergic to lanolin');
    await expect(page.getByRole('button', { name: 'Blackheads' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(page.getByText('oily skin')).toBeVisible();
  });

  test('delete account, then logging in fails with the login error', async ({ page, request }) => {
    const user = newUser();
    await registerViaApi(request, user);
    await signIn(page, user);
    await page.goto('/profile');
    await page.getByRole('tab', { name: 'Settings' }).click();
    await page.getByRole('button', { name: 'Delete Account' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Your password').fill('not-my-password');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expect(dialog.getByText(/not correct/)).toBeVisible();
    await dialog.getByLabel('Your password').fill(user.password);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expect(page).toHaveURL(/\/$/);

    await loginViaUi(page, user);
    await expect(
      page.getByRole('alert').filter({ hasText: 'Invalid email or password' }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
  });
});
