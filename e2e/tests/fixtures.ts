import { randomUUID } from 'node:crypto';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';

export interface TestUser {
  name: string;
  email: string;
  password: string;
}

export function newUser(overrides: Partial<TestUser> = {}): TestUser {
  const id = randomUUID().slice(0, 8);
  return {
    name: `Ada Tester ${id}`,
    email: `ada.${id}@example.test`,
    password: `glow-${id}-pass`,
    ...overrides,
  };
}

/** Creates an account through the API (fast path for tests that are not about registering). */
export async function registerViaApi(request: APIRequestContext, user: TestUser) {
  const res = await request.post('/api/auth/register', {
    data: { ...user, confirmPassword: user.password },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { access_token: string; user: { id: string } };
}

export async function loginViaUi(page: Page, user: Pick<TestUser, 'email' | 'password'>) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * Waits until the app is live on the page (apps/web root layout: <html data-app-ready>). Public
 * pages arrive server-rendered (docs/decisions/013): visible before their script has run, so a
 * test that types or clicks at once could act on HTML nobody listens to yet.
 */
export async function waitForApp(page: Page) {
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
}

/** `page.goto` and `page.reload` return once the app is live (see waitForApp). */
export const test = base.extend({
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
