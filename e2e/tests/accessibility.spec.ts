import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import type { AxeResults } from 'axe-core';
import { E2E_ADMIN } from '../playwright.config';
import { launchWithFakeCamera, portraitY4m } from './fake-camera';
import {
  expect,
  loginViaUi,
  newUser,
  registerViaApi,
  signedInNewUser,
  signInWithSession,
  test,
  userWithScans,
} from './fixtures';

/**
 * Every page, signed out, signed in and as an admin, at a phone's width and a laptop's, checked
 * with axe-core against WCAG 2.1 A and AA, WCAG 2.2's target size (2.5.8: a control at least
 * 24 px square or with room around it) and axe's best practices: names and roles, contrast,
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
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
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

/**
 * Text axe cannot judge, read from the pixels behind it. Over a gradient, a picture or a
 * translucent layer axe only says "needs review" (its `incomplete`), so a white line on a light end
 * of a gradient passed unseen. Here the page is shot with every text made transparent, and each of
 * those texts' colours, laid over the pixels behind its lines, must reach WCAG's 4.5:1 (3:1 when
 * large) on 95 % of them (a stray border or icon edge may cross a line). Text painted by a clipped
 * gradient (no colour of its own) and SVG text (charts' labels, whose fill is not their colour) are
 * left to axe. Returns the texts found too faint, and every text read.
 */
async function faintOnPictures(
  page: Page,
  where: string,
): Promise<{ faint: string[]; read: string[] }> {
  await page.waitForLoadState('networkidle');
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
  type Text = { text: string; rgba: number[]; large: boolean };
  const texts: Text[] = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (...a: unknown[]) => Promise<AxeResults> } })
      .axe;
    const results = await axe.run(document, {
      runOnly: { type: 'rule', values: ['color-contrast'] },
    });
    const elements = results.incomplete
      .flatMap((rule) => rule.nodes.map((node) => document.querySelector(String(node.target[0]))))
      .filter((el): el is HTMLElement => el instanceof HTMLElement);
    // A colour as sRGB bytes and alpha, whatever its spelling (oklch, color-mix, a variable).
    const canvas = document.createElement('canvas').getContext('2d', { willReadFrequently: true })!;
    const rgba = (colour: string) => {
      canvas.clearRect(0, 0, 1, 1);
      canvas.fillStyle = colour;
      canvas.fillRect(0, 0, 1, 1);
      const [r, g, b, a] = canvas.getImageData(0, 0, 1, 1).data;
      return [r!, g!, b!, a! / 255];
    };
    const seen = new Set<Node>();
    const found: Text[] = [];
    const store = ((window as unknown as { faintTexts: Text[] }).faintTexts = [] as never[]);
    for (const el of elements) {
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (seen.has(node) || !node.textContent?.trim() || !(parent instanceof HTMLElement)) {
          continue;
        }
        seen.add(node);
        const style = getComputedStyle(parent);
        const colour = rgba(style.color);
        if (colour[3] === 0 || parent.getClientRects().length === 0) continue;
        const size = parseFloat(style.fontSize);
        const bold = Number(style.fontWeight) >= 700;
        (store as Node[]).push(node);
        found.push({
          text: node.textContent.trim().slice(0, 40),
          rgba: colour,
          large: size >= 24 || (bold && size >= 18.66),
        });
      }
    }
    return found;
  });
  // Every text transparent at once (no easing), its background left as it is.
  const hide = await page.addStyleTag({
    content:
      '*, *::before, *::after { color: transparent !important; ' +
      '-webkit-text-fill-color: transparent !important; text-shadow: none !important; ' +
      'transition: none !important; }',
  });
  const faint: string[] = [];
  const pending = new Set(texts.keys());
  while (pending.size > 0) {
    // The texts whose lines all show in the window (below the sticky header, unless in it), after
    // bringing the first one left to the window's middle when none does: one shot reads them all.
    const inView = await page.evaluate(
      (pending) => {
        const nodes = (window as unknown as { faintTexts: Node[] }).faintTexts;
        const header = document.querySelector('header');
        const lines = (i: number) => {
          const range = document.createRange();
          range.selectNodeContents(nodes[i]!);
          return Array.from(range.getClientRects())
            .filter((r) => r.width >= 2 && r.height >= 2)
            .map((r) => ({ x: r.x, y: r.y, width: r.width, height: r.height }));
        };
        const shows = (i: number) => {
          const top = header?.contains(nodes[i]!)
            ? 0
            : (header?.getBoundingClientRect().bottom ?? 0);
          return lines(i).every(
            (r) =>
              r.y >= top &&
              r.y + r.height <= innerHeight &&
              r.x >= 0 &&
              r.x + r.width <= innerWidth,
          );
        };
        let found = pending.filter(shows);
        if (found.length === 0) {
          nodes[pending[0]!]!.parentElement!.scrollIntoView({
            block: 'center',
            behavior: 'instant',
          });
          found = pending.filter(shows);
          // Taller than the window or hidden away: read what shows of it.
          if (found.length === 0) found = [pending[0]!];
        }
        return found.map((i) => ({ i, rects: lines(i) }));
      },
      [...pending],
    );
    for (const { i } of inView) pending.delete(i);
    // A page that moved while it was shot (content arriving above the texts) is shot again, and
    // read where the shot has its lines.
    const linesOf = (indices: number[]) =>
      page.evaluate((indices) => {
        const nodes = (window as unknown as { faintTexts: Node[] }).faintTexts;
        return indices.map((i) => {
          const range = document.createRange();
          range.selectNodeContents(nodes[i]!);
          return Array.from(range.getClientRects())
            .filter((r) => r.width >= 2 && r.height >= 2)
            .map((r) => ({ x: r.x, y: r.y, width: r.width, height: r.height }));
        });
      }, indices);
    let shot = '';
    for (let attempt = 0; attempt < 5; attempt++) {
      shot = (await page.screenshot({ animations: 'disabled' })).toString('base64');
      const after = await linesOf(inView.map(({ i }) => i));
      const moved = JSON.stringify(after) !== JSON.stringify(inView.map(({ rects }) => rects));
      inView.forEach((text, k) => (text.rects = after[k]!));
      if (!moved) break;
    }
    // The ratio on the 5th percentile of the pixels behind each text's lines.
    const lows = await page.evaluate(
      async ({ shot, inView, colours }) => {
        const image = await createImageBitmap(
          await (await fetch(`data:image/png;base64,${shot}`)).blob(),
        );
        const canvas = new OffscreenCanvas(image.width, image.height);
        const context = canvas.getContext('2d')!;
        context.drawImage(image, 0, 0);
        const { data } = context.getImageData(0, 0, image.width, image.height);
        const scale = image.width / innerWidth;
        const luminance = (rgb: number[]) => {
          const [r, g, b] = rgb.map((channel) => {
            const v = channel / 255;
            return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
          });
          return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
        };
        return inView.map(({ i, rects }) => {
          const rgba = colours[i]!;
          const ratios: number[] = [];
          for (const r of rects) {
            const top = Math.max(0, Math.floor(r.y * scale));
            const end = Math.min(image.height, Math.ceil((r.y + r.height) * scale));
            const left = Math.max(0, Math.floor(r.x * scale));
            const stop = Math.min(image.width, Math.ceil((r.x + r.width) * scale));
            for (let py = top; py < end; py++) {
              for (let px = left; px < stop; px++) {
                const at = (py * image.width + px) * 4;
                const behind = [data[at]!, data[at + 1]!, data[at + 2]!];
                const ink = behind.map((b, k) => rgba[k]! * rgba[3]! + b * (1 - rgba[3]!));
                const [hi, lo] = [luminance(ink), luminance(behind)].sort((a, b) => b - a);
                ratios.push((hi! + 0.05) / (lo! + 0.05));
              }
            }
          }
          ratios.sort((a, b) => a - b);
          return { i, low: ratios.length > 0 ? ratios[Math.floor(ratios.length * 0.05)]! : null };
        });
      },
      { shot, inView, colours: texts.map((text) => text.rgba) },
    );
    for (const { i, low } of lows) {
      const text = texts[i]!;
      if (low !== null && low < (text.large ? 3 : 4.5)) {
        faint.push(`${where}: "${text.text}" ${low.toFixed(2)}:1 on what is behind it`);
      }
    }
  }
  await hide.evaluate((style) => (style as HTMLStyleElement).remove());
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  return { faint, read: texts.map((text) => text.text) };
}

/**
 * What still shows through when the system asks for less transparency: a blurred backdrop anywhere,
 * a see-through surface floating over the page (fixed, sticky or absolute) that carries words or a
 * control, and a dimmed layer over the whole window the page shows through by more than 20 %.
 * Decorative shapes (hidden from assistive technology) are left alone.
 */
async function seeThrough(page: Page, where: string): Promise<string[]> {
  const found = await page.evaluate(() => {
    const canvas = document.createElement('canvas').getContext('2d', { willReadFrequently: true })!;
    const alpha = (colour: string) => {
      canvas.clearRect(0, 0, 1, 1);
      canvas.fillStyle = colour;
      canvas.fillRect(0, 0, 1, 1);
      return canvas.getImageData(0, 0, 1, 1).data[3]! / 255;
    };
    const problems: string[] = [];
    for (const el of Array.from(document.querySelectorAll<HTMLElement>('body *'))) {
      if (el.closest('[aria-hidden="true"]') || el.getClientRects().length === 0) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden') continue;
      const name = `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 30)}"`;
      if (style.backdropFilter !== 'none') problems.push(`${name} blurs what is behind it`);
      const a = alpha(style.backgroundColor);
      if (a === 0 || a === 1 || !['fixed', 'sticky', 'absolute'].includes(style.position)) continue;
      const rect = el.getBoundingClientRect();
      const carries =
        (el.textContent ?? '').trim() !== '' ||
        el.matches('a, button, input, select, textarea') ||
        el.querySelector('a, button, input, select, textarea') !== null;
      const covers = rect.width >= innerWidth && rect.height >= innerHeight;
      if (covers && a < 0.8)
        problems.push(`${name}: a dimmed layer ${Math.round(a * 100)} % opaque`);
      else if (!covers && carries) problems.push(`${name} is ${Math.round(a * 100)} % opaque`);
    }
    return problems;
  });
  return found.map((problem) => `${where}: ${problem}`);
}

/**
 * Tabs `tabs` times forwards from the page's top, then as many backwards from its end, and names
 * each control the focus landed on that was at least half hidden by something floating over the
 * page (the sticky header, the Quick Scan button): WCAG 2.4.11 asks that it never be wholly hidden.
 * What shows at a 5 × 5 grid of points over the control (within the window) is what the reader sees.
 */
async function focusHidden(page: Page, where: string, tabs: number): Promise<string[]> {
  const hidden = new Set<string>();
  const read = () =>
    page.evaluate(() => {
      const el = document.activeElement;
      if (!(el instanceof HTMLElement) || el === document.body) return null;
      const box = el.getBoundingClientRect();
      const [left, right] = [Math.max(0, box.left), Math.min(innerWidth, box.right)];
      const [top, bottom] = [Math.max(0, box.top), Math.min(innerHeight, box.bottom)];
      if (right <= left || bottom <= top) return null;
      let covered = 0;
      const by = new Set<string>();
      for (let i = 0; i < 5; i++) {
        for (let j = 0; j < 5; j++) {
          const hit = document.elementFromPoint(
            left + ((right - left) * (i + 0.5)) / 5,
            top + ((bottom - top) * (j + 0.5)) / 5,
          );
          if (!hit || el.contains(hit) || hit.contains(el)) continue;
          let floating: Element | null = hit;
          while (floating && !['fixed', 'sticky'].includes(getComputedStyle(floating).position)) {
            floating = floating.parentElement;
          }
          if (floating) {
            covered++;
            by.add(floating.tagName.toLowerCase());
          }
        }
      }
      const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 30);
      return covered >= 13
        ? `${el.tagName.toLowerCase()} "${name}" ${covered * 4} % under the ${[...by].join(', ')}`
        : null;
    });
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  for (let i = 0; i < tabs; i++) {
    await page.keyboard.press('Tab');
    const found = await read();
    if (found) hidden.add(found);
  }
  // From the page's end: the last control first, and up.
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' });
  });
  await page.keyboard.press('Shift+Tab');
  for (let i = 0; i < tabs; i++) {
    await page.keyboard.press('Shift+Tab');
    const found = await read();
    if (found) hidden.add(found);
  }
  return [...hidden].map((found) => `${where}: ${found}`);
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

test('text over a gradient, a picture or a see-through layer reaches AA, read from its pixels', async ({
  page,
  request,
}) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const all: string[] = [];
  /** Each path at each width, in the colour scheme asked for. */
  const read = async (paths: string[], widths: typeof WIDTHS, colorScheme: 'light' | 'dark') => {
    await page.emulateMedia({ colorScheme });
    for (const size of widths) {
      await page.setViewportSize(size);
      for (const path of paths) {
        await page.goto(path);
        const { faint } = await faintOnPictures(page, `${colorScheme} ${size.width}px ${path}`);
        all.push(...faint);
      }
    }
  };
  // Where the brand's gradients carry words: the landing page (its Skin IQ panel), the sign-in
  // page's panel (from a laptop's width) and the quiz hub's Daily Challenge, which has dark colours
  // of its own.
  await read(['/'], [WIDTHS[0]!], 'light');
  await read(['/login'], [WIDTHS[1]!], 'light');
  await signedInNewUser(page, request);
  await read(['/quiz'], WIDTHS, 'light');
  await read(['/quiz'], [WIDTHS[1]!], 'dark');
  expect(all).toEqual([]);
});

test('the camera’s title and hint read over a bright room, read from their pixels', async ({
  request,
  baseURL,
}) => {
  // A face before a white wall: the preview's top is near white behind the title bar's words.
  const clip = await portraitY4m('bright-room', {
    width: 1280,
    height: 720,
    scale: 0.7,
    background: '#f6f4f1',
  });
  const browser = await launchWithFakeCamera(clip);
  try {
    const context = await browser.newContext({
      baseURL,
      bypassCSP: true,
      reducedMotion: 'reduce',
      viewport: WIDTHS[0],
    });
    const session = await registerViaApi(request, newUser());
    await request.post('/api/analysis/consent', {
      headers: { authorization: `Bearer ${session.access_token}` },
      data: { accepted: true },
    });
    await signInWithSession(context, session);
    const page = await context.newPage();
    await page.goto('/scan');
    await page.getByRole('button', { name: 'Use Camera' }).click();
    await expect(page.getByRole('button', { name: /^Capture/ })).toBeEnabled();
    const { faint, read } = await faintOnPictures(page, 'camera');
    expect(read).toContain('Front View');
    expect(faint).toEqual([]);
  } finally {
    await browser.close();
  }
});

test('with less transparency asked of the system, nothing floats see-through', async ({
  page,
  request,
}) => {
  // Playwright has no option for it: Chromium's own emulation (macOS' "Reduce transparency").
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setEmulatedMedia', {
    features: [{ name: 'prefers-reduced-transparency', value: 'reduce' }],
  });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const all: string[] = [];
  const read = async (path: string) => {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    expect(
      await page.evaluate(() => matchMedia('(prefers-reduced-transparency: reduce)').matches),
    ).toBe(true);
    all.push(...(await seeThrough(page, path)));
  };
  await page.setViewportSize(WIDTHS[1]!);
  // The landing page's example chips and quiz facts, the catalogue's favourite buttons.
  for (const path of ['/', '/shop']) await read(path);
  await page.setViewportSize(WIDTHS[0]!);
  await signedInNewUser(page, request);
  await read('/dashboard');
  // A dialog's dimmed layer (the phone's menu).
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.locator('[data-state="open"].fixed.inset-0')).toHaveCSS('opacity', '1');
  all.push(...(await seeThrough(page, 'the phone’s menu')));
  expect(all).toEqual([]);
});

test('the keyboard’s focus is never hidden under the header or the Quick Scan button', async ({
  page,
  request,
}) => {
  // Tabbing back up a phone's page, the browser scrolled each control to the window's top, under
  // the sticky header: the landing page's products and articles, the dashboard's chart toggles and
  // routine, the profile's concerns and the quiz's categories were wholly hidden as they took the
  // focus.
  const { user } = await userWithScans(request, ['London, GB', 'Paris, FR']);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.setViewportSize({ width: 390, height: 700 });
  const all: string[] = [];
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  all.push(...(await focusHidden(page, '/', 40)));
  await loginViaUi(page, user);
  await expect(page).toHaveURL(/\/dashboard$/);
  for (const path of ['/dashboard', '/profile', '/quiz']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    all.push(...(await focusHidden(page, path, 40)));
  }
  // The header's own controls sit in the band the page keeps clear of it: the bell and the menu,
  // given the focus back as they closed, were taken for hidden and the page scrolled half a
  // screen up to centre them.
  await page.goto('/dashboard');
  await page.waitForLoadState('networkidle');
  const banner = page.getByRole('banner');
  for (const name of [/^Notifications/, /^Open menu$/]) {
    await page.evaluate(() => window.scrollTo(0, 600));
    await banner.getByRole('button', { name }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(banner.getByRole('button', { name })).toBeFocused();
    await page.waitForTimeout(300);
    const y = await page.evaluate(() => window.scrollY);
    if (y !== 600) all.push(`closing ${String(name)} scrolled the page from 600 to ${y}`);
  }
  expect(all).toEqual([]);
});

test('the keyboard’s focus stays where it was as a change is saved or a control changes shape', async ({
  page,
  request,
}) => {
  // Chromium drops the focus to the page's start when the focused control is disabled or
  // removed: a settings switch disabled while its change was saved, Add turning into the
  // quantity stepper, each left a keyboard user at the top of the page.
  await signedInNewUser(page, request);
  await page.goto('/profile?tab=settings');
  const toggle = page.getByRole('switch', { name: 'Marketing Communications' });
  await toggle.focus();
  await page.keyboard.press('Space');
  await expect(page.getByText('Settings saved').first()).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await expect(toggle).toBeFocused();

  await page.goto('/shop');
  const add = page.getByRole('button', { name: /^Add \S+ to mix$/ }).first();
  const name = ((await add.getAttribute('aria-label')) ?? '').replace(/^Add | to mix$/g, '');
  await add.focus();
  await page.keyboard.press('Enter');
  const stepper = page.getByRole('group', { name: `${name} quantity` });
  await expect(stepper.getByRole('button').and(page.locator(':focus'))).toHaveCount(1);
  // The mix opens on its Close (it opened on "Remove one …"), first in the keyboard's order.
  await page.getByRole('button', { name: /^Mix/ }).click();
  await expect(page.getByRole('dialog').getByRole('button', { name: 'Close' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toBeHidden();
  await stepper.getByRole('button', { name: `Remove one ${name}` }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: `Add ${name} to mix` })).toBeFocused();

  // A phone's menu opens on its first place to go (it opened on the dark-mode switch, below all
  // the links), its Close just before it.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu.getByRole('navigation').getByRole('link').first()).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(menu.getByRole('button', { name: 'Close menu' })).toBeFocused();
});

test('an article card and a menu item show the keyboard’s focus as an outline, not a faint tint', async ({
  page,
  request,
}) => {
  await page.goto('/learn');
  // An article's link takes the focus: its card is outlined (the link alone was underlined).
  const article = page.getByTestId('post-card').first().getByRole('link').first();
  await article.focus();
  expect(await article.evaluate((a) => a.matches(':focus-visible'))).toBe(true);
  expect(
    await article.evaluate((a) => {
      const style = getComputedStyle(a.closest('[data-testid="post-card"]')!);
      return style.outlineStyle !== 'none' ? parseFloat(style.outlineWidth) : 0;
    }),
  ).toBeGreaterThanOrEqual(2);

  await signedInNewUser(page, request);
  await page.getByRole('banner').getByRole('button', { name: 'Account menu' }).focus();
  await page.keyboard.press('Enter');
  const item = page.getByRole('menuitem').first();
  await expect(item).toBeFocused();
  expect(
    await item.evaluate((el) => {
      const style = getComputedStyle(el);
      return style.outlineStyle !== 'none' ? parseFloat(style.outlineWidth) : 0;
    }),
  ).toBeGreaterThanOrEqual(2);
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
