import type { AdminProduct } from '@lumiskin/contract/admin';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import AdminLayout from '@/features/admin/routes/admin-layout';
import AdminProductsRoute from '@/features/admin/routes/products';
import { saveSession } from '@/lib/platform/storage';
import { fakeApi } from '@/testing/fake-api';
import { apiError, createUser, renderWithRouter } from '@/testing/test-utils';

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
    fakeApi(
      {
        'GET /api/auth/me': () => ({ user: admin }),
        'PUT /api/admin/products/:id/price': ({ url, body: sentBody }) => {
          const body = sentBody as { price_pence: number };
          sent.push({ url, body });
          return { ...product, ...body };
        },
        'GET /api/admin/products': () => ({ products: [product] }),
      },
      () => apiError(404, 'no', 'not_found'),
    );
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
    fakeApi(
      {
        'GET /api/auth/me': () => ({ user: moderator }),
        'GET /api/admin/products': () => ({ products: [product] }),
      },
      () => apiError(404, 'no', 'not_found'),
    );
    renderWithRouter(routes, '/admin/products');
    expect(await screen.findByText('AquaHydra')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save price' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Audit log' })).toBeNull();
  });
});
