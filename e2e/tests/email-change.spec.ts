import { expect, loginViaUi, newUser, registerViaApi, test } from './fixtures';
import { linkInMail, mailTo } from './outbox';

// Issue 12 item 6: the email changes only through a link mailed to the new address (decision 035).

test('change the email on the profile, open the link from the mail, sign in with the new address', async ({
  page,
  request,
}) => {
  const user = newUser();
  await registerViaApi(request, user);
  const oldEmail = user.email;
  const newEmail = `moved.${oldEmail}`;
  await loginViaUi(page, user);
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/profile');
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(oldEmail);
  await page.getByRole('button', { name: 'Change email' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change your email' });
  await dialog.getByLabel('New email').fill(newEmail);
  await dialog.getByLabel('Current password').fill(user.password);
  await dialog.getByRole('button', { name: 'Send confirmation link' }).click();
  await expect(dialog.getByRole('status')).toContainText(newEmail);
  await dialog.getByRole('button', { name: 'Done' }).click();

  // Nothing changed yet; the old address was told.
  await page.reload();
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(oldEmail);
  // The change waits under the address, cancellable (decision 200).
  await expect(page.getByText('Waiting for you to open the link sent to')).toContainText(newEmail);
  await expect(page.getByRole('button', { name: 'Cancel change' })).toBeVisible();
  expect((await mailTo(oldEmail)).map((m) => m.subject)).toContain(
    'Your Lumiskin email change was requested',
  );

  const link = await linkInMail(newEmail, /Confirm your new Lumiskin email/);
  expect(link).toMatch(/^\/confirm-email\?token=[\w-]+$/);
  await page.goto(link);
  await page.getByRole('button', { name: 'Confirm my email' }).click();
  await expect(page.getByRole('status')).toContainText(`It is now ${newEmail}`);
  user.email = newEmail; // so the fixture finds the account to delete afterwards
  await page.getByRole('link', { name: 'Back to your profile' }).click();
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(newEmail);
  await expect(page.getByText('Waiting for you to open the link')).toHaveCount(0);
  expect((await mailTo(oldEmail)).map((m) => m.subject)).toContain(
    'Your Lumiskin email was changed',
  );

  // The link works once; then sign in with the new address (the old one no longer works).
  await page.goto(link);
  await page.getByRole('button', { name: 'Confirm my email' }).click();
  await expect(page.getByRole('alert')).toContainText('invalid, was already used');
  const old = await request.post('/api/auth/login', {
    data: { email: oldEmail, password: user.password },
  });
  expect(old.status()).toBe(401);
  await page.evaluate(() => localStorage.clear());
  await loginViaUi(page, { email: newEmail, password: user.password });
  await expect(page).toHaveURL(/\/dashboard$/);
});
