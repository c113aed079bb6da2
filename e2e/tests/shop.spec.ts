import { expect, loginViaUi, newUser, registerViaApi, test, waitForApp } from './fixtures';

// With the motion a person without a reduced-motion setting sees (playwright.config.ts).
test.use({ reducedMotion: 'no-preference' });

test.describe('shop', () => {
  test('search and category filter', async ({ page }) => {
    await page.goto('/shop');
    await expect(page.getByRole('heading', { level: 1, name: 'The Lumiskin Shop' })).toBeVisible();
    await expect(page.getByText(/^Showing \d+ products$/)).toBeVisible();
    const cards = page.getByTestId('product-card');
    const total = await cards.count();
    expect(total).toBeGreaterThan(20);

    await page.getByRole('searchbox', { name: 'Search products' }).fill('niacinamide');
    await expect(page.getByText(/^Showing \d+ products? for “niacinamide”$/)).toBeVisible();
    await expect(cards.filter({ hasText: 'SeboBalance' })).toHaveCount(1);
    await expect(cards.filter({ hasText: 'Jade Facial Roller' })).toHaveCount(0);
    expect(await cards.count()).toBeLessThan(total);

    await page.getByRole('searchbox', { name: 'Search products' }).fill('qqqzzzxx');
    await expect(page.getByRole('heading', { name: 'No products found' })).toBeVisible();
    await expect(page.getByText('Try adjusting your search or filters')).toBeVisible();
    await page.getByRole('button', { name: 'Clear search and filters' }).click();
    await expect(cards).toHaveCount(total);

    await page.getByRole('combobox', { name: 'Category' }).click();
    await page.getByRole('option', { name: 'Cleansers' }).click();
    await expect(page).toHaveURL(/category=Cleansers/);
    await expect(cards.first()).toContainText('Cleanser');
    const cleansers = await cards.count();
    expect(cleansers).toBeGreaterThan(1);
    expect(cleansers).toBeLessThan(total);
    for (const badge of await cards
      .locator('span[data-slot="badge"]')
      .filter({ hasNotText: 'Featured' })
      .allTextContents()) {
      expect(badge).toBe('Cleanser');
    }
    await expect(page.getByText(`Showing ${cleansers} products`)).toBeVisible();

    await page.getByRole('button', { name: 'List view' }).click();
    await expect(page.getByRole('button', { name: 'List view' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(cards).toHaveCount(cleansers);
  });

  test('a search for retinol leads to RenewLift, its own page, and into the mix', async ({
    page,
  }) => {
    await page.goto('/shop');
    const cards = page.getByTestId('product-card');
    await page.getByRole('searchbox', { name: 'Search products' }).fill('retinol');
    await expect(page.getByText(/for “retinol”$/)).toBeVisible();
    await cards.filter({ hasText: 'RenewLift' }).getByRole('link', { name: 'RenewLift' }).click();

    await expect(page).toHaveURL(/\/shop\/renewlift$/);
    await expect(page).toHaveTitle('RenewLift — Shop — Lumiskin');
    await expect(page.getByRole('heading', { level: 1, name: 'RenewLift' })).toBeVisible();
    await expect(page.getByText(/Retinal \(retinaldehyde/)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'How to use' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Related products' })).toBeVisible();

    // The product page's button is named by its visible text (decision 104).
    await page.getByRole('button', { name: 'Add to mix', exact: true }).click();
    await expect(page.getByText('1 in your mix')).toBeVisible();
    await expect(page.getByText('RenewLift added to your mix').first()).toBeVisible();

    // The page is served rendered (status 200, its own title) and an unknown product is a 404.
    const direct = await page.request.get('/shop/renewlift');
    expect(direct.status()).toBe(200);
    expect(await direct.text()).toContain('<title>RenewLift — Shop — Lumiskin</title>');
    expect((await page.request.get('/shop/moon-dust')).status()).toBe(404);

    // The navigation's search finds the same product from any page, by keyboard.
    await page.goto('/learn');
    await waitForApp(page);
    const search = page.getByRole('combobox', { name: 'Search Lumiskin' });
    if (!(await search.isVisible())) await page.getByRole('button', { name: 'Search' }).click();
    await search.fill('retinol');
    await expect(page.getByRole('option', { name: /RenewLift/ })).toBeVisible();
    await search.press('ArrowDown');
    await search.press('Enter');
    await expect(page).toHaveURL(/\/shop\/renewlift$/);
  });

  test('the mix follows a signed-in user into a second browser', async ({ browser }) => {
    const user = newUser();
    const first = await browser.newContext();
    const page = await first.newPage();
    await registerViaApi(page.request, user);
    await loginViaUi(page, user);
    await expect(page).toHaveURL(/\/dashboard/);
    await page.goto('/shop');
    await waitForApp(page); // a page of its own context: not the fixture's, which waits itself
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/mix') && r.request().method() === 'PUT',
    );
    await page.getByRole('button', { name: 'Add BarrierRepair to mix' }).click();
    await saved;
    const savedAgain = page.waitForResponse(
      (r) => r.url().endsWith('/api/mix') && r.request().method() === 'PUT',
    );
    await page.getByRole('button', { name: 'Add CalmBarrier to mix' }).click();
    await savedAgain;
    const savedThird = page.waitForResponse(
      (r) => r.url().endsWith('/api/mix') && r.request().method() === 'PUT',
    );
    await page.getByRole('button', { name: 'Add one more CalmBarrier' }).click();
    await savedThird;
    await expect(page.getByRole('button', { name: 'Mix 3 items' })).toBeVisible();

    // A second base is refused here too.
    await page.getByRole('button', { name: 'Add AquaHydra to mix' }).click();
    await expect(page.getByRole('alertdialog')).toContainText(
      'You can only have 1 base in your mix.',
    );
    await page.keyboard.press('Escape');
    await first.close();

    const second = await browser.newContext();
    const other = await second.newPage();
    await loginViaUi(other, user);
    await expect(other).toHaveURL(/\/dashboard/);
    await other.goto('/shop');
    await waitForApp(other);
    await other.getByRole('button', { name: 'Mix 3 items' }).click();
    const drawer = other.getByRole('dialog', { name: 'Your mix' });
    await expect(drawer).toContainText('BarrierRepair');
    await expect(drawer).toContainText('CalmBarrier');
    await expect(other.getByTestId('mix-sheet-total')).toHaveText('£152.00');
    await second.close();
  });

  test("a visitor's mix and favourites are merged into the account at sign-in", async ({
    page,
  }) => {
    const user = newUser();
    const { access_token } = await registerViaApi(page.request, user);
    await page.goto('/shop');
    await page.getByRole('button', { name: 'Add SeboBalance to mix' }).click();
    await page.getByRole('button', { name: 'Add TextureRefine to favourites' }).click();
    await expect(
      page.getByRole('button', { name: 'Remove TextureRefine from favourites' }),
    ).toHaveAttribute('aria-pressed', 'true');

    await loginViaUi(page, user);
    await expect(page).toHaveURL(/\/dashboard/);
    await page.goto('/shop');
    await expect(page.getByRole('button', { name: 'Mix 1 item' })).toBeVisible();
    await expect(
      page.getByRole('button', { name: 'Remove TextureRefine from favourites' }),
    ).toBeVisible();

    const headers = { authorization: `Bearer ${access_token}` };
    await expect
      .poll(
        async () =>
          ((await (await page.request.get('/api/mix', { headers })).json()) as { count: number })
            .count,
      )
      .toBe(1);
    await expect
      .poll(
        async () =>
          (await (await page.request.get('/api/shop/favorites', { headers })).json()) as unknown,
      )
      .toEqual({ product_ids: ['texturerefine'] });
  });
});
