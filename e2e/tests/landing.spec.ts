import { expect, test } from './fixtures';

// This file is about the service worker: it may register (playwright.config.ts blocks it elsewhere).
// With the motion a person without a reduced-motion setting sees (playwright.config.ts).
test.use({ serviceWorkers: 'allow', reducedMotion: 'no-preference' });

test.describe('landing page', () => {
  test('a visitor builds a mix and is refused a second base', async ({ page }) => {
    await page.goto('/');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Skincare That Learns You' }),
    ).toBeVisible();
    for (const name of ['Start AI Scan', 'Shop Products', 'Learn More']) {
      await expect(page.getByRole('link', { name })).toBeVisible();
    }

    const mix = page.getByRole('region', { name: 'Build Your Perfect Mix' });
    await mix.scrollIntoViewIfNeeded();
    await expect(mix.getByRole('button', { name: /^Add to Mix: / })).toHaveCount(6);

    await mix.getByRole('button', { name: 'Add to Mix: AquaHydra' }).click();
    await expect(mix.getByRole('button', { name: 'In your mix: AquaHydra' })).toBeDisabled();
    await mix.getByRole('button', { name: 'Add to Mix: ClearComplex' }).click();
    const summary = page.getByRole('list', { name: 'Products in your mix' });
    await expect(summary.getByRole('listitem')).toHaveCount(2);
    await expect(page.getByTestId('mix-total')).toHaveText('£90.00');

    await mix.getByRole('button', { name: 'Add to Mix: SeboBalance' }).click();
    const refusal = page.getByRole('alertdialog');
    await expect(refusal).toContainText(
      'You can only have 1 base in your mix. Remove the current base first.',
    );
    // The swap is offered (decision 198); keeping the mix changes nothing.
    await expect(refusal.getByRole('button', { name: 'Use SeboBalance instead' })).toBeVisible();
    await refusal.getByRole('button', { name: 'Keep AquaHydra' }).click();
    await expect(refusal).toBeHidden();
    await expect(page.getByTestId('mix-total')).toHaveText('£90.00');

    // Removing frees the slot.
    await page.getByRole('button', { name: 'Remove AquaHydra' }).click();
    await mix.getByRole('button', { name: 'Add to Mix: SeboBalance' }).click();
    await expect(page.getByTestId('mix-total')).toHaveText('£92.00');

    // The same mix is waiting in the shop.
    await page.getByRole('link', { name: 'Continue in the shop' }).click();
    await expect(page.getByRole('button', { name: 'Mix 2 items' })).toBeVisible();
  });

  test('a third booster is refused too', async ({ page }) => {
    await page.goto('/');
    const mix = page.getByRole('region', { name: 'Build Your Perfect Mix' });
    await mix.getByRole('button', { name: 'Add to Mix: ClearComplex' }).click();
    await mix.getByRole('button', { name: 'Add to Mix: BrightRadiance' }).click();
    await mix.getByRole('button', { name: 'Add to Mix: CalmBarrier' }).click();
    await expect(page.getByRole('alertdialog')).toContainText(
      'You can only have 2 boosters in your mix. Remove a booster first.',
    );
  });

  test('article teasers open real articles and footer links lead somewhere', async ({ page }) => {
    await page.goto('/');
    const articles = page.getByRole('region', { name: 'Skin science, in plain English' });
    const teasers = articles.getByRole('listitem').getByRole('link');
    await expect(teasers).toHaveCount(4);
    const title = (await teasers.first().textContent())?.trim() ?? '';
    await teasers.first().click();
    await expect(page).toHaveURL(/\/learn\/[a-z0-9-]+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(page.getByTestId('article-content')).toContainText(/\w{4,}/);

    await page.goto('/');
    const footerLinks = page.getByRole('contentinfo').getByRole('link');
    const hrefs = await footerLinks.evaluateAll((links) =>
      links.map((a) => a.getAttribute('href')),
    );
    expect(hrefs.length).toBeGreaterThan(4);
    for (const href of hrefs) expect(href).toMatch(/^\/[a-z]/);
  });

  test('the app installs its service worker once started, and works offline', async ({
    page,
    context,
  }) => {
    await page.goto('/');
    const script = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return registration.active?.scriptURL ?? null;
    });
    expect(script).toMatch(/\/sw\.js$/);
    // Installed: the precached app opens without the network (the API aside).
    await page.reload();
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
      .toBe(true);
    await context.setOffline(true);
    await page.goto('/terms', { waitUntil: 'domcontentloaded' });
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await context.setOffline(false);
  });
});
