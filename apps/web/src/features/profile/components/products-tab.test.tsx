import type { ShopProductListItem } from '@lumiskin/contract/shop';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PutMixBody } from '@lumiskin/contract/shop';
import { ProductsTab } from '@/features/profile/components/products-tab';
import { fakeApi } from '@/testing/fake-api';
import { renderWithRouter } from '@/testing/test-utils';

const product = (
  id: string,
  name: string,
  type: ShopProductListItem['type'],
  formulation_category: string | null,
): ShopProductListItem => ({
  id,
  name,
  short_description: `${name}, short`,
  description: `${name}, described`,
  key_ingredients: ['Glycerin'],
  category: type === 'base' ? 'Bases' : type === 'booster' ? 'Boosters' : 'Cleansers',
  type,
  formulation_category,
  time_of_use: 'AM/PM',
  suitable_for: ['dry'],
  size: '50 ml',
  featured: false,
  rating: 4.5,
  review_count: 10,
  price_pence: 5200,
  price: 52,
  image: `/images/products/${id}.svg`,
  image_data: `/images/products/${id}.svg`,
  color: '#38bdf8',
});

/**
 * The server's mix over `products`, starting with `ids`: every PUT is recorded and answered with
 * the mix it sets. Renders the tab.
 */
function renderWithMix(products: ShopProductListItem[], ids: string[]) {
  const byId = (id: string) => products.find((p) => p.id === id)!;
  const mixOf = (items: PutMixBody['items']) => ({
    items: items.map((i) => ({ ...i, product: byId(i.product_id) })),
    count: items.length,
    total_pence: items.length * 5200,
    complete: true,
  });
  const puts: PutMixBody[] = [];
  fakeApi({
    'GET /api/mix': () => mixOf(ids.map((product_id) => ({ product_id, quantity: 1 }))),
    'PUT /api/mix': ({ body }) => {
      puts.push(body as PutMixBody);
      return mixOf((body as PutMixBody).items);
    },
    'GET /api/shop/products': () => ({ products, total: products.length, categories: [] }),
  });
  const view = renderWithRouter([{ path: '/', element: <ProductsTab /> }], '/');
  return { ...view, puts };
}

describe('ProductsTab', () => {
  it('lists the bases and boosters the shop serves (the catalogue lives on the server)', async () => {
    const products = [
      product('aquahydra', 'AquaHydra Renewed', 'base', 'hydration'),
      product('calmbarrier', 'CalmBarrier', 'booster', 'sensitivity'),
      product('gentle-cream-cleanser', 'Gentle Cream Cleanser', 'cleanser', null),
    ];
    fakeApi({
      'GET /api/mix': () => ({ items: [], count: 0, total_pence: 0, complete: false }),
      'GET /api/shop/products': () => ({ products, total: products.length, categories: [] }),
    });
    renderWithRouter([{ path: '/', element: <ProductsTab /> }], '/');

    expect(await screen.findByRole('heading', { name: 'AquaHydra Renewed' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Choose base AquaHydra Renewed' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add booster CalmBarrier' })).toBeTruthy();
    // Everyday products belong to the shop, not to the mix.
    expect(screen.queryByText('Gentle Cream Cleanser')).toBeNull();
  });

  it('choosing another base puts it in the chosen one’s place: "Choose one" (decision 198)', async () => {
    const products = [
      product('aquahydra', 'AquaHydra', 'base', 'hydration'),
      product('sebobalance', 'SeboBalance', 'base', 'balance'),
      product('calmbarrier', 'CalmBarrier', 'booster', 'sensitivity'),
    ];
    const { user, puts } = renderWithMix(products, ['sebobalance', 'calmbarrier']);

    await user.click(await screen.findByRole('button', { name: 'Choose base AquaHydra' }));
    expect(await screen.findByText('AquaHydra replaces SeboBalance in your mix')).toBeTruthy();
    expect(puts).toEqual([
      {
        items: [
          { product_id: 'aquahydra', quantity: 1 },
          { product_id: 'calmbarrier', quantity: 1 },
        ],
      },
    ]);
  });

  it('a third booster opens the refusal with each chosen booster offered to make room', async () => {
    const products = [
      product('aquahydra', 'AquaHydra', 'base', 'hydration'),
      product('clearcomplex', 'ClearComplex', 'booster', 'acne'),
      product('calmbarrier', 'CalmBarrier', 'booster', 'sensitivity'),
      product('renewlift', 'RenewLift', 'booster', 'aging'),
    ];
    const { user, puts } = renderWithMix(products, ['aquahydra', 'clearcomplex', 'calmbarrier']);

    await user.click(await screen.findByRole('button', { name: 'Add booster RenewLift' }));
    const refusal = await screen.findByRole('alertdialog', {}, { timeout: 5000 });
    expect(refusal).toHaveTextContent(
      'You can only have 2 boosters in your mix. Remove a booster first.',
    );
    expect(puts).toEqual([]);
    await user.click(within(refusal).getByRole('button', { name: 'Replace ClearComplex' }));
    expect(await screen.findByText('RenewLift replaces ClearComplex in your mix')).toBeTruthy();
    expect(puts).toEqual([
      {
        items: [
          { product_id: 'aquahydra', quantity: 1 },
          { product_id: 'renewlift', quantity: 1 },
          { product_id: 'calmbarrier', quantity: 1 },
        ],
      },
    ]);
  });
});
