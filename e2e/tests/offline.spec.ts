import type { BrowserContext, Request, Route } from '@playwright/test';
import { expect, loginViaUi, newUser, registerViaApi, signedInNewUser, test } from './fixtures';

// This file is about the service worker: it may register (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

/**
 * Takes the browser off the network. Playwright's offline mode has had holes for pages that a
 * service worker controls (microsoft/playwright#2311), and in one CI run a like made offline
 * reached the server before the connection came back. So the API is refused too, as a
 * dead connection would refuse it, and the helper waits until every page sees itself offline
 * (navigator.onLine, which the app's outbox reads before it sends).
 *
 * Any API request that still gets an answer while "offline" is recorded: the journeys assert
 * there is none, so a hole in the emulation fails as that (naming the page or the service worker
 * that made it) and not as an app that sent an edit offline.
 */
const refuseApi = (route: Route) => route.abort('internetdisconnected');
type Watch = { answered: string[]; stop: () => void };
const watches = new WeakMap<BrowserContext, Watch>();
/** Records the API requests made after this call that get an answer. */
function watchAnswers(context: BrowserContext): Watch {
  const started = new WeakSet<Request>();
  const answered: string[] = [];
  const isApi = (request: Request) => new URL(request.url()).pathname.startsWith('/api/');
  const onRequest = (request: Request) => {
    if (isApi(request)) started.add(request);
  };
  const onFinished = (request: Request) => {
    if (!started.has(request)) return;
    const from = request.serviceWorker() ? 'the service worker' : 'the page';
    answered.push(`${request.method()} ${new URL(request.url()).pathname} (${from})`);
  };
  context.on('request', onRequest);
  context.on('requestfinished', onFinished);
  return {
    answered,
    stop: () => {
      context.off('request', onRequest);
      context.off('requestfinished', onFinished);
    },
  };
}
async function goOffline(context: BrowserContext) {
  await context.setOffline(true);
  await context.route('**/api/**', refuseApi);
  watches.set(context, watchAnswers(context));
  for (const page of context.pages()) await page.waitForFunction(() => !navigator.onLine);
}
/** The API requests that got an answer since goOffline (none, if the emulation held). */
function answeredOffline(context: BrowserContext): string[] {
  return watches.get(context)?.answered ?? [];
}
async function goOnline(context: BrowserContext) {
  expect(answeredOffline(context), 'API requests answered while offline').toEqual([]);
  watches.get(context)?.stop();
  watches.delete(context);
  await context.unroute('**/api/**', refuseApi);
  await context.setOffline(false);
}

test.describe('offline', () => {
  test.describe.configure({ timeout: 120_000 });

  test('reloading the dashboard and an article list offline shows what was seen last, with a bar', async ({
    page,
    context,
    request,
  }) => {
    await signedInNewUser(page, request);
    await expect(page.getByTestId('scans-completed')).toHaveText('0 scans completed');
    // The service worker is registered once the page is idle; wait until it controls the page.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await expect(page.getByTestId('scans-completed')).toHaveText('0 scans completed');
    await page.getByRole('link', { name: 'Learn & Glow' }).first().click();
    const card = page.getByTestId('post-card').first();
    await expect(card).toBeVisible();
    const firstArticle = (await card.getByRole('heading').first().textContent())?.trim();
    expect(firstArticle?.length).toBeGreaterThan(3);
    // Let the cache be written (batched every second).
    await page.waitForTimeout(1500);

    await goOffline(context);
    for (const [url, check] of [
      [
        '/dashboard',
        () => expect(page.getByTestId('scans-completed')).toHaveText('0 scans completed'),
      ],
      ['/learn', () => expect(page.getByText(firstArticle as string).first()).toBeVisible()],
    ] as const) {
      await page.goto(url);
      await check();
      await expect(page.getByRole('status').filter({ hasText: 'You’re offline' })).toBeVisible();
      await expect(page.getByRole('progressbar', { name: 'Loading page' })).toHaveCount(0);
    }
    await goOnline(context);
  });
});

test.describe('offline keeps its word', () => {
  test.describe.configure({ timeout: 180_000 });

  test('/learn, an article, /profile and /dashboard, each visited once, reload offline with their data', async ({
    page,
    context,
    request,
  }) => {
    const user = await signedInNewUser(page, request);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });

    // One visit each, by address (a person opening a link or a bookmark), online.
    await page.goto('/learn');
    const card = page.getByTestId('post-card').first();
    await expect(card).toBeVisible();
    const articleLink = card.getByRole('link').first();
    const articleHref = (await articleLink.getAttribute('href')) as string;
    const listTitle = (await card.getByRole('heading').first().textContent())?.trim() as string;
    // A person reads each page for a moment; the app keeps a new answer within 0.1 s.
    await page.waitForTimeout(500);
    await page.goto(articleHref);
    const articleTitle = (
      await page.getByRole('heading', { level: 1 }).first().textContent()
    )?.trim() as string;
    expect(articleTitle.length).toBeGreaterThan(3);
    await page.waitForTimeout(500);
    await page.goto('/profile');
    await expect(page.getByText(user.name).first()).toBeVisible();
    await page.waitForTimeout(500);
    await page.goto('/dashboard');
    await expect(page.getByTestId('scans-completed')).toHaveText('0 scans completed');
    await page.waitForTimeout(500);

    await goOffline(context);
    const pages: Array<[string, () => Promise<void>]> = [
      ['/learn', () => expect(page.getByText(listTitle).first()).toBeVisible()],
      [
        articleHref,
        () => expect(page.getByRole('heading', { level: 1, name: articleTitle })).toBeVisible(),
      ],
      ['/profile', () => expect(page.getByText(user.name).first()).toBeVisible()],
      [
        '/dashboard',
        () => expect(page.getByTestId('scans-completed')).toHaveText('0 scans completed'),
      ],
    ];
    for (const [url, check] of pages) {
      await page.goto(url);
      await check();
      await expect(page.getByRole('status').filter({ hasText: 'You’re offline' })).toBeVisible();
      // Nothing left waiting: no skeletons under "showing what you saw last".
      await expect(page.locator('[data-slot="skeleton"], .animate-pulse')).toHaveCount(0);
    }
    await goOnline(context);
  });

  test('a page never opened says plainly that it has nothing offline', async ({
    page,
    context,
    request,
  }) => {
    await signedInNewUser(page, request);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await page.waitForTimeout(1500);

    await goOffline(context);
    await page.goto('/quiz');
    await expect(
      page.getByRole('status').filter({ hasText: 'this page has not been saved on this device' }),
    ).toBeVisible();
    await expect(page.locator('[data-slot="skeleton"], .animate-pulse')).toHaveCount(0);
    await goOnline(context);
  });
});

test.describe('offline edits', () => {
  test.describe.configure({ timeout: 120_000 });

  test('a like made offline waits on the device, survives a reload, and reaches the server when back online', async ({
    page,
    context,
    request,
  }) => {
    const user = newUser();
    const { access_token } = await registerViaApi(request, user);
    await loginViaUi(page, user);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

    await page.getByRole('link', { name: 'Learn & Glow' }).first().click();
    await page.getByTestId('post-card').first().getByRole('link').first().click();
    await expect(page).toHaveURL(/\/learn\/[^/]+$/);
    const slug = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() as string);
    const likeButton = page.getByRole('button', { name: /^Like \d+/ });
    await expect(likeButton).toBeVisible();
    const before = Number(await page.getByTestId('like-count').textContent());
    // Let the offline copy of the article be written (batched every second).
    await page.waitForTimeout(1500);

    await goOffline(context);
    await likeButton.click();
    const liked = page.getByRole('button', { name: /^Liked/ });
    await expect(liked).toContainText('Pending');
    await expect(page.getByTestId('like-count')).toHaveText(String(before + 1));
    await expect(page.getByRole('status').filter({ hasText: 'You’re offline' })).toBeVisible();

    // Still offline, a reload keeps the waiting like (IndexedDB) and the article (its offline
    // copy is saved at most once a second).
    await page.waitForTimeout(1500);
    await page.reload();
    await expect(page.getByRole('button', { name: /^Liked/ })).toContainText('Pending');

    const readPost = async () => {
      const res = await request.get(`/api/blog/posts/${encodeURIComponent(slug)}`, {
        headers: { authorization: `Bearer ${access_token}` },
      });
      expect(res.status()).toBe(200);
      return (await res.json()) as { liked: boolean; likes: number };
    };
    expect(answeredOffline(context), 'API requests answered while offline').toEqual([]);
    expect((await readPost()).liked).toBe(false);

    await goOnline(context);
    await expect(page.getByRole('button', { name: /^Liked/ })).not.toContainText('Pending', {
      timeout: 15_000,
    });
    await expect.poll(async () => (await readPost()).liked).toBe(true);
    // Counted once for this person; other journeys may like the same article meanwhile.
    expect((await readPost()).likes).toBeGreaterThanOrEqual(before + 1);
  });
});
