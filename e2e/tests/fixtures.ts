import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import {
  test as base,
  expect,
  type APIRequestContext,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import { FACE } from './face-photo';
import { linkInMail } from './outbox';

export interface TestUser {
  name: string;
  email: string;
  password: string;
}

/** Every user drafted by the running test (a worker runs one test at a time); deleted after it. */
let drafted: TestUser[] = [];

/** A new user's details; whether the test registers them by API or by the form, they go after it. */
export function newUser(overrides: Partial<TestUser> = {}): TestUser {
  const id = randomUUID().slice(0, 8);
  const user = {
    name: `Ada Tester ${id}`,
    email: `ada.${id}@example.test`,
    password: `glow-${id}-pass`,
    ...overrides,
  };
  drafted.push(user);
  return user;
}

/**
 * Deletes the account the way its owner would (DELETE /api/users/me with the password). A login
 * answered 401 means there is nothing to delete: the test deleted the account itself, or failed
 * before registering it.
 */
async function deleteAccount(request: APIRequestContext, user: TestUser) {
  const login = await request.post('/api/auth/login', {
    data: { email: user.email, password: user.password },
  });
  if (login.status() === 401) return;
  expect(login.status(), await login.text()).toBe(200);
  const { access_token } = (await login.json()) as { access_token: string };
  const deleted = await request.delete('/api/users/me', {
    headers: { authorization: `Bearer ${access_token}` },
    data: { password: user.password },
  });
  expect(deleted.status(), `deleting ${user.email}: ${await deleted.text()}`).toBe(204);
}

/** Creates an account through the API (fast path for tests that are not about registering). */
export async function registerViaApi(request: APIRequestContext, user: TestUser) {
  const res = await request.post('/api/auth/register', {
    data: { ...user, confirmPassword: user.password },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { access_token: string; user: { id: string } };
}

/**
 * One server scan of the test portrait (or `photo`) through the upload API, after the photo
 * consent it needs (decision 100); the analysis as the server answered it.
 */
export async function scanViaApi(
  request: APIRequestContext,
  token: string,
  { photo, location = 'London, GB' }: { photo?: Buffer; location?: string } = {},
): Promise<{ id: string; computed_on: string; scores: Record<string, number> }> {
  const headers = { authorization: `Bearer ${token}` };
  const consent = await request.post('/api/analysis/consent', {
    headers,
    data: { accepted: true },
  });
  expect(consent.ok(), await consent.text()).toBe(true);
  const res = await request.post('/api/analysis/scan-upload', {
    headers,
    multipart: {
      image: { name: 'face.jpg', mimeType: 'image/jpeg', buffer: photo ?? fs.readFileSync(FACE) },
      location,
    },
    timeout: 90_000,
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: string; computed_on: string; scores: Record<string, number> };
}

/** A new user (registered through the API) with one real scan per place; the last scan's id. */
export async function userWithScans(
  request: APIRequestContext,
  locations: string[] = ['London, GB'],
): Promise<{ user: TestUser; token: string; analysisId: string }> {
  const user = newUser();
  const { access_token: token } = await registerViaApi(request, user);
  let analysisId = '';
  for (const location of locations) {
    analysisId = (await scanViaApi(request, token, { location })).id;
  }
  return { user, token, analysisId };
}

/**
 * Signs a browser context in by storing the session the way the app does (the keys of
 * docs/product-rules.md#session).
 */
export async function signInWithSession(
  context: BrowserContext,
  session: { access_token: string; user: unknown },
) {
  await context.addInitScript(
    ([token, user]) => {
      localStorage.setItem('lumiskin_token', token);
      localStorage.setItem('lumiskin_user', user);
    },
    [session.access_token, JSON.stringify(session.user)] as const,
  );
}

/**
 * Opens the sign-up confirmation link mailed to `email` (decision 070): only a confirmed address
 * may be given a staff role.
 */
export async function confirmEmailViaApi(request: APIRequestContext, email: string) {
  const link = await linkInMail(email, /Confirm your email/);
  const token = new URL(link, 'http://e2e.test').searchParams.get('token');
  const res = await request.post('/api/auth/confirm-email', { data: { token } });
  expect(res.status(), await res.text()).toBe(200);
}

export async function loginViaUi(page: Page, user: Pick<TestUser, 'email' | 'password'>) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * A bearer header for an account, signed in through the API with its email and password only
 * (the login route refuses fields it does not know, such as a name: decision 074).
 */
export async function tokenOf(
  request: APIRequestContext,
  who: { email: string; password: string },
): Promise<{ authorization: string }> {
  const res = await request.post('/api/auth/login', {
    data: { email: who.email, password: who.password },
  });
  expect(res.status(), await res.text()).toBe(200);
  return {
    authorization: `Bearer ${((await res.json()) as { access_token: string }).access_token}`,
  };
}

/** The newest entry of the admin audit log whose sentence holds every one of `parts`. */
export function auditEntry(page: Page, ...parts: (string | RegExp)[]) {
  let entries = page.getByRole('list', { name: 'Audit entries' }).getByRole('listitem');
  for (const part of parts) entries = entries.filter({ hasText: part });
  return entries.first();
}

/** A new account, registered and signed in through the login page, which lands on the dashboard. */
export async function signedInNewUser(
  page: Page,
  request: APIRequestContext,
  overrides: Partial<TestUser> = {},
): Promise<TestUser> {
  const user = newUser(overrides);
  await registerViaApi(request, user);
  await loginViaUi(page, user);
  await expect(page).toHaveURL(/\/dashboard$/);
  return user;
}

/**
 * Waits until the app is live on the page (apps/web root layout: <html data-app-ready>). Public
 * pages arrive server-rendered (docs/decisions/013): visible before their script has run, so a
 * test that types or clicks at once could act on HTML nobody listens to yet.
 */
export async function waitForApp(page: Page) {
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
}

/**
 * `page.goto` and `page.reload` return once the app is live (see waitForApp); every user the
 * test drafted with newUser() is deleted after it, so no test's rows outlive it.
 */
/** Console lines that come from the browser, not the app (see `pageErrors`). */
const BROWSER_NOTES = [
  /^Failed to load resource: /,
  /^Service Worker registration blocked by Playwright/,
  /was preloaded using link preload but not used within a few seconds/,
  // Chromium's own notes on the page (a slow network's fallback font, an API it will retire).
  /^\[(Intervention|Deprecation)\]/,
];

export const test = base.extend<{ deleteUsers: void; pageErrors: void }>({
  // A journey fails when a page throws (an uncaught error or rejection) or prints an error or a
  // warning of its own: the app logs nothing in normal use. The browser's note of each failed
  // request (journeys provoke 401s, 404s and offline on purpose) and its notes on automation
  // and preloads are not the app's.
  pageErrors: [
    async ({ context }, use) => {
      const seen: string[] = [];
      const watch = (page: Page) => {
        page.on('pageerror', (error) => seen.push(`${page.url()} threw: ${error.message}`));
        page.on('console', (message) => {
          const type = message.type();
          if (type !== 'error' && type !== 'warning') return;
          if (BROWSER_NOTES.some((note) => note.test(message.text()))) return;
          seen.push(`${page.url()} console.${type}: ${message.text()}`);
        });
      };
      context.pages().forEach(watch);
      context.on('page', watch);
      await use();
      expect(seen, 'errors and warnings printed by the app').toEqual([]);
    },
    { auto: true },
  ],
  deleteUsers: [
    async ({ playwright, baseURL }, use) => {
      drafted = [];
      await use();
      // A context of its own: the test's `request` may already be disposed.
      const request = await playwright.request.newContext({ baseURL });
      try {
        for (const user of drafted) await deleteAccount(request, user);
      } finally {
        drafted = [];
        await request.dispose();
      }
    },
    { auto: true },
  ],
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (...args) => {
      const response = await goto(...args);
      await waitForApp(page);
      return response;
    };
    page.reload = async (...args) => {
      const response = await reload(...args);
      await waitForApp(page);
      return response;
    };
    await use(page);
  },
});
export { expect };

/** The built file of one source module (the web build's manifest, which the server reads too). */
export function webBuildFile(source: string): string {
  const manifest = JSON.parse(
    fs.readFileSync(new URL('../../apps/web/dist/.vite/manifest.json', import.meta.url), 'utf8'),
  ) as Record<string, { file: string } | undefined>;
  const entry = manifest[source];
  if (!entry) throw new Error(`${source} is not in the web build`);
  return entry.file;
}
