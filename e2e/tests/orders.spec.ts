import type { Page } from '@playwright/test';
import { E2E_ADMIN } from '../playwright.config';
import { expect, loginViaUi, newUser, registerViaApi, test } from './fixtures';
import { mailTo } from './outbox';

const ADDRESS_LINE = 'Flat12TheOldTanneryBuildingsUnitBackOfficeEntranceViaTheCarPark';

/** How wide the page is laid out on a 320 px phone (wider: it scrolls sideways). */
async function widthAt320(page: Page): Promise<number> {
  const size = page.viewportSize();
  await page.setViewportSize({ width: 320, height: 700 });
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  if (size) await page.setViewportSize(size);
  return width;
}

test('a mix is ordered end to end without Stripe: the order is in the profile and staff settle and ship it', async ({
  page,
  browser,
  request,
}) => {
  const shopper = newUser();
  await registerViaApi(request, shopper);
  await loginViaUi(page, shopper);
  await expect(page).toHaveURL(/\/dashboard$/);

  // 1. Build the mix in the shop: one base and two boosters (£52 + £38 + £48).
  await page.goto('/shop');
  for (const name of ['AquaHydra', 'ClearComplex', 'CalmBarrier']) {
    await page.getByRole('button', { name: `Add ${name} to mix` }).click();
    await expect(page.getByRole('button', { name: `Remove one ${name}` })).toBeVisible();
  }
  await page.getByRole('button', { name: /^Mix/ }).click();
  await expect(page.getByTestId('mix-sheet-total')).toHaveText('£138.00');
  await page.getByRole('link', { name: 'Check out' }).click();

  // 2. Checkout: the address is checked here before anything is sent.
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByTestId('checkout-total')).toHaveText('£138.00');
  await expect(page.getByText(/Card payment is not switched on yet/)).toBeVisible();
  await page.getByLabel('Full name').fill('Ada Tester');
  // One long word: the order page and the admin's list were 242 px too wide at 320 px with it.
  await page.getByLabel('Address line 1').fill(ADDRESS_LINE);
  await page.getByLabel('Town or city').fill('London');
  await page.getByLabel('Postcode').fill('W1A');
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByText('Enter a UK postcode, like SW1A 1AA')).toBeVisible();
  await page.getByLabel('Postcode').fill('w1a 1aa');
  await page.getByRole('button', { name: 'Place order' }).click();

  // 3. The order: placed, awaiting payment, at the prices of the day.
  await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}\?placed=1$/);
  const heading = page.getByRole('heading', { level: 1, name: /^Order \d+$/ });
  await expect(heading).toBeVisible();
  const title = (await heading.textContent()) ?? '';
  await expect(page.getByText('Awaiting payment', { exact: true })).toBeVisible();
  await expect(page.getByText('W1A 1AA')).toBeVisible();
  expect(await widthAt320(page)).toBeLessThanOrEqual(320);
  const mail = await mailTo(shopper.email);
  expect(mail.map((m) => m.subject)).toContain(`Your Lumiskin ${title.toLowerCase()}`);

  // 4. It is in the profile's Orders tab.
  await page.goto('/profile?tab=orders');
  const row = page.getByTestId('profile-orders').getByRole('link', { name: new RegExp(title) });
  await expect(row).toContainText('Awaiting payment');
  await expect(row).toContainText('£138.00');

  // 5. An admin marks it paid, then shipped.
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  try {
    await loginViaUi(staff, E2E_ADMIN);
    await expect(staff).toHaveURL(/\/admin$/);
    await staff
      .getByRole('navigation', { name: 'Admin' })
      .getByRole('link', { name: 'Orders' })
      .click();
    const card = staff.getByTestId('admin-order').filter({ hasText: title });
    await expect(card).toContainText(shopper.email);
    expect(await widthAt320(staff)).toBeLessThanOrEqual(320);
    await expect(card.getByRole('button', { name: 'Mark shipped' })).toHaveCount(0);
    await card.getByRole('button', { name: 'Mark paid' }).click();
    await expect(card.getByText('Paid', { exact: true })).toBeVisible();
    await card.getByRole('button', { name: 'Mark shipped' }).click();
    await expect(card.getByText('Shipped', { exact: true })).toBeVisible();
    await expect(card.getByRole('button')).toHaveCount(1); // only "Mark refunded" is left
  } finally {
    await staffContext.close();
  }

  // 6. The person sees it shipped.
  await page.reload();
  await expect(row).toContainText('Shipped');
});
