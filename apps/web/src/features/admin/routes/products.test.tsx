import type { AdminProduct } from '@lumiskin/contract/admin';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import AdminLayout from '@/features/admin/routes/admin-layout';
import AdminProductsRoute from '@/features/admin/routes/products';
import { saveSession } from '@/lib/platform/storage';
import { createUser, fakeFetch, json, renderWithRouter } from '@/testing/test-utils';

const product: AdminProduct = {
  id: 'aquahydra',
  name: 'AquaHydra',
  short_description: 'Hydrating base',
  description: 'A base',
  key_ingredients: [],
  category: 'Bases',
  type: 'base',
  formulation_category: null,
  time_of_use: null,
  how_to_use: 'Apply',
  suitable_for: [],
  size: '30 ml',
  featured: false,
  rating: 4.5,
  review_count: 3,
  price_pence: 2500,
  price: 25,
  image: '/x.svg',
  image_data: '/x.svg',
  color: '#fff',
  hidden: false,
  targets: null,
  formulation_flags: null,
};

const routes = () => [
  {
    path: '/admin',
    Component: AdminLayout,
    children: [{ path: '/admin/products', Component: AdminProductsRoute }],
  },
];

describe('admin products', () => {
  it('an admin saves a price in pounds; it is sent in pence', async () => {
    const admin = createUser({ role: 'admin' });
    saveSession({ token: 'tok_admin', user: admin });
    const sent: { url: string; body: unknown }[] = [];
    fakeFetch((url, init) => {
      if (url.endsWith('/api/auth/me')) return json(200, { user: admin });
      if (init.method === 'PUT') {
        const body = JSON.parse(String(init.body)) as { price_pence: number };
        sent.push({ url, body });
        return json(200, { ...product, ...body });
      }
      if (url.endsWith('/api/admin/products')) return json(200, { products: [product] });
      return json(404, { detail: 'no', code: 'not_found' });
    });
    renderWithRouter(routes, '/admin/products');
    const price = await screen.findByLabelText('Price of AquaHydra in pounds');
    expect(price).toHaveValue('25.00');
    await userEvent.clear(price);
    await userEvent.type(price, '19.99');
    await userEvent.click(screen.getByRole('button', { name: 'Save price' }));
    await waitFor(() =>
      expect(sent).toEqual([
        { url: '/api/admin/products/aquahydra/price', body: { price_pence: 1999 } },
      ]),
    );
  });

  it('a moderator sees the catalogue without price controls', async () => {
    const moderator = createUser({ role: 'moderator' });
    saveSession({ token: 'tok_mod', user: moderator });
    fakeFetch((url) => {
      if (url.endsWith('/api/auth/me')) return json(200, { user: moderator });
      if (url.endsWith('/api/admin/products')) return json(200, { products: [product] });
      return json(404, { detail: 'no', code: 'not_found' });
    });
    renderWithRouter(routes, '/admin/products');
    expect(await screen.findByText('AquaHydra')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save price' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Audit log' })).toBeNull();
  });
});
