import { expect, loginViaUi, newUser, registerViaApi, test } from './fixtures';

test.describe('Learn & Glow', () => {
  test('featured posts, search and topics', async ({ page }) => {
    await page.goto('/learn');
    await expect(page.getByRole('heading', { name: 'Featured' })).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Featured' }).getByTestId('post-card'),
    ).toHaveCount(2);
    await expect(page.getByRole('heading', { name: 'Latest Articles' })).toBeVisible();

    await page.getByRole('searchbox', { name: 'Search articles' }).fill('retinoid');
    await expect(page.getByRole('heading', { name: 'Search Results' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Featured' })).toBeHidden();
    const cards = page.getByTestId('post-card');
    await expect(cards.first()).toContainText('Retinoids');

    await page.getByRole('searchbox', { name: 'Search articles' }).fill('');
    await page.getByRole('combobox', { name: 'Topic' }).click();
    await page.getByRole('option', { name: 'Acne' }).click();
    await expect(page.getByRole('heading', { name: 'Search Results' })).toBeVisible();
    await expect(cards.first()).toContainText('Acne');

    await page.getByRole('combobox', { name: 'Topic' }).click();
    await page.getByRole('option', { name: 'All Topics' }).click();
    await page.getByRole('searchbox', { name: 'Search articles' }).fill('qqqzzzxx');
    await expect(page.getByRole('heading', { name: 'No articles found' })).toBeVisible();
  });

  test('a signed-in user likes and saves an article and still sees it after reload', async ({
    page,
  }) => {
    const user = newUser();
    await registerViaApi(page.request, user);
    await loginViaUi(page, user);
    await expect(page).toHaveURL(/\/dashboard/);

    await page.goto('/learn');
    await page
      .getByRole('link', { name: 'Vitamin C Explained: Forms, Strengths and How to Use It' })
      .click();
    await expect(page).toHaveURL(/\/learn\/vitamin-c-explained$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Vitamin C');

    const like = page.getByRole('button', { name: /^Like/ });
    const before = Number(await page.getByTestId('like-count').textContent());
    await like.click();
    await expect(page.getByRole('button', { name: /^Liked/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(page.getByTestId('like-count')).toHaveText(String(before + 1));
    await expect(page.getByText('Added to liked posts').first()).toBeVisible();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Saved' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await page.reload();
    await expect(page.getByRole('button', { name: /^Liked/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(page.getByRole('button', { name: 'Saved' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(page.getByTestId('like-count')).toHaveText(String(before + 1));

    await page.getByRole('button', { name: 'Back to articles' }).click();
    await expect(page).toHaveURL(/\/learn$/);
    await page.getByRole('button', { name: 'Reading list' }).click();
    await expect(page.getByTestId('post-card')).toHaveCount(1);
    await expect(page.getByTestId('post-card')).toContainText('Vitamin C');
  });

  test('article content is rendered from Markdown, and an unknown article says so', async ({
    page,
  }) => {
    await page.goto('/learn/sunscreen-and-the-uv-index');
    const content = page.getByTestId('article-content');
    await expect(content.locator('h2').first()).toBeVisible();
    await expect(content.locator('script')).toHaveCount(0);
    await page.goto('/learn/no-such-article');
    await expect(
      page.getByRole('heading', { name: 'That article could not be found.' }),
    ).toBeVisible();
  });
});
