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
 * shown; a member's main pages in dark mode too, and in a Windows contrast theme (forced colours).
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
 * ring at all, and nothing else noticed. `outlineOnly`: only an outline counts (in a Windows
 * contrast theme, where shadows are dropped and a border's change of colour is one pixel of the
 * theme's Highlight beside its text colour).
 */
async function focusUnseen(
  page: Page,
  tabs: number,
  { outlineOnly = false } = {},
): Promise<string[]> {
  const unseen: string[] = [];
  for (let i = 0; i < tabs; i++) {
    await page.keyboard.press('Tab');
    const found = await page.evaluate((outlineOnly) => {
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
      return outline || (changed && !outlineOnly) ? null : `${el.tagName.toLowerCase()} "${name}"`;
    }, outlineOnly);
    if (found) unseen.push(found);
  }
  return unseen;
}

/**
 * What a Windows contrast theme would hide (forced colours paint every background in the theme's
 * Canvas and drop shadows): a chosen toggle, tab, radio, switch or menu item that looks like the
 * unchosen ones, a switch without its track or knob, a bar without its outline or fill.
 */
async function statesUnseen(page: Page, where: string): Promise<string[]> {
  const unseen = await page.evaluate(() => {
    const found: string[] = [];
    // The colour that shows behind an element: its own, else the nearest ancestor's.
    const behind = (el: Element): string => {
      for (let at: Element | null = el; at; at = at.parentElement) {
        const colour = getComputedStyle(at).backgroundColor;
        if (!/^rgba\(.*, 0\)$/.test(colour)) return colour;
      }
      return 'Canvas';
    };
    const edged = (s: CSSStyleDeclaration) =>
      parseFloat(s.borderTopWidth) > 0 && s.borderTopStyle !== 'none';
    const look = (el: Element) => {
      const s = getComputedStyle(el);
      return `${behind(el)} / ${s.color} / ${edged(s) ? s.borderTopColor : 'no edge'}`;
    };
    const name = (el: Element) => {
      const labelledBy = el.getAttribute('aria-labelledby');
      const label = labelledBy
        ? document.getElementById(labelledBy)?.textContent
        : (el as HTMLButtonElement).labels?.[0]?.textContent;
      return (el.getAttribute('aria-label') ?? label ?? el.textContent ?? '').trim().slice(0, 30);
    };
    const shown = (el: Element) => el.getClientRects().length > 0;
    // Each kind of control, and how one of them says it is the chosen one.
    const groups: [string, string][] = [
      ['[aria-pressed]', '[aria-pressed="true"]'],
      ['[role="tab"]', '[aria-selected="true"]'],
      ['[role="switch"], [role="radio"], [role="checkbox"]', '[aria-checked="true"]'],
      ['[role="menuitem"]', '[data-highlighted]'],
      ['label:has(> input.sr-only)', ':has(> input:checked)'],
    ];
    for (const [selector, chosen] of groups) {
      const all = Array.from(document.querySelectorAll(selector)).filter(shown);
      const on = all.filter((el) => el.matches(chosen));
      const offLooks = new Set(all.filter((el) => !on.includes(el)).map(look));
      for (const el of on) {
        if (offLooks.has(look(el))) found.push(`chosen "${name(el)}" looks like the others`);
      }
    }
    const bars = '[role="switch"], [role="progressbar"], [role="meter"]';
    for (const el of Array.from(document.querySelectorAll(bars)).filter(shown)) {
      const inner = el.firstElementChild;
      const what = `${el.getAttribute('role')} "${name(el)}"`;
      if (!edged(getComputedStyle(el))) found.push(`${what} has no outline`);
      if (!inner || behind(inner) === behind(el)) found.push(`${what}: its knob or fill is unseen`);
    }
    return found;
  });
  return unseen.map((finding) => `${where}: ${finding}`);
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

test('in a Windows contrast theme (forced colours) every chosen state and bar still shows', async ({
  page,
  request,
}) => {
  const { user, analysisId } = await userWithScans(request, ['London, GB', 'Paris, FR']);
  await page.emulateMedia({ forcedColors: 'active' });
  await page.setViewportSize(WIDTHS[0]!);
  const all: string[] = [];
  // The theme drops shadows and repaints borders: a field's focus ring and its coloured border
  // vanish, so the focus must also show as an outline (drawn in the theme's colour).
  await page.goto('/login');
  await expect(page.getByLabel('Email')).toBeVisible();
  const outlineOnly = { outlineOnly: true };
  all.push(
    ...(await focusUnseen(page, 14, outlineOnly)).map((c) => `sign-in: focus not shown on ${c}`),
  );
  await loginViaUi(page, user);
  await expect(page).toHaveURL(/\/dashboard$/);

  // The buttons painted by their fill alone get an edge: the page's own and the quick scan's.
  for (const name of ['New Scan', 'Quick Scan']) {
    const width = await page
      .getByRole('link', { name, exact: true })
      .evaluate((el) => getComputedStyle(el).borderTopWidth);
    if (width === '0px') all.push(`dashboard: the "${name}" button has no edge`);
  }
  // The chart's metric toggles, and their colour keys keep the colour of their lines.
  await page.getByRole('heading', { name: 'Scan History & Progress' }).scrollIntoViewIfNeeded();
  const toggles = page.locator('figcaption [aria-pressed]');
  await expect(toggles.first()).toBeVisible();
  await expect(page.locator('figcaption [aria-pressed="true"]').first()).toBeVisible();
  all.push(...(await statesUnseen(page, 'dashboard chart')));
  // The chart's period and source selects.
  await page.getByRole('heading', { name: 'Scan History & Progress' }).click();
  all.push(
    ...(await focusUnseen(page, 2, outlineOnly)).map((c) => `dashboard: focus not shown on ${c}`),
  );
  const keys = await page
    .locator('figcaption [aria-pressed="true"] > span')
    .evaluateAll((spans) => spans.map((span) => getComputedStyle(span).backgroundColor));
  const line = await page
    .locator('.recharts-line-curve')
    .evaluateAll((paths) => paths.map((path) => getComputedStyle(path).stroke));
  for (const key of keys) {
    if (!line.includes(key)) all.push(`dashboard chart: a colour key (${key}) matches no line`);
  }

  await page.goto('/profile');
  await page.getByRole('tab', { name: 'Settings' }).click();
  await expect(page.getByRole('switch').first()).toBeVisible();
  all.push(...(await statesUnseen(page, 'profile settings')));
  await page.getByLabel('Current password').click();
  all.push(
    ...(await focusUnseen(page, 4, outlineOnly)).map((c) => `settings: focus not shown on ${c}`),
  );
  await page.goto(`/analysis/${analysisId}`);
  await expect(page.getByRole('meter').first()).toBeVisible();
  all.push(...(await statesUnseen(page, 'analysis')));
  await page.goto('/scan');
  await expect(page.getByRole('radio', { name: /Quick/ })).toBeVisible();
  all.push(...(await statesUnseen(page, 'scan')));

  // A quiz's answer, once picked (the radio itself is hidden inside its card).
  await page.goto('/quiz');
  await page.getByRole('link', { name: 'Start Quiz' }).click();
  await page.getByRole('radio').first().check({ force: true });
  all.push(...(await statesUnseen(page, 'quiz question')));

  // A laptop's account menu, walked with the keyboard.
  await page.setViewportSize(WIDTHS[1]!);
  await page.goto('/dashboard');
  await page.getByRole('banner').getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await expect(page.locator('[role="menuitem"][data-highlighted]')).toHaveCount(1);
  all.push(...(await statesUnseen(page, 'account menu')));

  expect(all).toEqual([]);
});

test('with more contrast asked of the system, secondary text reaches 7:1 and edges 3:1', async ({
  page,
}) => {
  type Rgb = [number, number, number];
  /** WCAG's contrast ratio of two sRGB colours. */
  const ratio = (a: Rgb, b: Rgb) => {
    const luminance = (rgb: Rgb) => {
      const [r, g, b] = rgb.map((channel) => {
        const v = channel / 255;
        return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
    return (hi! + 0.05) / (lo! + 0.05);
  };
  const weak: string[] = [];
  await page.emulateMedia({ contrast: 'more' });
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.goto('/');
    // The stylesheet has arrived (the server-rendered page may paint before it).
    await page.waitForFunction(
      () => getComputedStyle(document.documentElement).getPropertyValue('--card') !== '',
    );
    // Each token as the browser resolves it (a colour it paints, whatever its spelling).
    const tokens = await page.evaluate(() => {
      // A new element for each (one restyled would be read mid-transition, the page's colours
      // ease).
      const read = (name: string) => {
        const probe = document.createElement('span');
        probe.style.color = `var(--${name})`;
        document.body.append(probe);
        const rgb = getComputedStyle(probe).color.match(/\d+(\.\d+)?/g) ?? [];
        probe.remove();
        return rgb.slice(0, 3).map(Number);
      };
      const names = ['muted-foreground', 'primary-text', 'border', 'input'];
      const surfaces = ['background', 'card', 'popover', 'muted', 'primary-soft'];
      return {
        colours: names.map((name) => [name, read(name)] as const),
        surfaces: surfaces.map((name) => [name, read(name)] as const),
      };
    });
    for (const [, rgb] of [...tokens.colours, ...tokens.surfaces]) expect(rgb).toHaveLength(3);
    for (const [name, colour] of tokens.colours) {
      // Text 7:1 (AAA) on every surface; an edge 3:1 against the page and the cards it outlines.
      const isText = name.endsWith('foreground') || name.endsWith('text');
      const against = isText
        ? tokens.surfaces
        : tokens.surfaces.filter(([surface]) => ['background', 'card'].includes(surface));
      for (const [surface, behind] of against) {
        const got = ratio(colour as Rgb, behind as Rgb);
        if (got < (isText ? 7 : 3)) {
          weak.push(`${colorScheme}: --${name} on --${surface} ${got.toFixed(2)}:1`);
        }
      }
    }
  }
  expect(weak).toEqual([]);
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
