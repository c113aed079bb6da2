import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import type { AxeResults } from 'axe-core';
import { E2E_ADMIN } from '../playwright.config';
import { expect, loginViaUi, test, userWithScans } from './fixtures';

/**
 * Every page, signed out, signed in and as an admin, at a phone's width and a laptop's, checked
 * with axe-core against WCAG 2.1 A and AA and axe's best practices: names and roles, contrast,
 * headings, landmarks, lists, keyboard access to what scrolls; and each page's own title. Open
 * panels (the bell, the account menu, the phone's menu) and each profile tab are checked as they are
 * shown; a member's main pages in dark mode too.
 *
 * axe is injected as a script, which the app's Content-Security-Policy (no inline scripts) would
 * refuse: this spec's browser ignores the policy, which is tested elsewhere (server-rendering).
 */
test.use({ bypassCSP: true });
test.describe.configure({ timeout: 240_000 });

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

/**
 * A panel the test opened (Radix portals it outside the page, which it hides while open): a menu
 * or popover's wrapper, or an open dialog or sheet.
 */
const PANELS = '[data-radix-popper-content-wrapper], [role="dialog"][data-state="open"]';

/** axe's findings on the page, or only inside the open panel when the test opened one. */
async function findings(page: Page, where: string): Promise<string[]> {
  await page.waitForLoadState('networkidle');
  // Once per document: the same page audited again (another width, a tab, a panel) keeps it.
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
  const violations = await page.evaluate(
    async ({ tags, panels }) => {
      const axe = (window as unknown as { axe: { run: (...a: unknown[]) => Promise<AxeResults> } })
        .axe;
      const open = Array.from(document.querySelectorAll(panels));
      const results = await axe.run(open.length > 0 ? { include: open } : document, {
        runOnly: { type: 'tag', values: tags },
      });
      return results.violations.map(
        (v) =>
          `${v.id} (${v.impact ?? 'minor'}): ${v.help} at ${v.nodes
            .slice(0, 3)
            .map((n) => n.target.join(' '))
            .join('; ')}`,
      );
    },
    { tags: TAGS, panels: PANELS },
  );
  return violations.map((v) => `${where}: ${v}`);
}

/** The landing page's title, which index.html gives every page until the page sets its own. */
const LANDING_TITLE = 'Lumiskin — skincare that learns you';

/**
 * Each page names its own topic in the window's title (WCAG 2.4.2): a tab, a bookmark and a
 * screen reader's first words tell pages apart. `titled` holds the titles of the pages read before.
 */
async function ownTitle(page: Page, path: string, titled: Map<string, string>): Promise<string[]> {
  await page.waitForLoadState('networkidle');
  const title = await page.title();
  const other = titled.get(title);
  titled.set(title, path);
  if (path !== '/' && title === LANDING_TITLE) return [`${path}: titled as the landing page`];
  if (other !== undefined) return [`${path}: titled "${title}" as ${other} is`];
  return [];
}

/**
 * Opens each path once and audits it at each width, resized in place as a person turns a tablet or
 * widens a window (the layout spec reads widths the same way); returns every finding (all of them,
 * so one run lists all). A page loaded once instead of once per width: a third of this spec's time.
 */
async function auditPaths(page: Page, paths: string[], widths = WIDTHS): Promise<string[]> {
  const all: string[] = [];
  const titled = new Map<string, string>();
  for (const path of paths) {
    await page.setViewportSize(widths[0]!);
    await page.goto(path);
    all.push(...(await ownTitle(page, path, titled)));
    for (const [i, size] of widths.entries()) {
      if (i > 0) {
        await page.setViewportSize(size);
        // The new width's layout and any re-render it asks for, painted.
        await page.evaluate(
          () =>
            new Promise<void>((resolve) =>
              setTimeout(
                () => requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
                100,
              ),
            ),
        );
      }
      all.push(...(await findings(page, `${size.width}px ${path}`)));
    }
  }
  return all;
}

/**
 * Tabs through the page and returns each control that showed no sign of the focus: no outline and
 * no box shadow other than the one it has unfocused (WCAG 2.4.7). Tailwind 4's `outline-none`
 * sets the variable `focus-visible:outline-2` reads its style from, so a control with both had no
 * ring at all, and nothing else noticed.
 */
async function focusUnseen(page: Page, tabs: number): Promise<string[]> {
  const unseen: string[] = [];
  for (let i = 0; i < tabs; i++) {
    await page.keyboard.press('Tab');
    const found = await page.evaluate(() => {
      const el = document.activeElement;
      if (!(el instanceof HTMLElement) || el === document.body) return null;
      const focused = getComputedStyle(el);
      const outline =
        focused.outlineStyle !== 'none' &&
        parseFloat(focused.outlineWidth) > 0 &&
        focused.outlineColor !== 'rgba(0, 0, 0, 0)';
      const shadow = focused.boxShadow;
      const border = focused.borderColor;
      const background = focused.backgroundColor;
      // Unfocused at once (a transition would still show the focused values).
      const transition = el.style.transition;
      el.style.transition = 'none';
      el.blur();
      const rest = getComputedStyle(el);
      const changed =
        rest.boxShadow !== shadow ||
        rest.borderColor !== border ||
        rest.backgroundColor !== background;
      el.focus();
      el.style.transition = transition;
      const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40);
      return outline || changed ? null : `${el.tagName.toLowerCase()} "${name}"`;
    });
    if (found) unseen.push(found);
  }
  return unseen;
}

test('the public pages meet WCAG 2.1 AA at phone and laptop widths', async ({ page, request }) => {
  const products = (await (await request.get('/api/shop/products')).json()) as {
    products: { id: string }[];
  };
  const posts = (await (await request.get('/api/blog/posts')).json()) as {
    posts: { slug: string }[];
  };
  const paths = [
    '/',
    '/login',
    '/register',
    '/forgot-password',
    '/reset-password?token=expired',
    '/shop',
    `/shop/${products.products[0]?.id ?? ''}`,
    '/learn',
    `/learn/${posts.posts[0]?.slug ?? ''}`,
    '/download',
    '/terms',
    '/privacy',
    '/no-such-page',
  ];
  expect(await auditPaths(page, paths)).toEqual([]);

  // The keyboard's focus shows on every control of the sign-up form (links, fields, the
  // password's eye, the terms box, buttons).
  await page.setViewportSize(WIDTHS[1]!);
  await page.goto('/register');
  expect(await focusUnseen(page, 20)).toEqual([]);
});

test('a member’s pages, panels and profile tabs meet WCAG 2.1 AA', async ({ page, request }) => {
  const { user, analysisId } = await userWithScans(request);
  await loginViaUi(page, user);
  await expect(page).toHaveURL(/\/dashboard$/);
  const all = await auditPaths(page, [
    '/dashboard',
    '/history',
    `/analysis/${analysisId}`,
    '/scan',
    '/quiz',
    '/quiz/challenges',
    '/shop',
    '/checkout',
    '/profile',
  ]);

  // A page reached by a link says its name to a screen reader (the browser announces only pages
  // it loads).
  await page.setViewportSize(WIDTHS[1]!);
  await page.goto('/dashboard');
  await page.getByRole('banner').getByRole('link', { name: 'Shop' }).click();
  await expect(page).toHaveURL(/\/shop$/);
  await expect(page.locator('#route-announcer')).toHaveText('Shop — Lumiskin');

  // The profile's tabs, each as it is shown.
  await page.setViewportSize(WIDTHS[0]!);
  await page.goto('/profile');
  for (const tab of ['History', 'Products', 'Orders', 'Settings']) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
    all.push(...(await findings(page, `profile tab ${tab}`)));
  }

  // The phone's menu.
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  all.push(...(await findings(page, '390px menu')));

  // A laptop's bell and account menu.
  await page.setViewportSize(WIDTHS[1]!);
  await page.goto('/dashboard');
  const banner = page.getByRole('banner');
  await banner.getByRole('button', { name: /^Notifications/ }).click();
  await expect(page.getByRole('dialog', { name: 'Notifications' })).toBeVisible();
  all.push(...(await findings(page, 'the bell')));
  await page.keyboard.press('Escape');
  await banner.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  all.push(...(await findings(page, 'the account menu')));
  await page.keyboard.press('Escape');

  // Dark mode (the app follows the system until the person picks): its colours meet AA too.
  await page.emulateMedia({ colorScheme: 'dark' });
  const dark = await auditPaths(
    page,
    ['/dashboard', `/analysis/${analysisId}`, '/history', '/profile', '/quiz/challenges'],
    [WIDTHS[1]!],
  );
  all.push(...dark.map((finding) => `dark mode: ${finding}`));
  await page.emulateMedia({ colorScheme: 'light' });

  // The focus shows on the header's buttons and the scan page's controls, and on the profile's
  // tabs and the tab's panel (a tab stop of its own).
  await page.goto('/scan');
  all.push(...(await focusUnseen(page, 24)).map((c) => `focus not shown on ${c}`));
  await page.goto('/profile');
  await expect(page.getByRole('tabpanel')).toBeVisible();
  all.push(...(await focusUnseen(page, 17)).map((c) => `focus not shown on ${c} (profile)`));

  expect(all).toEqual([]);
});

test('the admin pages meet WCAG 2.1 AA', async ({ page, request }) => {
  const products = (await (await request.get('/api/shop/products')).json()) as {
    products: { id: string }[];
  };
  await loginViaUi(page, E2E_ADMIN);
  await expect(page).not.toHaveURL(/\/login/);
  const paths = [
    '/admin',
    '/admin/users',
    '/admin/products',
    '/admin/products/new',
    `/admin/products/${products.products[0]?.id ?? ''}`,
    '/admin/articles',
    '/admin/quiz',
    '/admin/quiz/categories',
    '/admin/audit',
    '/admin/orders',
    '/admin/settings',
  ];
  expect(await auditPaths(page, paths)).toEqual([]);
});
