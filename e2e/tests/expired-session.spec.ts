import { expect, test } from './fixtures';

/**
 * Issue 13 item 6: a token the server no longer knows (expired, revoked, or never issued) must not
 * take a visitor off a public page; the session is cleared quietly and the visitor header shows.
 */
test('a bogus stored token on / leaves the visitor on / with the visitor header and no errors', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    // Chromium itself reports every 4xx answer ("Failed to load resource"); the refused token is
    // the premise of the test. Anything the page logs counts.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
      errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));

  // Storage is per origin: open a page of the app once, then store the stale session.
  await page.goto('/terms');
  await page.evaluate(() => {
    localStorage.setItem('lumiskin_token', 'bogus-token-from-an-old-session');
    localStorage.setItem(
      'lumiskin_user',
      JSON.stringify({
        id: '00000000-0000-4000-8000-000000000000',
        name: 'Old Session',
        email: 'old.session@example.test',
        role: 'user',
        created_at: '2026-01-01T00:00:00.000Z',
        profile: {},
      }),
    );
  });
  errors.length = 0;

  const refused = page.waitForResponse(
    (res) => res.url().includes('/api/') && res.status() === 401,
  );
  await page.goto('/');
  await refused;

  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Get Started' })).toBeVisible();
  // Give a late redirect the chance to happen before checking it did not.
  await page.waitForTimeout(1000);
  expect(new URL(page.url()).pathname).toBe('/');
  await expect(page.getByRole('link', { name: 'Login' }).first()).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('lumiskin_token'))).toBeNull();
  expect(errors).toEqual([]);
});
