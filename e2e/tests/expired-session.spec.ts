import { expect, signedInNewUser, test, tokenOf } from './fixtures';

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
  await expect(header.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Get Started' })).toBeVisible();
  // Give a late redirect the chance to happen before checking it did not.
  await page.waitForTimeout(1000);
  expect(new URL(page.url()).pathname).toBe('/');
  await expect(page.getByRole('link', { name: 'Sign in' }).first()).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('lumiskin_token'))).toBeNull();
  expect(errors).toEqual([]);
});

/**
 * A session ended elsewhere (here: the person signs this browser out from another device, decision
 * 182) while a signed-in page is open: the next request's 401 opens the login page with a note
 * and the way back, and signing in again returns to the same page.
 */
test('a browser signed out from another device says so on the login page, and goes back after signing in', async ({
  page,
  request,
}) => {
  const user = await signedInNewUser(page, request);
  await page.goto('/profile');
  await page.getByRole('tab', { name: 'Settings' }).click();
  const devices = page.getByRole('list', { name: 'Signed-in devices' });
  await expect(devices.getByText('This device')).toBeVisible();

  // This browser's session, as its own list marks it.
  const token = await page.evaluate(() => localStorage.getItem('lumiskin_token'));
  const mine = await request.get('/api/users/me/sessions', {
    headers: { authorization: `Bearer ${token}` },
  });
  const browser = ((await mine.json()) as { sessions: { id: string; current: boolean }[] })
    .sessions[0]!;
  expect(browser.current).toBe(true);
  // The person's phone signs in and signs this browser out.
  const phone = await tokenOf(request, user);
  const ended = await request.delete(`/api/users/me/sessions/${browser.id}`, { headers: phone });
  expect(ended.status()).toBe(204);

  // The browser's next request (the session check of a page opened again) is refused.
  await page.reload();
  await expect(page).toHaveURL(/\/login\?redirect=%2Fprofile/);
  await expect(
    page.getByRole('status').filter({ hasText: 'Your session has ended' }),
  ).toBeVisible();

  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/profile/);
  // The phone's session was never touched.
  expect((await request.get('/api/auth/me', { headers: phone })).status()).toBe(200);
});

test('signs other devices out from Settings, one and then the rest: their tokens stop working at once', async ({
  page,
  request,
}) => {
  // Signed in here, and (registration aside) on a phone and a tablet.
  const user = await signedInNewUser(page, request);
  const phone = await tokenOf(request, user);
  const tablet = await tokenOf(request, user);
  await page.goto('/profile');
  await page.getByRole('tab', { name: 'Settings' }).click();
  const devices = page.getByRole('list', { name: 'Signed-in devices' });
  await expect(devices.getByRole('listitem')).toHaveCount(4);
  await expect(devices.getByRole('listitem').first()).toContainText('This device');

  // The most recently used other device is listed first after this one: the tablet.
  await devices
    .getByRole('button', { name: /^Sign out / })
    .first()
    .click();
  await expect(devices.getByRole('listitem')).toHaveCount(3);
  expect((await request.get('/api/auth/me', { headers: tablet })).status()).toBe(401);
  expect((await request.get('/api/auth/me', { headers: phone })).status()).toBe(200);

  await page.getByRole('button', { name: 'Sign out of all other devices' }).click();
  await expect(page.getByText('Signed out of 2 other devices.', { exact: true })).toBeVisible();
  await expect(devices.getByRole('listitem')).toHaveCount(1);
  expect((await request.get('/api/auth/me', { headers: phone })).status()).toBe(401);
  await expect(devices.getByText('This device')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Settings' })).toBeVisible();
});

test('a sign-in on a new kind of device shows in the bell, which opens the devices list to sign it out', async ({
  page,
  request,
}) => {
  const user = await signedInNewUser(page, request);
  // Someone signs in on an iPhone (this browser is Chrome on Windows).
  const iphone = await request.post('/api/auth/login', {
    headers: {
      'user-agent':
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
    },
    data: { email: user.email, password: user.password },
  });
  expect(iphone.status()).toBe(200);
  const stranger = {
    authorization: `Bearer ${((await iphone.json()) as { access_token: string }).access_token}`,
  };

  await page.goto('/profile');
  await page.getByRole('button', { name: 'Notifications, 1 unread' }).click();
  await page.getByRole('button', { name: /New sign-in: Safari on iPhone/ }).click();
  await expect(page).toHaveURL(/\/profile\?tab=settings#devices$/);
  await expect(page.getByRole('tab', { name: 'Settings' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByRole('heading', { name: 'Where you’re signed in' })).toBeFocused();
  const devices = page.getByRole('list', { name: 'Signed-in devices' });
  await devices
    .getByRole('listitem')
    .filter({ hasText: 'Safari on iPhone' })
    .getByRole('button', { name: /^Sign out / })
    .click();
  await expect(page.getByText('Safari on iPhone is signed out.', { exact: true })).toBeVisible();
  expect((await request.get('/api/auth/me', { headers: stranger })).status()).toBe(401);
});
