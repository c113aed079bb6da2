import { expect, loginViaUi, newUser, registerViaApi, test } from './fixtures';

test.describe('offline', () => {
  test.describe.configure({ timeout: 120_000 });

  test('reloading the dashboard and an article list offline shows what was seen last, with a bar', async ({
    page,
    context,
    request,
  }) => {
    const user = newUser();
    await registerViaApi(request, user);
    await loginViaUi(page, user);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId('scans-completed')).toHaveText('0 scans completed');
    // The service worker is registered once the page is idle; wait until it controls the page.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await expect(page.getByTestId('scans-completed')).toHaveText('0 scans completed');
    await page.getByRole('link', { name: 'Learn & Glow' }).first().click();
    const card = page.getByTestId('post-card').first();
    await expect(card).toBeVisible();
    const firstArticle = (await card.getByRole('heading').first().textContent())?.trim();
    expect(firstArticle?.length).toBeGreaterThan(3);
    // Let the cache be written (batched every second).
    await page.waitForTimeout(1500);

    await context.setOffline(true);
    for (const [url, check] of [
      [
        '/dashboard',
        () => expect(page.getByTestId('scans-completed')).toHaveText('0 scans completed'),
      ],
      ['/learn', () => expect(page.getByText(firstArticle as string).first()).toBeVisible()],
    ] as const) {
      await page.goto(url);
      await check();
      await expect(page.getByRole('status').filter({ hasText: 'You’re offline' })).toBeVisible();
      await expect(page.getByRole('progressbar', { name: 'Loading page' })).toHaveCount(0);
    }
    await context.setOffline(false);
  });
});
