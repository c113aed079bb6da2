import { randomUUID } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import { E2E_ADMIN } from '../playwright.config';
import {
  auditEntry,
  confirmEmailViaApi,
  expect,
  loginViaUi,
  newUser,
  registerViaApi,
  test,
  waitForApp,
  tokenOf,
  type TestUser,
} from './fixtures';

/**
 * Issue 14's remaining screens, the way the team uses them: a product made in the form, a
 * moderator's copy edit, a quiz category hidden from players, the announcement banner, and an
 * account deleted from its own page. Everything made here is hidden, cleared or deleted after.
 */

/** A signed-in page of its own for `who` (a second person at another computer). */
async function signedIn(browser: Browser, who: TestUser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/login');
  await waitForApp(page);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/login/);
  return page;
}

// Each test is one journey of 40–60 steps through two or three accounts: 30–33 s alone, 55–70 s
// beside another journey on a busy 2-core host, so the suite's 60 s is too tight for them.
test.describe.configure({ timeout: 150_000 });

const adminNav = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name, exact: true }).click();

test('an admin creates a booster in the form and the shop sells it; a moderator edits its copy; hidden, it leaves the shop; the audit log shows each step', async ({
  page,
  browser,
  request,
}) => {
  const admin = await tokenOf(request, E2E_ADMIN);
  const tag = randomUUID().slice(0, 6);
  const product = { id: `e2e-drops-${tag}`, name: `E2E Drops ${tag}` };
  const moderator = newUser({ name: `Mo Copy ${tag}` });
  const { user: moderatorRow } = await registerViaApi(request, moderator);
  await confirmEmailViaApi(request, moderator.email);
  expect(
    (
      await request.put(`/api/admin/users/${moderatorRow.id}/role`, {
        headers: admin,
        data: { role: 'moderator' },
      })
    ).status(),
  ).toBe(200);

  try {
    // 1. The admin fills the form; the contract's messages guard it.
    await loginViaUi(page, E2E_ADMIN);
    await expect(page).toHaveURL(/\/admin$/);
    await adminNav(page, 'Products');
    await page.getByRole('link', { name: 'New product' }).click();
    await page.getByRole('button', { name: 'Create product' }).click();
    await expect(page.getByText('Choose at least one scan metric it is for')).toBeVisible();

    await page.getByLabel('Name').fill(product.name);
    await page.getByLabel('Id (in the address)').fill(product.id);
    await page.getByLabel('Shop category').fill('Boosters');
    await page.getByLabel('Size').fill('15 ml');
    await page.getByLabel('Time of use').selectOption('PM');
    await page.getByLabel('Short description').fill('Calms the look of redness overnight.');
    await page.getByLabel('Description', { exact: true }).fill('A centella booster for evenings.');
    await page.getByLabel('How to use').fill('Two drops after your base.');
    await page.getByLabel('Key ingredients').fill('Centella asiatica\nPanthenol');
    await page.getByRole('checkbox', { name: 'redness', exact: true }).check();
    await page.getByLabel('Formulation category').fill('sensitivity/redness');
    await page.getByLabel('Main target').selectOption('redness');
    await page.getByRole('checkbox', { name: /^Gentle/ }).check();
    await page.getByLabel('Price (£)').fill('17.5');
    await expect(page.getByText('Shown in the shop as £17.50')).toBeVisible();
    await page.getByRole('button', { name: 'Create product' }).click();
    await expect(page.getByText(`${product.name} created`, { exact: true })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/admin/products/${product.id}$`));

    // 2. The shop sells it at once, at that price.
    await page.goto(`/shop?q=${encodeURIComponent(product.name)}`);
    await expect(page.getByText(product.name).first()).toBeVisible();
    await expect(page.getByText('£17.50').first()).toBeVisible();

    // 3. A moderator edits its copy (and is offered nothing else); the product page shows it.
    const modPage = await signedIn(browser, moderator);
    await modPage.goto(`/admin/products/${product.id}`);
    await expect(modPage.getByLabel('Price (£)')).toHaveCount(0);
    await modPage.getByLabel('Short description').fill('Soothes the look of redness overnight.');
    await modPage.getByRole('button', { name: 'Save changes' }).click();
    await expect(modPage.getByText('Product saved', { exact: true })).toBeVisible();
    await modPage.goto(`/shop/${product.id}`);
    await expect(modPage.getByText('Soothes the look of redness overnight.').first()).toBeVisible();
    await modPage.context().close();

    // 4. The admin hides it: out of the shop.
    await page.goto(`/admin/products/${product.id}`);
    await page.getByRole('checkbox', { name: /^Hidden/ }).check();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Product saved', { exact: true })).toBeVisible();
    await page.goto(`/shop?q=${encodeURIComponent(product.name)}`);
    await expect(page.getByText('No products found')).toBeVisible();

    // 5. The audit log has the three steps, each with who did it.
    await page.goto('/admin/audit');
    await page.getByLabel('Filter by entity').selectOption('product');
    const admin = `${E2E_ADMIN.name} (admin)`;
    // An entry names the product by its name (or its id when the change did not carry the name).
    const theProduct = new RegExp(`${product.name}|${product.id}`);
    await expect(auditEntry(page, `${admin} added the product`, theProduct)).toBeVisible();
    await expect(
      auditEntry(page, `${moderator.name} (moderator) edited the description of`, theProduct),
    ).toBeVisible();
    await expect(auditEntry(page, `${admin} hid`, theProduct, 'from the shop')).toBeVisible();
  } finally {
    // Hidden whatever happened (products are never deleted: orders and audits name them).
    await request.put(`/api/admin/products/${product.id}/visibility`, {
      headers: admin,
      data: { hidden: true },
    });
  }
});

/** How wide the page is laid out: wider than the window means it scrolls sideways. */
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

test('a quiz category hidden from players, the announcement banner, and an account deleted from its own page with its email typed', async ({
  page,
  browser,
  request,
}) => {
  const admin = await tokenOf(request, E2E_ADMIN);
  const tag = randomUUID().slice(0, 6);
  const category = { id: `e2e-cat-${tag}`, name: `E2E Category ${tag}` };
  // Staff paste links and long words: they wrap on a phone instead of widening every page.
  const longWord = 'Hyaluronicacidniacinamideceramidespanthenolsqualane';
  const notice = `E2E notice ${tag}: the shop closes early today, see https://example.com/notices/${longWord}${longWord}`;
  const member = newUser({ name: `Del Member ${tag}` });
  await registerViaApi(request, member);

  try {
    await loginViaUi(page, E2E_ADMIN);
    await expect(page).toHaveURL(/\/admin$/);

    // 1. A new quiz category shows on a player's hub; hidden, it is gone.
    await adminNav(page, 'Quiz categories');
    await page.getByRole('button', { name: 'New category' }).click();
    await page.getByLabel('Name').fill(category.name);
    await page.getByLabel('Id (in the address)').fill(category.id);
    await page.getByLabel('Description').fill(`Made by the e2e run: ${longWord}.`);
    await page.getByLabel('Badge for mastering it').fill('E2E Badge');
    await expect(page.getByLabel('Player preview')).toContainText(category.name);
    await page.getByRole('button', { name: 'Add category' }).click();
    await expect(page.getByText('Category added', { exact: true })).toBeVisible();

    const player = await signedIn(browser, member);
    await player.setViewportSize({ width: 320, height: 800 });
    await player.goto('/quiz');
    await expect(player.getByText(category.name)).toBeVisible();
    expect(await pageWidth(player), 'the quiz hub at 320 px').toBe(320);

    await page.getByRole('button', { name: `Hide ${category.name}` }).click();
    await expect(page.getByRole('button', { name: `Show ${category.name}` })).toBeVisible();
    await player.reload();
    // The list has loaded (a built-in category shows) and the hidden one is not in it.
    await expect(player.getByText('Skin Basics').first()).toBeVisible();
    await expect(player.getByText(category.name)).toHaveCount(0);

    // 2. The announcement banner reaches every page.
    await adminNav(page, 'Settings');
    await page.getByLabel('Announcement banner').fill(notice);
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Settings saved', { exact: true })).toBeVisible();
    await player.goto('/shop');
    await expect(player.getByRole('region', { name: 'Announcement' })).toContainText(notice);
    expect(await pageWidth(player), 'the shop with the announcement at 320 px').toBe(320);
    await page.getByLabel('Announcement banner').fill('');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Settings saved', { exact: true })).toBeVisible();
    await player.context().close();

    // 3. The member's own page: counts, then deletion only with their email typed.
    await adminNav(page, 'Users');
    await page.getByLabel('Search users').fill(member.email);
    await page.getByRole('link', { name: member.name, exact: true }).click();
    await expect(page.getByRole('heading', { name: member.name })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Activity' })).toBeVisible();
    await page.getByRole('button', { name: 'Delete account…' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('button', { name: 'Delete for good' })).toBeDisabled();
    await dialog.getByLabel('The account’s email').fill(member.email);
    await dialog.getByRole('button', { name: 'Delete for good' }).click();
    await expect(page.getByText('Account deleted', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/users$/);
    const login = await request.post('/api/auth/login', {
      data: { email: member.email, password: member.password },
    });
    expect(login.status()).toBe(401);

    // 4. The audit log shows the category, the setting and the deletion.
    await adminNav(page, 'Audit log');
    const admin = `${E2E_ADMIN.name} (admin)`;
    await expect(auditEntry(page, `${admin} hid the quiz category`)).toBeVisible();
    await expect(auditEntry(page, `${admin} changed the setting`, /announcement/i)).toBeVisible();
    await expect(auditEntry(page, `${admin} deleted the account of`)).toBeVisible();
  } finally {
    await request.put('/api/admin/settings', { headers: admin, data: { announcement: '' } });
    await request.patch(`/api/admin/quiz/categories/${category.id}`, {
      headers: admin,
      data: { hidden: true },
    });
  }
});
