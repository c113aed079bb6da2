import { expect, loginViaUi, newUser, registerViaApi, signedInNewUser, test } from './fixtures';

// With the motion a person without a reduced-motion setting sees (playwright.config.ts).
test.use({ reducedMotion: 'no-preference' });

test('register, land on the dashboard, stay signed in across a reload, log out', async ({
  page,
}) => {
  const user = newUser();
  await page.goto('/register');
  await page.getByLabel('Full name').fill(user.name);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Confirm password').fill(user.password);
  await page.getByRole('checkbox', { name: /terms/i }).check();
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  // A first visit is greeted with "Welcome", a return with "Welcome back" (issue 13).
  await expect(page.getByRole('heading', { name: `Welcome, ${user.name}` })).toBeVisible();
  const token = await page.evaluate(() => localStorage.getItem('lumiskin_token'));
  expect(token).toBeTruthy();

  await page.reload();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: `Welcome back, ${user.name}` })).toBeVisible();

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login/);
  expect(await page.evaluate(() => localStorage.getItem('lumiskin_token'))).toBeNull();

  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login/);
});

test('a wrong password shows the server message and stays on the login page', async ({
  page,
  request,
}) => {
  const user = newUser();
  await registerViaApi(request, user);
  await loginViaUi(page, { email: user.email, password: 'not-the-password' });
  await expect(
    page.getByRole('alert').filter({ hasText: 'Invalid email or password' }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});

test('a token revoked on the server sends the user to /login on the next call', async ({
  page,
  request,
}) => {
  await signedInNewUser(page, request);

  const token = await page.evaluate(() => localStorage.getItem('lumiskin_token'));
  const revoked = await request.post('/api/auth/logout', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(revoked.ok()).toBe(true);

  await page.reload();
  await expect(page).toHaveURL(/\/login/);
  expect(await page.evaluate(() => localStorage.getItem('lumiskin_user'))).toBeNull();
});

test('a signed-out visitor opening /dashboard is sent to /login and returns after signing in', async ({
  page,
  request,
}) => {
  const user = newUser();
  await registerViaApi(request, user);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});
