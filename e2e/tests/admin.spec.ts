import { randomUUID } from 'node:crypto';
import { E2E_ADMIN } from '../playwright.config';
import {
  auditEntry,
  confirmEmailViaApi,
  expect,
  loginViaUi,
  newUser,
  registerViaApi,
  test,
  tokenOf,
} from './fixtures';

// Each test is one journey of 40–60 steps through two or three accounts: 30–33 s alone, 55–70 s
// beside another journey on a busy 2-core host, so the suite's 60 s is too tight for them.
test.describe.configure({ timeout: 150_000 });

const PRODUCT = { id: 'microfibre-cleansing-cloths', name: 'Microfibre Cleansing Cloths' };

test('admin and moderator: a price reaches the shop, an article reaches /learn, a suspended user cannot sign in, and the audit log shows all three', async ({
  page,
  browser,
  request,
}) => {
  const admin = await tokenOf(request, E2E_ADMIN);
  const original = (await (await request.get(`/api/shop/products/${PRODUCT.id}`)).json()) as {
    price_pence: number;
  };
  const moderator = newUser({ name: `Mo Moderator ${randomUUID().slice(0, 6)}` });
  const { user: moderatorRow } = await registerViaApi(request, moderator);
  await confirmEmailViaApi(request, moderator.email);
  const promoted = await request.put(`/api/admin/users/${moderatorRow.id}/role`, {
    headers: admin,
    data: { role: 'moderator' },
  });
  expect(promoted.status()).toBe(200);
  const member = newUser();
  const { user: memberRow } = await registerViaApi(request, member);
  const title = `Admin journey ${randomUUID().slice(0, 8)}`;

  try {
    // 1. The admin lands on /admin and changes a price; the shop shows it.
    await loginViaUi(page, E2E_ADMIN);
    await expect(
      page.getByText('Welcome Admin! Redirecting to admin dashboard...', { exact: true }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
    await page
      .getByRole('navigation', { name: 'Admin' })
      .getByRole('link', { name: 'Products' })
      .click();
    const price = page.getByLabel(`Price of ${PRODUCT.name} in pounds`);
    await price.fill('12.34');
    await price.locator('xpath=ancestor::form').getByRole('button', { name: 'Save price' }).click();
    await expect(page.getByText('Price saved', { exact: true })).toBeVisible();
    await page.goto('/shop?q=microfibre');
    await expect(page.getByText('£12.34').first()).toBeVisible();

    // 2. The admin suspends the member, who then cannot sign in.
    await page.goto('/admin/users');
    await page.getByLabel('Search users').fill(member.email);
    await expect(page.getByText(member.email)).toBeVisible();
    await page.getByRole('button', { name: `Suspend ${member.name}`, exact: true }).click();
    await expect(
      page.getByText('Account suspended; every session was signed out', { exact: true }),
    ).toBeVisible();
    const memberContext = await browser.newContext();
    const memberPage = await memberContext.newPage();
    await memberPage.goto('/login');
    await memberPage.locator('html[data-app-ready]').waitFor({ state: 'attached' });
    await memberPage.getByLabel('Email').fill(member.email);
    await memberPage.getByLabel('Password', { exact: true }).fill(member.password);
    await memberPage.getByRole('button', { name: 'Sign in' }).click();
    await expect(memberPage.getByText('This account is suspended').first()).toBeVisible();
    await expect(memberPage).toHaveURL(/\/login/);
    await memberContext.close();

    // 3. The moderator lands on /admin, publishes an article, and /learn lists it.
    const modContext = await browser.newContext();
    const modPage = await modContext.newPage();
    await modPage.goto('/login');
    await modPage.locator('html[data-app-ready]').waitFor({ state: 'attached' });
    await modPage.getByLabel('Email').fill(moderator.email);
    await modPage.getByLabel('Password', { exact: true }).fill(moderator.password);
    await modPage.getByRole('button', { name: 'Sign in' }).click();
    await expect(modPage).toHaveURL(/\/admin$/);
    await modPage
      .getByRole('navigation', { name: 'Admin' })
      .getByRole('link', { name: 'Articles' })
      .click();
    await modPage.getByRole('button', { name: 'New article' }).click();
    await modPage.getByLabel('Title').fill(title);
    await modPage.getByLabel('Slug').fill(title.toLowerCase().replace(/\s+/g, '-'));
    await modPage.getByLabel('Category').fill('Skincare');
    await modPage.getByLabel('Author').fill('Mo');
    await modPage.getByLabel('Excerpt').fill('Written by a moderator in the admin area.');
    await modPage.getByLabel('Markdown').fill('# Hello\n\nSome **bold** advice.');
    await expect(modPage.getByTestId('article-preview').locator('strong')).toHaveText('bold');
    await modPage.getByLabel('Status').selectOption('published');
    await modPage.getByRole('button', { name: 'Save article' }).click();
    await expect(modPage.getByText('Article saved', { exact: true })).toBeVisible();
    await modPage.goto('/learn');
    await expect(modPage.getByText(title).first()).toBeVisible();
    await modContext.close();

    // 4. The audit log shows all three, with who did them.
    await page.goto('/admin/audit');
    const admin = `${E2E_ADMIN.name} (admin)`;
    await expect(auditEntry(page, `${admin} changed the price of ${PRODUCT.name}`)).toBeVisible();
    await expect(auditEntry(page, `${admin} suspended ${member.name}`)).toBeVisible();
    await expect(
      auditEntry(page, `${moderator.name} (moderator) wrote the article “${title}”`),
    ).toBeVisible();
  } finally {
    // Leave the shared e2e database as found; the fixture then deletes both accounts.
    await request.put(`/api/admin/products/${PRODUCT.id}/price`, {
      headers: admin,
      data: { price_pence: original.price_pence },
    });
    await request.post(`/api/admin/users/${memberRow.id}/unsuspend`, { headers: admin });
    const articles = (await (
      await request.get('/api/admin/articles', { headers: admin })
    ).json()) as {
      articles: { id: string; title: string }[];
    };
    for (const a of articles.articles.filter((x) => x.title === title)) {
      await request.delete(`/api/admin/articles/${a.id}`, { headers: admin });
    }
  }
});
