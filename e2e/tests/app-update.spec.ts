import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { expect, signedInNewUser, test, webBuildFile } from './fixtures';

/**
 * A new version deployed while the app is open (decision 188). Playwright cannot route the
 * browser's own fetch of /sw.js, so the "deploy" happens in a small proxy in front of the server:
 * once told, it serves /sw.js with one more line, which makes it a new version of the worker as
 * far as the browser is concerned (its precache list, and so its install, stay the same).
 */
function forwarded(headers: http.IncomingHttpHeaders, host: string): http.OutgoingHttpHeaders {
  // Plain bodies (the proxy may append to /sw.js) and whole answers: the browser asks for /sw.js
  // with the validators of its copy, and a 304 would say "no new version".
  const { 'if-none-match': _etag, 'if-modified-since': _modified, ...rest } = headers;
  return { ...rest, host, 'accept-encoding': 'identity' };
}

async function startProxy(target: string) {
  let deployed = false;
  const server = http.createServer((request, response) => {
    const upstream = http.request(
      new URL(request.url ?? '/', target),
      {
        method: request.method,
        headers: forwarded(request.headers, new URL(target).host),
      },
      (answer) => {
        const isWorker = new URL(request.url ?? '/', target).pathname === '/sw.js';
        if (!isWorker || !deployed) {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const body = Buffer.concat([...chunks, Buffer.from('\n// version 2\n')]);
          const headers = { ...answer.headers, 'content-length': String(body.length) };
          delete headers.etag;
          delete headers['last-modified'];
          response.writeHead(answer.statusCode ?? 502, headers);
          response.end(body);
        });
      },
    );
    upstream.on('error', () => response.destroy());
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    deploy: () => {
      deployed = true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Waits until the app's service worker controls `page` (it registers once the page is idle). */
async function controlledByWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (await page.evaluate(() => navigator.serviceWorker.controller === null)) await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** A mark that lives as long as the page's document: gone means the page was loaded again. */
const markDocument = (page: Page) =>
  page.evaluate(() => {
    (window as { sameDocument?: boolean }).sameDocument = true;
  });
const isSameDocument = (page: Page) =>
  page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument === true);

test.describe('a new version reaches open windows', () => {
  test.describe('with the service worker', () => {
    test.use({ serviceWorkers: 'allow' });
    test.describe.configure({ timeout: 120_000 });

    test('an open app is offered the version deployed meanwhile; Reload moves it and tells the other window', async ({
      context,
      baseURL,
    }) => {
      const proxy = await startProxy(baseURL ?? '');
      try {
        const first = await context.newPage();
        await first.goto(`${proxy.url}/shop`);
        await controlledByWorker(first);
        const second = await context.newPage();
        await second.goto(`${proxy.url}/learn`);
        await expect(second.getByRole('heading', { level: 1 })).toBeVisible();
        await controlledByWorker(second);
        const banner = (page: Page) => page.getByRole('region', { name: 'App update' });
        await expect(banner(first)).toHaveCount(0);

        proxy.deploy();
        // The app looks every hour and when shown again (unit tests); here the look is asked now.
        await first.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration();
          await registration?.update();
        });
        await expect(banner(first)).toContainText('A new version of Lumiskin is ready');
        await expect(banner(second)).toContainText('A new version of Lumiskin is ready');

        await markDocument(first);
        await markDocument(second);
        await banner(first).getByRole('button', { name: 'Reload' }).click();
        // The first window loads again, on the new worker, and has nothing more to offer.
        await expect.poll(() => isSameDocument(first).catch(() => true)).toBe(false);
        await first.waitForFunction(() => navigator.serviceWorker.controller !== null);
        expect(
          await first.evaluate(async () => {
            const registration = await navigator.serviceWorker.getRegistration();
            return registration?.waiting === null && registration.active !== null;
          }),
        ).toBe(true);
        await expect(first.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(banner(first)).toHaveCount(0);

        // The other window was not reloaded behind its reader's back: it is told instead.
        await expect(banner(second)).toContainText('Lumiskin was updated');
        expect(await isSameDocument(second)).toBe(true);
        await banner(second).getByRole('button', { name: 'Reload' }).click();
        await expect.poll(() => isSameDocument(second).catch(() => true)).toBe(false);
        await expect(second.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(banner(second)).toHaveCount(0);
      } finally {
        await proxy.close();
      }
    });
  });

  test('a page whose code was replaced by a deploy loads again and opens on the new version', async ({
    page,
  }) => {
    await page.goto('/shop');
    await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
    await markDocument(page);
    // The Learn page's code as the old build named it: gone from the server after the deploy.
    // The reload that follows gets the page's code as the server has it now.
    let refused = 0;
    await page.route(`**/${webBuildFile('src/features/learn/routes/learn.tsx')}`, async (route) => {
      if (refused > 0) return route.fallback();
      refused += 1;
      await route.fulfill({ status: 404, body: 'Not found' });
    });
    await page.getByRole('link', { name: 'Learn & Glow' }).first().click();
    await expect(page).toHaveURL(/\/learn$/);
    await expect(page.getByRole('heading', { name: 'Latest Articles' })).toBeVisible();
    expect(refused).toBe(1);
    expect(await isSameDocument(page)).toBe(false);
    await expect(page.getByText('Something went wrong')).toHaveCount(0);
  });

  test('a page whose code is still missing after that reload shows the error, without a loop', async ({
    page,
    request,
  }) => {
    await signedInNewUser(page, request);
    let documents = 0;
    page.on('request', (r) => {
      if (r.resourceType() === 'document') documents += 1;
    });
    // A broken deploy: the quiz hub's code is missing for good.
    await page.route(`**/${webBuildFile('src/features/quiz/routes/quiz.tsx')}`, (route) =>
      route.fulfill({ status: 404, body: 'Not found' }),
    );
    await page.getByRole('link', { name: 'Quiz & Games' }).first().click();
    await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
    await expect(page).toHaveURL(/\/quiz$/);
    // One reload, made by the app; then it stays on the error page.
    await page.waitForTimeout(1_500);
    expect(documents).toBe(1);
    await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
  });
});
