import type { Page } from '@playwright/test';
import { expect, loginViaUi, newUser, registerViaApi, test } from './fixtures';
import { FACE } from './face-photo';

/*
 * After the first page load every move is an in-app link, never page.goto or a reload: what the
 * screens show after a scan and after a delete is what the app's query cache kept or refetched.
 * Answers stay fresh for 30 s (apps/web app/provider.tsx), so a screen seen a moment ago shows
 * its cached answer again unless the scan or the delete invalidated it.
 */

async function openDashboard(page: Page) {
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Dashboard', exact: true })
    .click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

async function openProfileHistory(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await page.getByRole('tab', { name: 'History' }).click();
}

test('a new scan shows on the dashboard, and once deleted leaves the dashboard and the profile', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const user = newUser();
  const { access_token } = await registerViaApi(request, user);
  const consent = await request.post('/api/analysis/consent', {
    headers: { authorization: `Bearer ${access_token}` },
    data: { accepted: true },
  });
  expect(consent.ok(), await consent.text()).toBe(true);

  // The dashboard and the profile are seen empty first, so their empty answers are cached.
  await loginViaUi(page, user);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'No scans yet' })).toBeVisible();
  await expect(page.getByTestId('scans-completed')).toHaveText('0 scans completed');
  await openProfileHistory(page);
  await expect(page.getByTestId('profile-scans')).toHaveText('0');
  await openDashboard(page);

  // Scan, the way a person does: upload the photo from the dashboard's New Scan.
  await page.getByRole('link', { name: 'New Scan' }).click();
  await page.getByRole('button', { name: 'Change' }).click();
  await page.getByLabel('City').fill('London, UK');
  await page.getByLabel('City').press('Enter');
  await expect(page.getByTestId('scan-location')).toHaveText('London, UK');
  await page.getByTestId('scan-upload-input').setInputFiles(FACE);
  await page.getByRole('button', { name: 'Analyse My Skin' }).click();
  await expect(page.getByRole('heading', { name: 'Analysis Complete!' })).toBeVisible({
    timeout: 90_000,
  });

  await openDashboard(page);
  await expect(page.getByRole('heading', { name: 'Latest Scan Results' })).toBeVisible();
  await expect(page.getByTestId('scans-completed')).toHaveText('1 scan completed');
  await expect(page.getByRole('heading', { name: 'No scans yet' })).toHaveCount(0);
  await openProfileHistory(page);
  await expect(page.getByTestId('profile-scans')).toHaveText('1');
  await expect(page.getByTestId('profile-history').getByRole('listitem')).toHaveCount(1);

  // Delete it from its analysis page; the app goes back to the dashboard by itself.
  await openDashboard(page);
  await page.getByRole('link', { name: /View Full Analysis/ }).click();
  await expect(page).toHaveURL(/\/analysis\/[0-9a-f-]{36}$/);
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Delete this scan?' })
    .getByRole('button', { name: 'Delete scan' })
    .click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'No scans yet' })).toBeVisible();
  await expect(page.getByTestId('scans-completed')).toHaveText('0 scans completed');
  await expect(page.getByRole('heading', { name: 'Latest Scan Results' })).toHaveCount(0);
  await openProfileHistory(page);
  await expect(page.getByTestId('profile-scans')).toHaveText('0');
  await expect(page.getByTestId('profile-history')).toHaveCount(0);
  await expect(page.getByText('No scans yet')).toBeVisible();
});
