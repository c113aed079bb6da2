import type { AdminProduct } from '@lumiskin/contract/admin';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import AdminLayout from '@/features/admin/routes/admin-layout';
import AdminProductEditRoute from '@/features/admin/routes/product-edit';
import AdminProductsRoute from '@/features/admin/routes/products';
import { poundsToPence } from '@/features/admin/components/product-form-values';
import { saveSession } from '@/lib/platform/storage';
import { createUser, fakeFetch, json, renderWithRouter } from '@/testing/test-utils';

const booster: AdminProduct = {
  id: 'clearcomplex',
  name: 'ClearComplex',
  short_description: 'Clears pores',
  description: 'A salicylic acid booster.',
  key_ingredients: ['Salicylic acid 2%', 'Zinc PCA'],
  category: 'Boosters',
  type: 'booster',
  formulation_category: 'acne/oil',
  time_of_use: 'PM',
  how_to_use: 'Two drops in the evening.',
  suitable_for: ['oily', 'acne-prone'],
  size: '15 ml',
  featured: false,
  rating: 4.6,
  review_count: 10,
  price_pence: 2400,
  price: 24,
  image: '/images/products/clearcomplex.svg',
  image_data: '/images/products/clearcomplex.svg',
  color: '#fde68a',
  hidden: false,
  targets: ['acne', 'blackheads'],
  formulation_flags: {
    containsRetinoid: false,
    containsExfoliatingAcid: true,
    containsVitaminC: false,
    gentle: false,
  },
};

const routes = () => [
  {
    path: '/admin',
    Component: AdminLayout,
    children: [
      { path: '/admin/products', Component: AdminProductsRoute },
      { path: '/admin/products/new', Component: AdminProductEditRoute },
      { path: '/admin/products/:id', Component: AdminProductEditRoute },
    ],
  },
];

interface Sent {
  method: string;
  url: string;
  body: unknown;
}

/** A fake API holding one catalogue; records every write. */
function fakeAdminApi(role: 'admin' | 'moderator', products: AdminProduct[] = [booster]) {
  const me = createUser({ role });
  saveSession({ token: `tok_${role}`, user: me });
  const sent: Sent[] = [];
  let catalogue = [...products];
  let reply: ((s: Sent) => Response | null) | null = null;
  fakeFetch((url, init) => {
    const method = init.method ?? 'GET';
    if (url.endsWith('/api/auth/me')) return json(200, { user: me });
    if (method === 'GET' && url.endsWith('/api/admin/products'))
      return json(200, { products: catalogue });
    if (method !== 'GET') {
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : init.body;
      const s = { method, url, body };
      sent.push(s);
      const custom = reply?.(s);
      if (custom) return custom;
      if (method === 'POST' && url.endsWith('/api/admin/products')) {
        const created = { ...booster, ...(body as object) } as AdminProduct;
        catalogue = [...catalogue, created];
        return json(201, created);
      }
      const id = decodeURIComponent(url.split('/api/admin/products/')[1]!.split('/')[0]!);
      catalogue = catalogue.map((p) => (p.id === id ? { ...p, ...(body as object) } : p));
      return json(
        200,
        catalogue.find((p) => p.id === id),
      );
    }
    return json(404, { detail: 'no', code: 'not_found' });
  });
  return { sent, onWrite: (fn: (s: Sent) => Response | null) => (reply = fn) };
}

describe('admin product form', () => {
  it('turns pounds as typed into pence, refusing anything else', () => {
    expect(poundsToPence('12.5')).toBe(1250);
    expect(poundsToPence('£0.99')).toBe(99);
    expect(poundsToPence('24')).toBe(2400);
    for (const bad of ['12.345', 'abc', '-3', '', '1,50']) expect(poundsToPence(bad)).toBeNaN();
  });

  // Typed key by key, as a person would: slow on a busy machine, hence the time allowed.
  it(
    'an admin creates a booster: the contract’s messages first, then one POST in pence',
    { timeout: 30_000 },
    async () => {
      const api = fakeAdminApi('admin');
      const { user, router } = renderWithRouter(routes, '/admin/products');
      await user.click(await screen.findByRole('link', { name: 'New product' }));
      expect(await screen.findByRole('heading', { name: 'New product' })).toBeInTheDocument();

      await user.type(screen.getByLabelText('Name'), 'Cica Calm Drops');
      await user.type(screen.getByLabelText('Id (in the address)'), 'Cica Calm');
      await user.type(screen.getByLabelText('Price (£)'), '12.345');
      await user.click(screen.getByRole('button', { name: 'Create product' }));

      // The id's rule, said as one (it said "Unknown product id", the shop's lookup message).
      expect(
        await screen.findByText('Lower-case letters, digits and hyphens', { exact: true }),
      ).toBeInTheDocument();
      expect(screen.getByText('Enter a price')).toBeInTheDocument();
      expect(screen.getByText('A booster needs at least one key ingredient')).toBeInTheDocument();
      expect(screen.getByText('Choose at least one scan metric it is for')).toBeInTheDocument();
      expect(screen.getByLabelText('Price (£)')).toHaveAttribute('aria-invalid', 'true');
      expect(api.sent).toEqual([]);

      const id = screen.getByLabelText('Id (in the address)');
      await user.clear(id);
      await user.type(id, 'cica-calm-drops');
      const price = screen.getByLabelText('Price (£)');
      await user.clear(price);
      await user.type(price, '12.5');
      expect(screen.getByText('Shown in the shop as £12.50')).toBeInTheDocument();
      await user.type(screen.getByLabelText('Shop category'), 'Boosters');
      await user.type(screen.getByLabelText('Size'), '15 ml');
      await user.selectOptions(screen.getByLabelText('Time of use'), 'AM/PM');
      await user.type(screen.getByLabelText('Short description'), 'Calms redness');
      await user.type(screen.getByLabelText('Description'), 'A centella booster.');
      await user.type(screen.getByLabelText('How to use'), 'Two drops.');
      await user.type(
        screen.getByLabelText('Key ingredients'),
        'Centella asiatica{Enter}Panthenol',
      );
      await user.click(screen.getByRole('checkbox', { name: 'sensitive' }));
      await user.click(screen.getByRole('checkbox', { name: 'redness' }));
      // Skin types (a base's) and concerns (a booster's) are two lists, told apart.
      const concerns = screen.getByRole('group', { name: /^Concerns/ });
      const skinTypes = screen.getByRole('group', { name: /^Skin types/ });
      expect(within(concerns).getByRole('checkbox', { name: 'redness' })).toBeChecked();
      expect(within(skinTypes).getByRole('checkbox', { name: 'sensitive' })).toBeChecked();
      expect(within(skinTypes).queryByRole('checkbox', { name: 'sensitivity' })).toBeNull();
      await user.type(screen.getByLabelText('Formulation category'), 'sensitivity/redness');
      await user.selectOptions(screen.getByLabelText('Main target'), 'redness');
      await user.selectOptions(screen.getByLabelText('Target 2'), 'sensitivity');
      await user.click(screen.getByRole('checkbox', { name: /Gentle/ }));
      await user.click(screen.getByRole('button', { name: 'Create product' }));

      // The first toast of the file loads the toaster's chunk.
      expect(
        await screen.findByText('Cica Calm Drops created', {}, { timeout: 5000 }),
      ).toBeInTheDocument();
      await waitFor(() =>
        expect(router.state.location.pathname).toBe('/admin/products/cica-calm-drops'),
      );
      expect(api.sent).toEqual([
        {
          method: 'POST',
          url: '/api/admin/products',
          body: {
            id: 'cica-calm-drops',
            type: 'booster',
            name: 'Cica Calm Drops',
            category: 'Boosters',
            size: '15 ml',
            price_pence: 1250,
            short_description: 'Calms redness',
            description: 'A centella booster.',
            how_to_use: 'Two drops.',
            key_ingredients: ['Centella asiatica', 'Panthenol'],
            suitable_for: ['sensitive', 'redness'],
            time_of_use: 'AM/PM',
            featured: false,
            hidden: false,
            formulation_category: 'sensitivity/redness',
            targets: ['redness', 'sensitivity'],
            formulation_flags: {
              containsRetinoid: false,
              containsExfoliatingAcid: false,
              containsVitaminC: false,
              gentle: true,
            },
          },
        },
      ]);
    },
  );

  it(
    'an admin edit sends only what changed, each to its route, and refreshes the shop’s cached catalogue',
    { timeout: 15_000 },
    async () => {
      const api = fakeAdminApi('admin');
      const { user, queryClient } = renderWithRouter(routes, '/admin/products/clearcomplex');
      queryClient.setQueryData(['shop', 'products', {}], { products: [booster] });
      queryClient.setQueryData(['shop', 'product', 'clearcomplex'], booster);
      queryClient.setQueryData(['blog', 'posts'], { posts: [] });

      const name = await screen.findByLabelText('Name');
      expect(screen.getByLabelText('Price (£)')).toHaveValue('24.00');
      expect(screen.getByLabelText('Main target')).toHaveValue('acne');
      await user.clear(name);
      await user.type(name, 'ClearComplex 2%');
      const price = screen.getByLabelText('Price (£)');
      await user.clear(price);
      await user.type(price, '19.99');
      await user.click(screen.getByRole('checkbox', { name: /^Hidden/ }));
      await user.selectOptions(screen.getByLabelText('Target 2'), '');
      await user.click(screen.getByRole('button', { name: 'Save changes' }));

      expect(await screen.findByText('Product saved')).toBeInTheDocument();
      expect(api.sent).toEqual([
        {
          method: 'PATCH',
          url: '/api/admin/products/clearcomplex',
          body: { name: 'ClearComplex 2%' },
        },
        {
          method: 'PUT',
          url: '/api/admin/products/clearcomplex/formulation',
          body: {
            formulation_category: 'acne/oil',
            targets: ['acne'],
            formulation_flags: booster.formulation_flags,
          },
        },
        {
          method: 'PUT',
          url: '/api/admin/products/clearcomplex/price',
          body: { price_pence: 1999 },
        },
        {
          method: 'PUT',
          url: '/api/admin/products/clearcomplex/visibility',
          body: { hidden: true },
        },
      ]);
      // The shop's copies will refetch; what the admin area does not touch stays as it was.
      expect(queryClient.getQueryState(['shop', 'products', {}])?.isInvalidated).toBe(true);
      expect(queryClient.getQueryState(['shop', 'product', 'clearcomplex'])?.isInvalidated).toBe(
        true,
      );
      expect(queryClient.getQueryState(['blog', 'posts'])?.isInvalidated).toBe(false);
    },
  );

  it('a moderator edits copy only: the price and what the recommender reads are shown, not offered', async () => {
    const api = fakeAdminApi('moderator');
    const { user } = renderWithRouter(routes, '/admin/products/clearcomplex');
    const description = await screen.findByLabelText('Description');
    expect(screen.queryByLabelText('Price (£)')).toBeNull();
    expect(screen.queryByLabelText('Main target')).toBeNull();
    expect(screen.getByText('Acne, Blackheads')).toBeInTheDocument();
    expect(screen.getByText('£24.00')).toBeInTheDocument();
    await user.clear(description);
    await user.type(description, 'Salicylic acid, gently.');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(api.sent).toEqual([
        {
          method: 'PATCH',
          url: '/api/admin/products/clearcomplex',
          body: { description: 'Salicylic acid, gently.' },
        },
      ]),
    );
  });

  it('shows the server’s field refusals beside the fields', async () => {
    const api = fakeAdminApi('moderator');
    api.onWrite(() =>
      json(400, {
        detail: 'A booster needs at least one key ingredient',
        code: 'validation_error',
        fields: { key_ingredients: 'A booster needs at least one key ingredient' },
      }),
    );
    const { user } = renderWithRouter(routes, '/admin/products/clearcomplex');
    const size = await screen.findByLabelText('Size');
    await user.clear(size);
    await user.type(size, '30 ml');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    const field = screen.getByLabelText('Key ingredients');
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    const group = field.closest('div')!;
    expect(
      within(group).getByText('A booster needs at least one key ingredient'),
    ).toBeInTheDocument();
  });

  it('a moderator cannot open the new-product form', async () => {
    fakeAdminApi('moderator');
    renderWithRouter(routes, '/admin/products/new');
    expect(
      await screen.findByText('Only an admin can add products (a new product sets a price).'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create product' })).toBeNull();
  });
});
