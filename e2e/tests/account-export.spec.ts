import fs from 'node:fs/promises';
import { AccountExport } from '@lumiskin/contract/account';
import { expect, signedInNewUser, test } from './fixtures';

/*
 * "Let people export everything": the Settings tab's Export my data saves one JSON file, the
 * account's own, in the contract's shape (decision 017).
 */
test('Export my data saves the account’s own file, with its sessions and mail and no secrets', async ({
  page,
  request,
}) => {
  const user = await signedInNewUser(page, request);
  await page.goto('/profile?tab=settings');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export my data' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^lumiskin-export-\d{4}-\d{2}-\d{2}\.json$/);
  const text = await fs.readFile(await download.path(), 'utf8');
  const data = AccountExport.parse(JSON.parse(text));
  expect(data.user).toMatchObject({ email: user.email, name: user.name });
  // Registration's session and this browser's.
  expect(data.sessions.length).toBeGreaterThanOrEqual(2);
  expect(data.emails).toContainEqual(
    expect.objectContaining({ subject: 'Confirm your email for Lumiskin', to: user.email }),
  );
  expect(text).not.toContain(user.password);
  expect(text).not.toMatch(/argon2|token_hash|confirm-email\?token=/);
});
