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
    // Each row's buttons say which product they act on (every row has a Hide).
    expect(screen.getByRole('button', { name: 'Hide AquaHydra' })).toHaveTextContent('Hide');
    expect(screen.getByRole('button', { name: /^(Un)?[Ff]eature AquaHydra$/ })).toBeInTheDocument();
    // Nothing to save until the price differs from the saved one.
    const save = screen.getByRole('button', { name: 'Save price' });
    expect(save).toBeDisabled();
    // A price that is not one is said at its field.
    await userEvent.clear(price);
    await userEvent.type(price, 'abc');
    await userEvent.click(save);
    expect(price).toHaveAttribute('aria-invalid', 'true');
    expect(price).toHaveAccessibleDescription('Enter a price of at least £0.01');
    expect(sent).toEqual([]);
    await userEvent.clear(price);
    await userEvent.type(price, '19.99');
    expect(price).not.toHaveAttribute('aria-invalid');
    expect(save).toBeEnabled();
    await userEvent.click(save);
    await waitFor(() =>
      expect(sent).toEqual([
        { url: '/api/admin/products/aquahydra/price', body: { price_pence: 1999 } },
      ]),
    );
  });

  it("'Image' opens the file picker; the chosen file is sent as the product's image", async () => {
    const moderator = createUser({ role: 'moderator' });
    saveSession({ token: 'tok_mod', user: moderator });
    const sent: { url: string; file: unknown }[] = [];
    fakeApi(
      {
        'GET /api/auth/me': () => ({ user: moderator }),
        'GET /api/admin/products': () => ({ products: [product] }),
        'POST /api/admin/products/:id/image': ({ url, init }) => {
          sent.push({ url, file: (init.body as FormData).get('image') });
          return product;
        },
      },
      () => apiError(404, 'no', 'not_found'),
    );
    renderWithRouter(routes, '/admin/products');
    const button = await screen.findByRole('button', { name: 'Change the image of AquaHydra' });
    const input = screen.getByLabelText<HTMLInputElement>('Image of AquaHydra');
    let opened = 0;
    input.addEventListener('click', () => (opened += 1));
    await userEvent.click(button);
    expect(opened).toBe(1);
    const file = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'new.jpg', { type: 'image/jpeg' });
    await userEvent.upload(input, file);
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.url).toBe('/api/admin/products/aquahydra/image');
    expect((sent[0]!.file as File).name).toBe('new.jpg');
    expect(await screen.findByText('Image saved')).toBeInTheDocument();
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
