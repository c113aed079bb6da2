import { randomUUID } from 'node:crypto';
import { expect, newUser, registerViaApi, test, waitForApp } from './fixtures';

interface ListedPost {
  id: string;
  slug: string;
  title: string;
  excerpt: string;
  views: number;
}

// docs/decisions/013: the public pages come as server-rendered HTML that the app then hydrates.

test.describe('server-rendered public pages', () => {
  test('the HTML itself has each page, its title and its data; private pages stay the shell', async ({
    request,
  }) => {
    const expectations: [string, RegExp[]][] = [
      ['/', [/<h1[^>]*>Skincare That/, /<title>Lumiskin — skincare that learns you<\/title>/]],
      ['/shop', [/The Lumiskin Shop/, /AquaHydra/, /Jade Facial Roller/, /<title>Shop — Lumiskin/]],
      ['/learn', [/Skin science, in plain English/, /href="\/learn\/[a-z0-9-]+"/]],
    ];
    for (const [path, patterns] of expectations) {
      const res = await request.get(path);
      expect(res.status()).toBe(200);
      expect(res.headers()['cache-control']).toBe('no-cache');
      const html = await res.text();
      for (const pattern of patterns) expect(html, `${path} ${pattern}`).toMatch(pattern);
      expect(html).toContain('id="ssr-state"');
      // One title, the page's, in <head>.
      expect(html.match(/<title>/g)).toHaveLength(1);
      expect(html.indexOf('<title>')).toBeLessThan(html.indexOf('</head>'));
    }
    // No such page: the app shell (it shows its "not found" page) with a 404 for crawlers.
    for (const path of ['/no-such-page', '/learn/no-such-article']) {
      const missing = await request.get(path);
      expect(missing.status(), path).toBe(404);
      expect(await missing.text()).toContain('<div id="root"></div>');
    }
    const dashboard = await (await request.get('/dashboard')).text();
    expect(dashboard).toContain('<div id="root"></div>');
    expect(dashboard).not.toContain('id="ssr-state"');
  });

  test('without JavaScript a visitor still reads the landing page, the shop and the articles', async ({
    browser,
    baseURL,
    request,
  }) => {
    const catalogue = (await (await request.get('/api/shop/products')).json()) as {
      products: unknown[];
    };
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Skincare That');
    await page.getByRole('link', { name: 'Shop Products' }).click();
    await expect(page).toHaveURL(/\/shop$/);
    await expect(page.getByTestId('product-card')).toHaveCount(catalogue.products.length);
    await page.goto('/learn');
    await expect(page.getByTestId('post-card').first()).toBeVisible();
    await context.close();
  });

  test('hydration takes over each page without a mismatch, and the page then works', async ({
    page,
  }) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));

    for (const path of ['/', '/learn', '/shop']) {
      await page.goto(path);
      await waitForApp(page);
    }
    // Hydrated: the add button updates the mix the server knew nothing of.
    await page.getByRole('button', { name: 'Add SeboBalance to mix' }).click();
    await expect(page.getByRole('button', { name: /^Mix 1 items?$/ })).toBeVisible();
    expect(problems).toEqual([]);
  });

  test('a signed-in reader sees their own page after hydration, in their theme', async ({
    page,
    request,
  }) => {
    const { access_token, user } = await registerViaApi(request, newUser());
    await page.addInitScript(
      ([token, stored]) => {
        localStorage.setItem('lumiskin_token', token);
        localStorage.setItem('lumiskin_user', stored);
        localStorage.setItem('lumiskin_theme', 'dark');
      },
      [access_token, JSON.stringify(user)] as const,
    );
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });

    await page.goto('/shop');
    await expect(page.getByRole('link', { name: 'Dashboard' }).first()).toBeVisible();
    await expect(page.locator('html')).toHaveClass(/dark/);
    expect(problems).toEqual([]);
  });

  test("before the app has started, a signed-in reader's page does not offer Sign in", async ({
    browser,
    baseURL,
    request,
  }) => {
    const { access_token, user } = await registerViaApi(request, newUser());
    const context = await browser.newContext({ baseURL });
    await context.addInitScript(
      ([token, stored]) => {
        localStorage.setItem('lumiskin_token', token);
        localStorage.setItem('lumiskin_user', stored);
      },
      [access_token, JSON.stringify(user)] as const,
    );
    // The app never starts: what shows is the server's visitor page as the browser painted it.
    await context.route(/\/assets\/main-[^/]*\.js$/, (route) => route.abort());
    const page = await context.newPage();
    await page.goto('/shop');
    const getStarted = page.getByRole('link', { name: 'Get Started', includeHidden: true });
    await expect(getStarted).toHaveCount(1);
    await expect(getStarted).toBeHidden();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await context.close();
  });

  test('an article arrives rendered with its link preview; reading it counts once, by the beacon', async ({
    browser,
    baseURL,
    request,
  }) => {
    // Counts read as a signed-in reader: a visitor's list may be up to 10 s old (decision 086).
    const counter = await registerViaApi(request, newUser());
    const list = async () =>
      (
        (await (
          await request.get('/api/blog/posts', {
            headers: { authorization: `Bearer ${counter.access_token}` },
          })
        ).json()) as { posts: ListedPost[] }
      ).posts;
    const viewsOf = async (id: string) => (await list()).find((p) => p.id === id)?.views ?? -1;
    const isBeacon =
      (slugOrId: string) => (r: { url(): string; request(): { method(): string } }) =>
        r.request().method() === 'POST' && r.url().endsWith(`/api/blog/posts/${slugOrId}/view`);
    // The oldest article: no other journey opens it.
    const post = (await list()).at(-1);
    if (!post) throw new Error('no articles');
    const before = post.views;

    // Without scripts (a crawler, a link preview): the whole article, and no view counted.
    const reader = await browser.newContext({ baseURL, javaScriptEnabled: false });
    const page = await reader.newPage();
    await page.goto(`/learn/${post.slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(post.title);
    await expect(page.getByTestId('article-content')).toContainText(/\w{4,}/);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', post.title);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', post.excerpt);
    await page.reload();
    await reader.close();
    expect(await viewsOf(post.id)).toBe(before);

    // A signed-in reader: the page (rendered on the server as for a visitor, then their own
    // request) sends one beacon once the article was on screen; it counts one view.
    const { access_token, user } = await registerViaApi(request, newUser());
    const context = await browser.newContext({ baseURL, userAgent: `e2e-reader-${randomUUID()}` });
    await context.addInitScript(
      ([token, stored]) => {
        localStorage.setItem('lumiskin_token', token);
        localStorage.setItem('lumiskin_user', stored);
      },
      [access_token, JSON.stringify(user)] as const,
    );
    const signedIn = await context.newPage();
    const beacon = signedIn.waitForResponse(isBeacon(post.id));
    await signedIn.goto(`/learn/${post.slug}`);
    await waitForApp(signedIn);
    expect((await beacon).status()).toBe(204);
    expect(await viewsOf(post.id)).toBe(before + 1);
    // Reading it again, the next day or on another device, is still one reader.
    const again = signedIn.waitForResponse(isBeacon(post.id));
    await signedIn.reload();
    expect((await again).status()).toBe(204);
    expect(await viewsOf(post.id)).toBe(before + 1);
    await context.close();

    // Visitors: one per address and day, however many browsers (user agents) they use.
    for (const agent of ['e2e-visitor-a', 'e2e-visitor-b']) {
      const visitor = await browser.newContext({ baseURL, userAgent: `${agent}-${randomUUID()}` });
      const tab = await visitor.newPage();
      const sent = tab.waitForResponse(isBeacon(post.id));
      await tab.goto(`/learn/${post.slug}`);
      expect((await sent).status()).toBe(204);
      await visitor.close();
    }
    expect(await viewsOf(post.id)).toBe(before + 2);
  });
});
