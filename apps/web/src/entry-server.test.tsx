import type { PostListResponse } from '@lumiskin/contract/blog';
import type {
  ProductListResponse,
  ShopProduct,
  ShopProductListItem,
} from '@lumiskin/contract/shop';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '@/testing/test-utils';

// docs/decisions/013: the server renders the public pages; the browser hydrates that HTML.

function product(
  id: string,
  name: string,
  type: ShopProductListItem['type'],
  price: number,
): ShopProductListItem {
  return {
    id,
    name,
    short_description: `${name}, in short.`,
    description: `${name}, at length.`,
    key_ingredients: ['Glycerin'],
    category: type === 'base' ? 'Bases' : type === 'booster' ? 'Boosters' : 'Cleansers',
    type,
    formulation_category: null,
    time_of_use: 'AM/PM',
    suitable_for: ['all'],
    size: '50 ml',
    featured: type === 'base',
    rating: 4.6,
    review_count: 1234,
    price_pence: price,
    price: price / 100,
    image: `/images/products/${id}.svg`,
    image_data: `/images/products/${id}.svg`,
    color: '#38bdf8',
  };
}

const catalogue: ProductListResponse = {
  products: [
    product('aquahydra', 'AquaHydra', 'base', 5200),
    product('sebobalance', 'SeboBalance', 'base', 5400),
    product('calmbarrier', 'CalmBarrier', 'booster', 4200),
    product('gentle-cream-cleanser', 'Gentle Cream Cleanser', 'cleanser', 1800),
  ],
  total: 4,
  categories: ['Bases', 'Boosters', 'Cleansers'],
};

const posts: PostListResponse = {
  posts: ['Sunscreen and the UV index', 'Retinoids without the drama', 'Barrier repair'].map(
    (title, i) => ({
      id: `post-${i}`,
      slug: title.toLowerCase().replace(/\W+/g, '-'),
      title,
      excerpt: `${title}: what to know.`,
      tags: ['basics'],
      category: 'Basics',
      author: 'Lumiskin team',
      read_time: 4,
      views: 10,
      likes: 2,
      featured: i === 0,
      image: `/images/blog/post-${i}.svg`,
      image_data: `/images/blog/post-${i}.svg`,
      created_at: '2026-03-01T23:30:00.000Z',
      saved: false,
    }),
  ),
  total: 3,
  categories: ['Basics'],
};

/** The API as the server answers a render: in process, for a visitor. */
const serverApi = vi.fn(async (url: string): Promise<Response> => {
  const path = new URL(url, 'http://x').pathname;
  if (path === '/api/shop/products') return json(200, catalogue);
  if (path === '/api/blog/posts') return json(200, posts);
  const one = catalogue.products.find((p) => path === `/api/shop/products/${p.id}`);
  // The usage text is the product's own answer's, never the list's (decision 141).
  if (one) return json(200, { ...one, how_to_use: 'Twice a day.' } satisfies ShopProduct);
  const article = posts.posts.find((p) => path === `/api/blog/posts/${p.slug}`);
  if (article)
    return json(200, {
      ...article,
      updated_at: null,
      liked: false,
      content: 'Wear it **daily**.',
      content_html: '<p>Wear it <strong>daily</strong>.</p>',
    });
  return json(404, { detail: 'Not found', code: 'not_found' });
});

async function renderOnServer(url: string, acceptLanguage?: string) {
  const { render } = await import('@/entry-server');
  return render(url, { fetch: serverApi, ...(acceptLanguage && { acceptLanguage }) });
}

/** What the API server does with a rendered page (apps/server/src/plugins/page-render.ts). */
function loadIntoDocument(page: { html: string; state: string }) {
  const head = /^(?:<title>[^<]*<\/title>|<meta\b[^>]*>|<link\b[^>]*>)+/.exec(page.html)?.[0] ?? '';
  document.head.innerHTML = head;
  document.body.innerHTML = `<div id="root">${page.html.slice(head.length)}</div>${page.state}`;
}

beforeEach(() => {
  vi.resetModules();
  serverApi.mockClear();
  delete document.documentElement.dataset.appReady;
});
afterEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  window.history.replaceState(null, '', '/');
});

describe('rendering on the server', () => {
  it('renders the shop with its products, and the data it used', async () => {
    const page = await renderOnServer('/shop');
    expect(page).not.toBeNull();
    expect(page?.status).toBe(200);
    for (const { name } of catalogue.products) expect(page?.html).toContain(name);
    expect(page?.html).toContain('<title>Shop — Lumiskin</title>');
    expect(page?.modules).toEqual(['src/features/shop/routes/shop.tsx']);
    const state = JSON.parse(/<script[^>]*>(.*)<\/script>/s.exec(page?.state ?? '')?.[1] ?? '{}');
    expect(state.queries.queries[0].state.data.products).toHaveLength(4);
  });

  it('renders the landing page whole, its demo products and article teasers included', async () => {
    const page = await renderOnServer('/');
    expect(page?.html).toContain('Learns You');
    expect(page?.html).toContain('Build Your Perfect Mix');
    expect(page?.html).toContain('Retinoids without the drama');
    expect(page?.modules).toEqual([]);
  });

  it('shows publication dates as the same day wherever the page is rendered', async () => {
    const page = await renderOnServer('/learn');
    // 23:30 UTC on 1 March: the 1st for every reader, not the 2nd east of Greenwich.
    expect(page?.html).toContain('1 Mar 2026');
  });

  it("renders in the visitor's language when it asks for one", async () => {
    const page = await renderOnServer('/learn', 'en-US,en;q=0.9');
    expect(page?.html).toContain('Mar 1, 2026');
    expect(page?.state).toContain('"locale":"en-US"');
  });

  it('renders a product page with its SEO tags, details and related products', async () => {
    const page = await renderOnServer('/shop/aquahydra');
    expect(page?.status).toBe(200);
    expect(page?.html).toContain('<title>AquaHydra — Shop — Lumiskin</title>');
    expect(page?.html).toContain('<meta name="description" content="AquaHydra, in short."/>');
    expect(page?.html).toContain('<meta property="og:title" content="AquaHydra"/>');
    // A relative canonical fails Lighthouse's SEO audit; the page's address is its only one.
    expect(page?.html).not.toContain('rel="canonical"');
    expect(page?.html).toContain('AquaHydra, at length.');
    expect(page?.html).toContain('Twice a day.');
    expect(page?.html).toContain('£52.00');
    // Related: the other base, not the product itself.
    expect(page?.html).toContain('href="/shop/sebobalance"');
    expect(page?.modules).toEqual(['src/features/shop/routes/product.tsx']);
    expect((await renderOnServer('/shop/no-such-product'))?.status).toBe(404);
  });

  it('renders an article with its text and link preview tags, never to be reused', async () => {
    const page = await renderOnServer('/learn/retinoids-without-the-drama');
    expect(page?.html).toContain(
      '<title>Retinoids without the drama — Learn &amp; Glow — Lumiskin',
    );
    expect(page?.html).toContain(
      '<meta property="og:title" content="Retinoids without the drama"/>',
    );
    expect(page?.html).toContain('Wear it <strong>daily</strong>.');
    expect(page?.cacheable).toBe(false);
    expect((await renderOnServer('/shop'))?.cacheable).toBe(true);
  });

  it('renders the sign-in, sign-up and reset request forms (issue 33: painted with the HTML)', async () => {
    const login = await renderOnServer('/login?redirect=/scan');
    expect(login?.status).toBe(200);
    expect(login?.html).toContain('Welcome back');
    expect(login?.html).toMatch(/<input[^>]*type="password"/);
    expect(login?.modules).toEqual(['src/features/auth/routes/login.tsx']);
    const register = await renderOnServer('/register');
    expect(register?.status).toBe(200);
    expect(register?.html).toMatch(/<form/);
    expect(register?.modules).toEqual(['src/features/auth/routes/register.tsx']);
    const forgot = await renderOnServer('/forgot-password');
    expect(forgot?.status).toBe(200);
    expect(forgot?.html).toContain('Forgot your password?');
    expect(forgot?.html).toMatch(/<input[^>]*type="email"/);
    expect(forgot?.modules).toEqual(['src/features/auth/routes/forgot-password.tsx']);
  });

  it('declines private pages and pages whose data failed to load; says which pages do not exist', async () => {
    expect(await renderOnServer('/dashboard')).toBeNull();
    expect(await renderOnServer('/quiz/category/3')).toBeNull();
    expect((await renderOnServer('/no-such-page'))?.status).toBe(404);
    expect((await renderOnServer('/learn/no-such-article'))?.status).toBe(404);
    serverApi.mockImplementationOnce(async () => json(500, { detail: 'Down', code: 'internal' }));
    expect(await renderOnServer('/shop')).toBeNull();
  });
});

describe('hydrating in the browser', () => {
  it.each([
    '/shop',
    '/',
    '/learn',
    '/learn/sunscreen-and-the-uv-index',
    '/shop/aquahydra',
    '/login',
    '/register',
    '/forgot-password',
  ])('takes over %s without re-rendering it, then works', async (path) => {
    const page = await renderOnServer(path);
    if (!page) throw new Error(`no server render for ${path}`);
    // The browser's API calls go to its own fetch again.
    const { setApiTransport } = await import('@/lib/api/api-client');
    setApiTransport((url) => Promise.resolve(json(404, { detail: url, code: 'not_found' })));
    loadIntoDocument(page);
    window.history.replaceState(null, '', path);
    // Radix's hidden form input behind a checkbox is sized after mount (its style), by design;
    // a submit button is enabled once the app runs the form (useHydrated), by design too.
    const submits = () => document.querySelectorAll<HTMLButtonElement>('button[type="submit"]');
    const markup = () =>
      document
        .getElementById('root')
        ?.innerHTML.replace(
          /(<input type="checkbox" aria-hidden="true"[^>]*?) style="[^"]*"/g,
          '$1',
        )
        .replace(/<button[^>]*type="submit"[^>]*>/g, (tag) => tag.replace(' disabled=""', ''));
    const serverMarkup = markup();
    const serverSubmits = [...submits()].map((b) => b.disabled);
    const errors = vi.spyOn(console, 'error');

    const { started } = await import('@/main');
    const root = await started;
    await waitFor(() => expect(document.documentElement.dataset.appReady).toBe(''), {
      timeout: 5_000,
    });

    expect(errors).not.toHaveBeenCalled();
    expect(markup()).toBe(serverMarkup);
    // Until then the browser could send the form itself, its fields in the URL.
    expect(serverSubmits.every((disabled) => disabled)).toBe(true);
    expect([...submits()].every((b) => !b.disabled)).toBe(true);
    if (['/login', '/register', '/forgot-password'].includes(path))
      expect(serverSubmits.length).toBeGreaterThan(0);
    if (path === '/shop') {
      await userEvent.click(screen.getByRole('button', { name: 'Add CalmBarrier to mix' }));
      expect(await screen.findByRole('button', { name: /^Mix 1 items?$/ })).toBeInTheDocument();
    }
    root.unmount();
  });
});
