import { randomUUID } from 'node:crypto';
import { Leaderboard } from '@lumiskin/contract/quiz';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { E2E_ADMIN } from '../playwright.config';
import {
  expect,
  loginViaUi,
  newUser,
  registerViaApi,
  signedInNewUser,
  test,
  tokenOf,
  userWithScans,
  waitForApp,
} from './fixtures';

/** Phone (small and common), tablet, laptop and desktop widths (issue 34). */
const WIDTHS = [320, 360, 768, 1280, 1440];

const PUBLIC_PAGES = [
  '/',
  '/login',
  '/register',
  '/forgot-password',
  '/terms',
  '/privacy',
  '/shop',
  '/shop/aquahydra',
  '/learn',
  '/learn/building-a-routine-less-is-more',
  '/download',
  '/no-such-page',
];
const MEMBER_PAGES = [
  '/dashboard',
  '/history',
  '/scan',
  '/profile',
  '/quiz',
  '/quiz/challenges',
  '/shop',
  '/learn',
  '/download',
];
const ADMIN_PAGES = [
  '/admin',
  '/admin/users',
  '/admin/products',
  '/admin/products/aquahydra',
  '/admin/articles',
  '/admin/quiz',
  '/admin/quiz/categories',
  '/admin/audit',
  '/admin/settings',
];

/** A word longer than any phone is wide, as staff and shoppers type them (a pasted INCI list). */
const LONG_WORD = 'Hyaluronicacidniacinamideceramidespanthenolsqualane';

/** A visible base with a long word in its name (staff name products up to 120 characters). */
async function longNamedBase(request: APIRequestContext, admin: { authorization: string }) {
  const id = `long-base-${Date.now()}`;
  const name = `${LONG_WORD} Barrier Base`;
  const created = await request.post('/api/admin/products', {
    headers: admin,
    data: {
      id,
      name,
      short_description: 'A base with a long name.',
      description: 'A base with a long name, for the layout journey.',
      key_ingredients: ['Ceramides'],
      category: 'Bases',
      type: 'base',
      time_of_use: 'AM/PM',
      how_to_use: 'Morning and evening.',
      suitable_for: ['dry'],
      size: '50 ml',
      price_pence: 2500,
      formulation_category: 'hydration/barrier',
      targets: ['hydration'],
      formulation_flags: {
        containsRetinoid: false,
        containsExfoliatingAcid: false,
        containsVitaminC: false,
        gentle: true,
      },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return { id, name };
}

/** Hides a product made for a journey: the shop's other journeys never meet it. */
async function hideProduct(
  request: APIRequestContext,
  admin: { authorization: string },
  id: string,
) {
  await request.put(`/api/admin/products/${id}/visibility`, {
    headers: admin,
    data: { hidden: true },
  });
}

/** A quiz category named by one long word, with one question of long words; its id. */
async function longWordQuiz(
  request: APIRequestContext,
  admin: { authorization: string },
  { hidden }: { hidden: boolean },
) {
  const id = `long-quiz-${Date.now()}`;
  const category = await request.post('/api/admin/quiz/categories', {
    headers: admin,
    data: {
      id,
      name: LONG_WORD,
      description: `All about ${LONG_WORD}`,
      icon: 'Droplets',
      color: '#8b5cf6',
      estimated_time: 5,
      badge_reward: 'Long Words',
      hidden,
    },
  });
  expect(category.status(), await category.text()).toBe(201);
  const question = await request.post('/api/admin/quiz/questions', {
    headers: admin,
    data: {
      category_id: id,
      question_text: `Which of these is in ${LONG_WORD}${LONG_WORD}?`,
      options: [
        { text: LONG_WORD, correct: true },
        { text: `${LONG_WORD}s`, correct: false },
      ],
      explanation: `Because ${LONG_WORD} says so.`,
      difficulty: 'beginner',
      points: 10,
      tags: ['layout'],
      active: true,
    },
  });
  expect(question.status(), await question.text()).toBe(201);
  return id;
}

/** Hides a quiz category made for a journey: players' quiz journeys never meet it. */
async function hideCategory(
  request: APIRequestContext,
  admin: { authorization: string },
  id: string,
) {
  await request.patch(`/api/admin/quiz/categories/${id}`, {
    headers: admin,
    data: { hidden: true },
  });
}

/** What sticks out to the right of the window, to name in a failure. */
async function overflow(page: Page) {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const doc = document.documentElement.scrollWidth;
    const culprits: string[] = [];
    if (doc > width) {
      for (const el of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
        const box = el.getBoundingClientRect();
        const parent = el.parentElement?.getBoundingClientRect();
        // The outermost element that sticks out (its parent fits), which is what to fix.
        const isOutermost = !parent || parent.right <= width + 0.5;
        // Inside a box that scrolls or clips sideways, it does not widen the page.
        let clipped = false;
        for (let a = el.parentElement; a && a !== document.body; a = a.parentElement)
          if (getComputedStyle(a).overflowX !== 'visible') clipped = true;
        if (clipped) continue;
        if (box.right > width + 0.5 && box.width > 0 && isOutermost && culprits.length < 5) {
          const cls = typeof el.className === 'string' ? el.className.slice(0, 80) : '';
          culprits.push(`${el.tagName.toLowerCase()}.${cls} → ${Math.round(box.right)}`);
        }
      }
    }
    return { width, doc, culprits };
  });
}

/**
 * Each page is loaded once, at the narrowest width (where most overflow starts), and then read at
 * every width by resizing the window, as a phone turned sideways or a desktop window dragged wider
 * would: a page's layout follows the window's width (CSS and the app's media-query hooks), so a
 * reload per width only repeated the start-up (50 loads per test took 1.7 min of a 14 min suite).
 * `read` names what is wrong at a width; all of it is expected to be nothing.
 */
async function readPages(
  page: Page,
  pages: string[],
  widths: number[],
  read: (url: string, width: number) => Promise<string[]>,
) {
  const problems: string[] = [];
  for (const url of pages) {
    await page.setViewportSize({ width: widths[0]!, height: 800 });
    await page.goto(url);
    await waitForApp(page);
    // Let the page's data arrive and settle (cards, charts, tables).
    await page.waitForLoadState('networkidle');
    for (const width of widths) {
      await page.setViewportSize({ width, height: 800 });
      // Two frames: layout, then what resize observers (charts) changed in answer.
      await page.evaluate(
        () =>
          new Promise<void>((resolve) =>
            requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
          ),
      );
      problems.push(...(await read(url, width)));
    }
  }
  expect(problems).toEqual([]);
}

/** No page scrolls sideways at any width. */
function checkPages(page: Page, pages: string[]) {
  return readPages(page, pages, WIDTHS, async (url, width) => {
    const { doc, culprits } = await overflow(page);
    return doc > width ? [`${url} at ${width}px is ${doc}px wide: ${culprits.join('; ')}`] : [];
  });
}

/**
 * No box in the page's main content scrolls sideways at a phone's widths (a strip of navigation
 * links may): its content wraps to the width instead.
 */
function expectNoBoxScrollsSideways(page: Page, pages: string[]) {
  return readPages(page, pages, [320, 390], async (url, width) => {
    const wide = await page.evaluate(() =>
      Array.from(document.querySelectorAll<HTMLElement>('main *'))
        .filter((el) => ['auto', 'scroll'].includes(getComputedStyle(el).overflowX))
        .filter((el) => !el.closest('nav') && el.scrollWidth > el.clientWidth + 1)
        .map(
          (el) =>
            `${el.tagName.toLowerCase()}.${el.className.slice(0, 60)} scrolls ${el.scrollWidth - el.clientWidth}px`,
        ),
    );
    return wide.map((w) => `${url} at ${width}px: ${w}`);
  });
}

/** The text's box holds all of it: nothing is cut off by a box that does not grow. */
async function expectNotCutOff(text: Locator, what: string) {
  const { scroll, client } = await text.evaluate((el) => ({
    scroll: el.scrollWidth,
    client: el.clientWidth,
  }));
  expect(scroll, `${what} is cut off`).toBeLessThanOrEqual(client);
}

/** The main navigation's links all sit on one line. */
async function expectNavOnOneLine(page: Page) {
  const tops = await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link')
    .evaluateAll((links) =>
      links.map((l) => {
        const box = l.getBoundingClientRect();
        return { top: Math.round(box.top), height: Math.round(box.height) };
      }),
    );
  expect(tops.length).toBeGreaterThan(3);
  expect(new Set(tops.map((t) => t.top)).size).toBe(1);
  // A label wrapping inside its link makes the link taller than one line of text.
  for (const t of tops) expect(t.height).toBeLessThanOrEqual(40);
}

/**
 * WCAG 1.4.12's text spacing, as a reader's style sheet or extension sets it: lines 1.5 times the
 * text, paragraphs 2 times apart, letters 0.12 and words 0.16 of the text's size apart.
 */
const TEXT_SPACING =
  '* { line-height: 1.5 !important; letter-spacing: 0.12em !important; ' +
  'word-spacing: 0.16em !important; } p { margin-bottom: 2em !important; }';

/**
 * The texts whose box cuts them off (it clips and its content is larger), with their overflow.
 * Screen-reader-only text (a 1 px box), excerpts clamped to a number of lines on purpose (their
 * whole text is a link away) and what sits in a box that scrolls sideways are left out.
 */
function cutTexts(page: Page) {
  return page.evaluate(() => {
    const cut: string[] = [];
    for (const el of Array.from(document.querySelectorAll<HTMLElement>('body *'))) {
      const hidden = el.closest('.sr-only, [aria-hidden]') !== null;
      if (!(el.textContent ?? '').trim() || el.clientWidth <= 1 || hidden) continue;
      const style = getComputedStyle(el);
      if (style.webkitLineClamp !== 'none' && style.webkitLineClamp !== '') continue;
      let scrolls = false;
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        if (['auto', 'scroll'].includes(getComputedStyle(a).overflowX)) scrolls = true;
      }
      if (scrolls) continue;
      const name = `${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 30)}"`;
      const clips = (overflow: string) => ['hidden', 'clip'].includes(overflow);
      if (clips(style.overflowX) && el.scrollWidth > el.clientWidth + 1) {
        cut.push(`${name} cut off by ${el.scrollWidth - el.clientWidth}px across`);
      }
      if (clips(style.overflowY) && el.scrollHeight > el.clientHeight + 1) {
        cut.push(`${name} cut off by ${el.scrollHeight - el.clientHeight}px down`);
      }
    }
    return cut;
  });
}

test.describe('layout', () => {
  test.describe.configure({ timeout: 600_000 });

  test('no public page scrolls sideways from 320 to 1440 px', async ({ page }) => {
    await checkPages(page, PUBLIC_PAGES);
  });

  test('a long search is echoed in full on a phone, not cut off', async ({ page }) => {
    const query = 'Supercalifragilisticexpialidocious'.repeat(2);
    await page.setViewportSize({ width: 320, height: 700 });
    await page.goto('/shop');
    await page.getByLabel('Search products').fill(query);
    await page.getByLabel('Search products').press('Enter');
    const status = page.getByRole('status').filter({ hasText: 'Showing 0 products for' });
    await expect(status).toContainText(query);
    // The header's search: "Nothing found for …" in its list.
    await page
      .getByRole('button', { name: /search/i })
      .first()
      .click();
    await page.getByRole('combobox', { name: /Search/ }).fill(query);
    const nothing = page.getByText(/^Nothing found for/);
    await expect(nothing).toBeVisible();
    await expectNotCutOff(status, 'the shop’s count');
    await expectNotCutOff(nothing, 'the header search');
  });

  test('the header’s search results stay inside a phone held sideways', async ({ page }) => {
    await page.setViewportSize({ width: 667, height: 375 });
    await page.goto('/');
    await page
      .getByRole('button', { name: /search/i })
      .first()
      .click();
    await page.getByRole('combobox', { name: /Search/ }).fill('skin');
    const results = page.getByRole('listbox', { name: 'Search results' });
    await expect.poll(() => results.getByRole('option').count()).toBeGreaterThan(4);
    // Scrolled to its end, the list's last result shows inside the window.
    const bottom = await results.evaluate((el) => {
      el.scrollTo(0, el.scrollHeight);
      return el.getBoundingClientRect().bottom;
    });
    expect(bottom, 'the results run below the window').toBeLessThanOrEqual(375);
  });

  test('no signed-in page scrolls sideways, and the navigation is one line at 1280 px', async ({
    page,
    request,
  }) => {
    // A long name with a long word in it: the greetings wrap it instead of widening the page
    // (the scan page scrolled 229 px sideways at 320 px) or cutting it off (the dashboard).
    const user = await signedInNewUser(page, request, {
      name: 'Maximiliana Konstantinopoulou-Wolfeschlegelsteinhausenbergerdorff',
    });
    // …and a routine product of their own whose name and purpose are one long word and a pasted
    // link (the dashboard was 2,181 px wide at 320 px).
    const added = await request.post('/api/routine/products', {
      headers: await tokenOf(request, user),
      data: {
        name: 'Niacinamidezincsalicylicazelaichyaluronicceramidepanthenolsqualane serum',
        type: 'serum',
        purpose:
          'https://www.example.com/products/serums/niacinamide-10-percent-zinc-1-percent?ref=x',
        application_time: 'morning',
      },
    });
    expect(added.status(), await added.text()).toBe(201);
    await checkPages(page, MEMBER_PAGES);
    await page.setViewportSize({ width: 320, height: 800 });
    for (const url of ['/dashboard', '/scan']) {
      await page.goto(url);
      const heading = page.getByRole('heading', { level: 1 });
      await expect(heading).toContainText('Wolfeschlegelsteinhausenbergerdorff');
      await expectNotCutOff(heading, `the greeting on ${url}`);
    }
    for (const width of [1280, 1440]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/dashboard');
      await waitForApp(page);
      await expectNavOnOneLine(page);
    }
  });

  test('with the reader’s very large text no page scrolls sideways on a phone', async ({
    browser,
    request,
  }) => {
    // A reader who sets their browser's text to “very large” (24 px, not the 16 px the design is
    // drawn at) keeps a phone's width in pixels while every rem grows by half: the dashboard was
    // 456 px wide at 390 px (its columns sized to their content), the sign-in page 465 px, the
    // settings 404 px, the audit log's filters and the quiz's buttons stuck out.
    const { user, analysisId } = await userWithScans(request);
    const readers = [
      { who: null, pages: PUBLIC_PAGES },
      {
        who: user,
        pages: [...MEMBER_PAGES, `/analysis/${analysisId}`, '/profile?tab=settings', '/checkout'],
      },
      { who: E2E_ADMIN, pages: [...ADMIN_PAGES, '/admin/orders'] },
    ];
    for (const { who, pages } of readers) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Page.setFontSizes', { fontSizes: { standard: 24, fixed: 24 } });
      if (who) {
        await page.goto('/login');
        await waitForApp(page);
        await loginViaUi(page, who);
        await expect(page).not.toHaveURL(/\/login/);
      }
      // The media queries follow the reader's size too (a breakpoint of 64 rem is 1,536 px).
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe(
        '24px',
      );
      // 360 px: the common narrow phone; what stuck out at 390 px stuck out at 360 px too.
      await readPages(page, pages, [360], async (url, width) => {
        const { doc, culprits } = await overflow(page);
        return doc > width ? [`${url} at ${width}px is ${doc}px wide: ${culprits.join('; ')}`] : [];
      });
      await context.close();
    }
  });

  test('with WCAG’s text spacing nothing is cut off and no page scrolls sideways', async ({
    page,
    request,
  }) => {
    // A reader's wider letters, words and lines (WCAG 1.4.12) made a signed-in laptop's header
    // 1,332 px wide at 1,280 px (its links do not wrap), cut the chart's "Last 30 days" and the
    // leaderboard's "(you)" on a phone.
    await page.route(/\/api\/quiz\/leaderboard\?/, async (route) => {
      const response = await route.fetch();
      const board = Leaderboard.parse(await response.json());
      const me = {
        user_id: randomUUID(),
        rank: board.length + 1,
        level: 2,
        points: 40,
        badges_count: 1,
        ...board[0],
        username: 'Alexandra K.',
        is_current_user: true,
      };
      await route.fulfill({ response, json: [me, ...board.slice(1)] });
    });
    const problems: string[] = [];
    const read = async (pages: string[], widths: number[]) => {
      for (const url of pages) {
        for (const width of widths) {
          await page.setViewportSize({ width, height: 800 });
          await page.goto(url);
          await waitForApp(page);
          await page.waitForLoadState('networkidle');
          const before = new Set(await cutTexts(page));
          const spacing = await page.addStyleTag({ content: TEXT_SPACING });
          await page.evaluate(
            () =>
              new Promise<void>((resolve) =>
                requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
              ),
          );
          const { doc, culprits } = await overflow(page);
          if (doc > width) problems.push(`${url} at ${width}px is ${doc}px wide: ${culprits}`);
          for (const cut of await cutTexts(page)) {
            if (!before.has(cut)) problems.push(`${url} at ${width}px: ${cut}`);
          }
          await spacing.evaluate((style) => (style as HTMLStyleElement).remove());
        }
      }
    };
    // A visitor's header fits a laptop with room to spare; a member's has two more links.
    await read(['/', '/login'], [320]);
    const { user } = await userWithScans(request, ['London, GB']);
    await loginViaUi(page, user);
    await expect(page).toHaveURL(/\/dashboard$/);
    await read(['/dashboard', '/profile', '/quiz'], [320, 1280]);
    expect(problems).toEqual([]);
  });

  test('every profile tab shows on a phone, none past the screen’s edge', async ({
    page,
    request,
  }) => {
    // In one scrolling row, Settings (password, reminders, devices, deletion) sat past a 390 px
    // screen's edge with nothing to say the row went on.
    await signedInNewUser(page, request);
    for (const width of [320, 390]) {
      await page.setViewportSize({ width, height: 740 });
      await page.goto('/profile');
      await waitForApp(page);
      const tabs = page.getByRole('tab');
      await expect(tabs).toHaveCount(5);
      for (const tab of await tabs.all()) {
        const name = (await tab.textContent()) ?? '';
        const box = await tab.evaluate((el) => {
          const r = el.getBoundingClientRect();
          const list = el.parentElement!.getBoundingClientRect();
          return { left: r.left, right: r.right, listLeft: list.left, listRight: list.right };
        });
        expect(box.left, `${name} at ${width}px`).toBeGreaterThanOrEqual(box.listLeft);
        expect(box.right, `${name} at ${width}px`).toBeLessThanOrEqual(box.listRight);
        expect(box.right, `${name} at ${width}px`).toBeLessThanOrEqual(width);
      }
    }
    // Each tab's panel sits evenly in its card (a new member's empty orders sat 40 px from its
    // top and 24 from its bottom: the panel's own margin on top of the card's padding).
    for (const tab of ['Orders', 'Products', 'History']) {
      await page.getByRole('tab', { name: tab }).click();
      // Measured once it shows (it is laid out a moment after the tab is chosen).
      const panel = page.getByRole('tabpanel', { name: tab });
      await expect(panel).toBeVisible();
      const gaps = await panel.evaluate((panel) => {
        const card = panel.parentElement!.getBoundingClientRect();
        const r = panel.getBoundingClientRect();
        return { top: Math.round(r.top - card.top), bottom: Math.round(card.bottom - r.bottom) };
      });
      expect(gaps.top, `${tab}: space above the panel against below it`).toBe(gaps.bottom);
    }
  });

  test('the scan page leads with the photo: taking or choosing it is visible without scrolling on a phone', async ({
    page,
    request,
  }) => {
    const user = newUser();
    await registerViaApi(request, user);
    await page.setViewportSize({ width: 360, height: 740 });
    await loginViaUi(page, user);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/scan');
    await waitForApp(page);
    const firstStep = page.locator('main h2, main legend').first();
    await expect(firstStep).toHaveText(/Take or choose your photo/);
    for (const name of ['Use Camera', 'Upload Photo']) {
      const box = await page.getByRole('button', { name }).boundingBox();
      expect(box, name).not.toBeNull();
      expect(box!.y + box!.height, `${name} is below the first screen`).toBeLessThanOrEqual(740);
    }
  });

  test('an article with a long word in its title and tags, a long link, code and a table does not scroll sideways', async ({
    page,
    request,
  }) => {
    // Staff paste sources into articles: the link, the code line and the table cell below made
    // the page 398 px too wide at 320 px, the title's and a tag's long word 655 px, and the
    // category's and the author's 445 px.
    const admin = await tokenOf(request, E2E_ADMIN);
    const slug = `long-links-${Date.now()}`;
    const created = await request.post('/api/admin/articles', {
      headers: admin,
      data: {
        slug,
        title: 'Hyaluronicacidniacinamideceramidespanthenolsqualane: where the numbers come from',
        excerpt:
          'Sources for Hyaluronicacidniacinamideceramidespanthenolsqualane, with their links.',
        content: [
          'The study: https://pubmed.ncbi.nlm.nih.gov/articles/PMC1234567/supplementary-materials/table-s1-dose-response.pdf',
          '```\nconst niacinamideConcentrationPercentForSensitiveSkinTypes = 4;\n```',
          '| Ingredient | Source |\n|---|---|\n| Niacinamidezincsalicylicazelaic | https://example.com/a/very/long/path/to/a/product/page/that/goes/on |',
        ].join('\n\n'),
        category: LONG_WORD.slice(0, 50),
        tags: ['sources', 'hyaluronicacidniacinamideceramidespanthenolsqualane'],
        author: `${LONG_WORD}team`,
        status: 'published',
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    try {
      await checkPages(page, [`/learn/${slug}`]);
      // Its card on /learn: the excerpt's long word wraps inside its three lines, not cut off.
      await page.setViewportSize({ width: 320, height: 800 });
      await page.goto('/learn');
      await expectNotCutOff(
        page.getByText(/^Sources for Hyaluronicacid/).first(),
        'the excerpt on /learn at 320 px',
      );
      // Its category's badge wraps inside the card (it ran out of the card, clipped).
      const badge = page
        .getByTestId('post-card')
        .filter({ hasText: 'Sources for Hyaluronicacid' })
        .getByText(LONG_WORD.slice(0, 50), { exact: true });
      const right = await badge.evaluate((el) => el.getBoundingClientRect().right);
      expect(right, 'the category badge on /learn at 320 px').toBeLessThanOrEqual(320);
      // Staff read the same words in the admin's lists and the audit log, whose cards scroll
      // sideways rather than widen the page: on a phone the audit entry's long word made its card
      // scroll, with nothing in it a keyboard could reach (axe: scrollable-region-focusable).
      await loginViaUi(page, E2E_ADMIN);
      await expect(page).not.toHaveURL(/\/login/);
      await expectNoBoxScrollsSideways(page, ['/admin/articles', '/admin/audit']);
    } finally {
      await request.delete(`/api/admin/articles/${id}`, { headers: admin });
    }
  });

  test('the mix’s one-base dialog keeps a long product name inside it on a phone', async ({
    page,
    request,
  }) => {
    // The dialog's swap buttons carry the products' names.
    const admin = await tokenOf(request, E2E_ADMIN);
    const { id, name } = await longNamedBase(request, admin);
    /** Every button of the open dialog sits inside it, whole, and the dialog inside the window. */
    const expectDialogHoldsItsButtons = async (what: string) => {
      const dialog = page.getByRole('alertdialog');
      await expect(dialog).toBeVisible();
      // Its opening animation has ended: the boxes are where they stay.
      await expect.poll(() => dialog.evaluate((el) => el.getAnimations().length)).toBe(0);
      const boxes = await dialog.evaluate((el) => {
        const d = el.getBoundingClientRect();
        return {
          window: window.innerWidth,
          height: window.innerHeight,
          dialog: { left: d.left, right: d.right, top: d.top, bottom: d.bottom },
          buttons: Array.from(el.querySelectorAll('button')).map((b) => {
            const box = b.getBoundingClientRect();
            return {
              text: b.textContent ?? '',
              left: box.left,
              right: box.right,
              cut: b.scrollWidth > b.clientWidth,
            };
          }),
        };
      });
      expect(boxes.dialog.right, `${what}: the dialog`).toBeLessThanOrEqual(boxes.window);
      // Never taller than the window (it scrolls within): its buttons can always be reached.
      expect(boxes.dialog.top, `${what}: the dialog's top`).toBeGreaterThanOrEqual(0);
      expect(boxes.dialog.bottom, `${what}: the dialog's foot`).toBeLessThanOrEqual(boxes.height);
      expect(boxes.buttons.length, what).toBeGreaterThanOrEqual(2);
      for (const b of boxes.buttons) {
        expect(b.right, `${what}: “${b.text}”`).toBeLessThanOrEqual(boxes.dialog.right + 0.5);
        expect(b.left, `${what}: “${b.text}”`).toBeGreaterThanOrEqual(boxes.dialog.left - 0.5);
        expect(b.cut, `${what}: “${b.text}” is cut off`).toBe(false);
      }
    };
    try {
      await page.setViewportSize({ width: 320, height: 740 });
      await page.goto('/shop/aquahydra');
      await waitForApp(page);
      await page.getByRole('button', { name: 'Add to mix', exact: true }).click();
      await expect(page.getByText('1 in your mix')).toBeVisible();
      // The long-named base refused: "Use … instead" carries its name.
      await page.goto(`/shop/${id}`);
      await waitForApp(page);
      await page.getByRole('button', { name: 'Add to mix', exact: true }).click();
      await expect(page.getByRole('button', { name: `Use ${name} instead` })).toBeVisible();
      await expectDialogHoldsItsButtons('offering the long-named base');
      await page.getByRole('button', { name: `Use ${name} instead` }).click();
      await expect(page.getByRole('alertdialog')).toBeHidden();
      // And kept: "Keep …" carries it.
      await page.goto('/shop/aquahydra');
      await waitForApp(page);
      await page.getByRole('button', { name: 'Add to mix', exact: true }).click();
      await expect(page.getByRole('button', { name: `Keep ${name}` })).toBeVisible();
      await expectDialogHoldsItsButtons('keeping the long-named base');
      await page.setViewportSize({ width: 568, height: 320 });
      await expectDialogHoldsItsButtons('keeping the long-named base, the phone held sideways');
      await page.setViewportSize({ width: 320, height: 740 });
      await page.getByRole('button', { name: `Keep ${name}` }).click();
      await expect(page.getByRole('alertdialog')).toBeHidden();
      // The shop's mix sheet names it whole, as checkout does (it was cut to "Hyaluronicaci…").
      await page.goto('/shop');
      await waitForApp(page);
      await page.getByRole('button', { name: 'Mix 1 item' }).click();
      const inSheet = page
        .getByRole('dialog', { name: 'Your mix' })
        .getByText(name, { exact: true });
      await expectNotCutOff(inSheet, 'the name in the mix sheet');
      const { scroll, client } = await inSheet.evaluate((el) => ({
        scroll: el.scrollHeight,
        client: el.clientHeight,
      }));
      expect(scroll, 'the name in the mix sheet is cut off below').toBeLessThanOrEqual(client);
      await page.keyboard.press('Escape');
      // The header's search finds it: its long word made the results scroll sideways (447 px).
      await page
        .getByRole('button', { name: /search/i })
        .first()
        .click();
      await page.getByRole('combobox', { name: /Search/ }).fill(LONG_WORD);
      await expect(page.getByRole('option').filter({ hasText: name })).toBeVisible();
      const results = await page
        .getByRole('listbox', { name: 'Search results' })
        .evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
      expect(results.scroll, 'the search results scroll sideways').toBeLessThanOrEqual(
        results.client,
      );
      // Staff's catalogue lists it: its long word made the list 526 px wide at 320 px.
      await loginViaUi(page, E2E_ADMIN);
      await expect(page).not.toHaveURL(/\/login/);
      await checkPages(page, ['/admin/products']);
    } finally {
      await hideProduct(request, admin, id);
    }
  });

  test('a quiz of long words wraps on a phone: question, answers, feedback, results and review', async ({
    page,
    request,
  }) => {
    // Staff write the questions; a long word made the question page 1278 px wide at 320 px.
    const admin = await tokenOf(request, E2E_ADMIN);
    const categoryId = await longWordQuiz(request, admin, { hidden: false });
    try {
      await signedInNewUser(page, request);
      await page.setViewportSize({ width: 320, height: 740 });
      const fitsTheWindow = async (what: string) => {
        const { doc, culprits } = await overflow(page);
        expect(doc, `${what} at 320 px: ${culprits.join('; ')}`).toBe(320);
      };
      await page.goto(`/quiz/category/${categoryId}`);
      await expect(page.getByText('Question 1 of 1')).toBeVisible();
      await fitsTheWindow('the question and its answers');
      // The server refuses an answer given faster than a person reads (docs/quiz-rules.md).
      await page.waitForTimeout(1_100);
      await page.getByRole('radio', { name: `${LONG_WORD}s`, exact: true }).check({ force: true });
      await page.getByRole('button', { name: 'Check answer' }).click();
      await expect(page.getByTestId('answer-feedback')).toContainText('Not quite');
      await fitsTheWindow('the feedback naming the right answer');
      await page.getByRole('button', { name: 'Submit Quiz' }).click();
      await expect(page.getByRole('heading', { name: 'Quiz complete!' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Your answers' })).toBeVisible();
      await fitsTheWindow('the results and the review');
      // The category's name above the result is whole (the card clips what sticks out).
      await expectNotCutOff(page.getByText(LONG_WORD, { exact: true }).first(), 'the category');
      // Each action's label and icon sit inside its button: two to a row, “Back to Quiz Hub”
      // stuck out of a 138 px button at 320 px.
      for (const name of ['Share Results', 'Retake Quiz', 'Back to Quiz Hub', 'View Dashboard']) {
        const action = page.getByRole('main').getByText(name, { exact: true });
        const { box, content } = await action.evaluate((el) => {
          const range = document.createRange();
          range.selectNodeContents(el);
          const b = el.getBoundingClientRect();
          const c = range.getBoundingClientRect();
          return {
            box: { left: b.left, right: b.right },
            content: { left: c.left, right: c.right },
          };
        });
        expect(content.left, `${name}: its label starts inside it`).toBeGreaterThanOrEqual(
          box.left,
        );
        expect(content.right, `${name}: its label ends inside it`).toBeLessThanOrEqual(box.right);
      }
    } finally {
      await hideCategory(request, admin, categoryId);
    }
  });

  test('the quiz hub holds a player’s long one-word name on a phone', async ({ page, request }) => {
    // The leaderboard shows other people's names as they chose them (first name and initial): a
    // one-word name of 100 letters made the whole hub 841 px wide at 390 px. Only the top five
    // are listed and a test's new player cannot reach them, so the board this test reads is the
    // server's own answer with its first name lengthened (or one such entry where none has played).
    const longName = `${LONG_WORD}${LONG_WORD}`.slice(0, 100);
    await page.route(/\/api\/quiz\/leaderboard\?/, async (route) => {
      const response = await route.fetch();
      const board = Leaderboard.parse(await response.json());
      const first = board[0] ?? {
        user_id: randomUUID(),
        rank: 1,
        level: 1,
        points: 10,
        badges_count: 0,
        is_current_user: false,
      };
      await route.fulfill({
        response,
        json: [{ ...first, username: longName }, ...board.slice(1)],
      });
    });
    await signedInNewUser(page, request);
    for (const width of [320, 390, 768]) {
      await page.setViewportSize({ width, height: 740 });
      await page.goto('/quiz');
      const row = page.getByRole('listitem').filter({ hasText: 'Rank 1' });
      await expect(row).toContainText(longName.slice(0, 8));
      const { doc, culprits } = await overflow(page);
      expect(doc, `the hub at ${width} px: ${culprits.join('; ')}`).toBe(width);
      // The name wraps inside its row, the points beside it.
      const fits = await row.evaluate((li) => li.scrollWidth <= li.clientWidth);
      expect(fits, `the leaderboard's row at ${width} px`).toBe(true);
    }
  });

  test('no admin page scrolls sideways, with long words in what staff and shoppers wrote', async ({
    page,
    request,
  }) => {
    // The lists show what others typed: a product's, a category's, a question's and a person's
    // long word, and an order's address. Each made a list wider than a phone until it wrapped.
    const admin = await tokenOf(request, E2E_ADMIN);
    const { id: productId } = await longNamedBase(request, admin);
    try {
      // Hidden: players' quiz journeys never meet it; staff's list still shows it.
      await longWordQuiz(request, admin, { hidden: true });
      // A shopper with a one-word name of 100 characters orders the long-named base.
      const shopper = newUser({ name: `${LONG_WORD}${LONG_WORD}`.slice(0, 100) });
      const { user } = await registerViaApi(request, shopper);
      const member = await tokenOf(request, shopper);
      const mix = await request.put('/api/mix', {
        headers: member,
        data: { items: [{ product_id: productId, quantity: 1 }] },
      });
      expect(mix.status(), await mix.text()).toBe(200);
      const { total_pence } = (await mix.json()) as { total_pence: number };
      const checkout = await request.get('/api/orders/checkout', { headers: member });
      const { delivery_pence } = (await checkout.json()) as { delivery_pence: number };
      const order = await request.post('/api/orders', {
        headers: member,
        data: {
          address: {
            full_name: shopper.name,
            line1: `Flat 1, ${LONG_WORD}`,
            city: LONG_WORD.slice(0, 60),
            postcode: 'SW1A 1AA',
          },
          expected_total_pence: total_pence + delivery_pence,
        },
      });
      expect(order.status(), await order.text()).toBe(201);

      await loginViaUi(page, E2E_ADMIN);
      await expect(page).not.toHaveURL(/\/login/);
      await checkPages(page, [...ADMIN_PAGES, '/admin/orders', `/admin/users/${user.id}`]);
      // Staff read whom and what a row is about on a phone too: an email, an article's title or
      // a question cut off with an ellipsis could be anyone's (a long question may end after two
      // lines: it opens in full).
      await readPages(
        page,
        ['/admin', '/admin/users', '/admin/articles', '/admin/quiz', '/admin/quiz/categories'],
        [390],
        async (url) => (await cutTexts(page)).map((text) => `${url}: ${text}`),
      );
      // The deletion dialog names the person in its title: on a phone it wrapped out of sight.
      await page.setViewportSize({ width: 320, height: 740 });
      await page.goto(`/admin/users/${user.id}`);
      await waitForApp(page);
      await page.getByRole('button', { name: 'Delete account…' }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByRole('heading')).toContainText(shopper.name);
      const fit = await dialog.evaluate((el) => ({
        scroll: el.scrollWidth,
        client: el.clientWidth,
      }));
      expect(fit.scroll, 'the deletion dialog scrolls sideways').toBeLessThanOrEqual(fit.client);
    } finally {
      await hideProduct(request, admin, productId);
    }
  });

  test('every field’s text is at least 16 px on a phone, where iOS zooms into a smaller one', async ({
    page,
    request,
  }) => {
    // iOS Safari zooms the page into a field whose text is under 16 px as it takes the focus, and
    // leaves it zoomed: the profile's notes and the staff pages' selects were 14 px.
    const small = async (where: string) =>
      (
        await page.locator('input, textarea, select').evaluateAll((fields) =>
          fields
            .filter((field) => field.getClientRects().length > 0)
            .filter(
              (field) =>
                !['checkbox', 'radio', 'file', 'range'].includes((field as HTMLInputElement).type),
            )
            .filter((field) => parseFloat(getComputedStyle(field).fontSize) < 16)
            .map((field) => {
              const name = field.id || field.getAttribute('aria-label') || field.tagName;
              return `${name} ${getComputedStyle(field).fontSize}`;
            }),
        )
      ).map((field) => `${where}: ${field}`);
    const found: string[] = [];
    await page.setViewportSize({ width: 390, height: 844 });
    await signedInNewUser(page, request);
    for (const path of ['/profile', '/profile?tab=settings', '/scan', '/shop']) {
      await page.goto(path);
      await waitForApp(page);
      await page.waitForLoadState('networkidle');
      found.push(...(await small(path)));
    }
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('button', { name: 'Sign out' }).click();
    // Signing out lands on the sign-in page (useLogout); on a phone its header has no Sign in link.
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await loginViaUi(page, E2E_ADMIN);
    await expect(page).not.toHaveURL(/\/login/);
    for (const path of [...ADMIN_PAGES, '/admin/orders']) {
      await page.goto(path);
      await waitForApp(page);
      await page.waitForLoadState('networkidle');
      found.push(...(await small(path)));
    }
    // An article's editor.
    await page.goto('/admin/articles');
    await page.getByRole('button', { name: 'New article' }).click();
    await expect(page.getByLabel('Markdown')).toBeVisible();
    found.push(...(await small('the article editor')));
    expect(found).toEqual([]);
  });
});
