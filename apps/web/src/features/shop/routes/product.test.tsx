import type { ShopProduct, ShopProductListItem } from '@lumiskin/contract/shop';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import ProductRoute from '@/features/shop/routes/product';
import { fakeApi } from '@/testing/fake-api';
import { apiError, renderWithRouter } from '@/testing/test-utils';

const product = (id: string, name: string, type: ShopProduct['type']): ShopProduct => ({
  id,
  name,
  short_description: `${name}, in short.`,
  description: `${name}, at length.`,
  key_ingredients:
    type === 'booster' ? ['Retinal (retinaldehyde, 0.05%)', 'Bakuchiol'] : ['Glycerin'],
  category: type === 'base' ? 'Bases' : 'Boosters',
  type,
  formulation_category: type === 'base' ? 'hydration' : 'aging',
  time_of_use: type === 'booster' ? 'PM' : 'AM/PM',
  how_to_use: 'Two drops into your base at night.',
  suitable_for: ['fine lines', 'firmness'],
  size: '15 ml',
  featured: false,
  rating: 4.6,
  review_count: 642,
  price_pence: 3800,
  price: 38,
  image: `/images/products/${id}.svg`,
  image_data: `/images/products/${id}.svg`,
  color: '#38bdf8',
});

const catalogue = [
  product('aquahydra', 'AquaHydra', 'base'),
  product('sebobalance', 'SeboBalance', 'base'),
  product('renewlift', 'RenewLift', 'booster'),
  product('clearcomplex', 'ClearComplex', 'booster'),
  product('calmbarrier', 'CalmBarrier', 'booster'),
];

/** As the catalogue lists a product: without its usage text (decision 141). */
const listed = ({ how_to_use: _, ...item }: ShopProduct): ShopProductListItem => item;

/** A visitor's mix kept on this device (lib/api/mix reads it again on a storage event). */
function keepMix(lines: { product_id: string; type: string }[]) {
  localStorage.setItem('lumiskin_mix', JSON.stringify(lines.map((l) => ({ ...l, quantity: 1 }))));
  window.dispatchEvent(new StorageEvent('storage', { key: 'lumiskin_mix' }));
}
const keptMix = () =>
  (JSON.parse(localStorage.getItem('lumiskin_mix') ?? '[]') as { product_id: string }[]).map(
    (l) => l.product_id,
  );

function setup(path: string) {
  fakeApi({
    'GET /api/shop/products': () => ({
      products: catalogue.map(listed),
      total: catalogue.length,
      categories: [],
    }),
    'GET /api/shop/products/:id': ({ url }) =>
      catalogue.find((p) => url === `/api/shop/products/${p.id}`) ??
      apiError(404, 'That product is not in our catalogue.', 'not_found'),
  });
  return renderWithRouter([{ path: '/shop/:id', element: <ProductRoute /> }], path);
}

describe('the product page', () => {
  it('shows the full description, key ingredients, how to use, suitable for, price and related products', async () => {
    setup('/shop/renewlift');
    expect(await screen.findByRole('heading', { level: 1, name: 'RenewLift' })).toBeInTheDocument();
    expect(screen.getByText('RenewLift, at length.')).toBeInTheDocument();
    expect(screen.getByText('Retinal (retinaldehyde, 0.05%)')).toBeInTheDocument();
    // When to use it is said in words, not glued to the directions as a code ("… at night. (PM)").
    expect(screen.getByText('Two drops into your base at night.')).toBeInTheDocument();
    expect(screen.getByText('Use in the evening')).toBeInTheDocument();
    expect(screen.queryByText(/\(PM\)/)).toBeNull();
    expect(screen.getByText('fine lines, firmness')).toBeInTheDocument();
    expect(screen.getByText('£38.00')).toBeInTheDocument();
    // The catalogue's rating and review count are seeded figures, not reviews: not shown.
    const main = document.body.textContent ?? '';
    expect(main).not.toMatch(/review/i);
    expect(main).not.toContain('642');
    expect(main).not.toContain('4.6');
    expect(document.title).toBe('RenewLift — Shop — Lumiskin');
  });

  it('adds a base to the mix once: one base per mix means quantity 1', async () => {
    const { user } = setup('/shop/aquahydra');
    // Named by what it shows (the page is the product's): a name that said "Add AquaHydra to
    // mix" while the button shows "In your mix" misled, and failed WCAG 2.5.3 (label in name).
    const add = await screen.findByRole('button', { name: 'Add to mix' });
    await user.click(add);
    expect(await screen.findByText('1 in your mix')).toBeInTheDocument();
    expect(add).toHaveAccessibleName('In your mix');
    expect(add).toBeDisabled();
    expect(JSON.parse(localStorage.getItem('lumiskin_mix') ?? '[]')).toEqual([
      { product_id: 'aquahydra', type: 'base', quantity: 1 },
    ]);
    const related = screen.getByRole('region', { name: 'Related products' });
    expect(within(related).getByRole('link', { name: /SeboBalance/ })).toHaveAttribute(
      'href',
      '/shop/sebobalance',
    );
    expect(within(related).queryByRole('link', { name: /AquaHydra/ })).toBeNull();
  });

  it('a second base is refused in the spec’s words, with the swap offered in one step (decision 198)', async () => {
    keepMix([
      { product_id: 'sebobalance', type: 'base' },
      { product_id: 'renewlift', type: 'booster' },
    ]);
    const { user } = setup('/shop/aquahydra');
    await user.click(await screen.findByRole('button', { name: 'Add to mix' }));
    const refusal = await screen.findByRole('alertdialog', {}, { timeout: 5000 });
    expect(refusal).toHaveTextContent(
      'You can only have 1 base in your mix. Remove the current base first.',
    );
    // Keeping is the safe default, and changes nothing.
    expect(within(refusal).getByRole('button', { name: 'Keep SeboBalance' })).toHaveFocus();
    await user.click(within(refusal).getByRole('button', { name: 'Keep SeboBalance' }));
    expect(keptMix()).toEqual(['sebobalance', 'renewlift']);

    await user.click(screen.getByRole('button', { name: 'Add to mix' }));
    const again = await screen.findByRole('alertdialog');
    await user.click(within(again).getByRole('button', { name: 'Use AquaHydra instead' }));
    expect(await screen.findByText('1 in your mix')).toBeInTheDocument();
    expect(keptMix()).toEqual(['aquahydra', 'renewlift']);
    expect(await screen.findByText('AquaHydra replaces SeboBalance in your mix')).toBeTruthy();
  });

  it('a third booster is refused, with each booster offered to make room', async () => {
    keepMix([
      { product_id: 'aquahydra', type: 'base' },
      { product_id: 'clearcomplex', type: 'booster' },
      { product_id: 'calmbarrier', type: 'booster' },
    ]);
    const { user } = setup('/shop/renewlift');
    await user.click(await screen.findByRole('button', { name: 'Add to mix' }));
    const refusal = await screen.findByRole('alertdialog', {}, { timeout: 5000 });
    expect(refusal).toHaveTextContent(
      'You can only have 2 boosters in your mix. Remove a booster first.',
    );
    expect(within(refusal).getByRole('button', { name: 'Keep my mix' })).toBeInTheDocument();
    expect(within(refusal).getByRole('button', { name: 'Replace ClearComplex' })).toBeTruthy();
    await user.click(within(refusal).getByRole('button', { name: 'Replace CalmBarrier' }));
    expect(await screen.findByText('1 in your mix')).toBeInTheDocument();
    expect(keptMix()).toEqual(['aquahydra', 'clearcomplex', 'renewlift']);
  });

  it('says so when the product does not exist', async () => {
    setup('/shop/moon-dust');
    expect(
      await screen.findByRole('heading', { name: 'That product is not in our catalogue.' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse all products' })).toHaveAttribute(
      'href',
      '/shop',
    );
  });
});
