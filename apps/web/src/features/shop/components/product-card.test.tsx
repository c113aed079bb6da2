import type { ShopProductListItem } from '@lumiskin/contract/shop';
import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ProductCard } from '@/features/shop/components/product-card';
import { renderWithRouter } from '@/testing/test-utils';

const product = (
  id: string,
  name: string,
  type: ShopProductListItem['type'],
): ShopProductListItem => ({
  id,
  name,
  short_description: `${name}, in short.`,
  description: `${name}, at length.`,
  key_ingredients: ['Glycerin'],
  category: type === 'base' ? 'Bases' : 'Boosters',
  type,
  formulation_category: null,
  time_of_use: 'AM/PM',
  suitable_for: [],
  size: '50 ml',
  featured: false,
  rating: 4.5,
  review_count: 1204,
  price_pence: 5200,
  price: 52,
  image: `/images/products/${id}.svg`,
  image_data: `/images/products/${id}.svg`,
  color: '#38bdf8',
});

function card(p: ShopProductListItem, quantity: number, onAdd = vi.fn()) {
  return {
    path: `/${p.id}`,
    element: (
      <ul>
        <ProductCard
          product={p}
          view="grid"
          quantity={quantity}
          isFavorite={false}
          onAdd={onAdd}
          onDecrement={() => {}}
          onToggleFavorite={() => {}}
          eager
        />
      </ul>
    ),
  };
}

/** A card whose quantity follows its own Add and Remove one, as the shop's mix does. */
function Counted({ p }: { p: ShopProductListItem }) {
  const [quantity, setQuantity] = useState(0);
  return (
    <ul>
      <ProductCard
        product={p}
        view="grid"
        quantity={quantity}
        isFavorite={false}
        onAdd={() => setQuantity((q) => q + 1)}
        onDecrement={() => setQuantity((q) => q - 1)}
        onToggleFavorite={() => {}}
        eager
      />
    </ul>
  );
}

describe('ProductCard', () => {
  it('does not offer a second of the base, but does of a booster; links to the product page', async () => {
    const base = product('aquahydra', 'AquaHydra', 'base');
    const booster = product('renewlift', 'RenewLift', 'booster');
    const onAdd = vi.fn();
    const { router, user } = renderWithRouter(
      [card(base, 1), card(booster, 1, onAdd)],
      '/aquahydra',
    );
    expect(await screen.findByRole('button', { name: 'Add one more AquaHydra' })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'AquaHydra' })).toHaveAttribute(
      'href',
      '/shop/aquahydra',
    );

    await router.navigate('/renewlift');
    const more = await screen.findByRole('button', { name: 'Add one more RenewLift' });
    expect(more).toBeEnabled();
    await user.click(more);
    expect(onAdd).toHaveBeenCalledOnce();
  });

  it('shows no star rating or review count: there are no reviews (issue 34)', async () => {
    const base = { ...product('aquahydra', 'AquaHydra', 'base'), rating: 4.7, review_count: 642 };
    const { container } = renderWithRouter([card(base, 0)], '/aquahydra');
    await screen.findByRole('link', { name: 'AquaHydra' });
    const text = container.textContent ?? '';
    expect(text).not.toMatch(/review/i);
    expect(text).not.toContain('642');
    expect(text).not.toContain('4.7');
    expect(screen.queryByText(/rating/i)).toBeNull();
  });

  it('keeps the keyboard’s focus as Add turns into the stepper and back', async () => {
    const booster = product('renewlift', 'RenewLift', 'booster');
    const { user } = renderWithRouter([{ path: '/', element: <Counted p={booster} /> }], '/');
    await user.click(screen.getByRole('button', { name: 'Add RenewLift to mix' }));
    expect(screen.getByRole('button', { name: 'Add one more RenewLift' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Remove one RenewLift' }));
    expect(screen.getByRole('button', { name: 'Add RenewLift to mix' })).toHaveFocus();
  });

  it('a base’s stepper takes the focus on Remove one, its + staying off', async () => {
    const base = product('aquahydra', 'AquaHydra', 'base');
    const { user } = renderWithRouter([{ path: '/', element: <Counted p={base} /> }], '/');
    await user.click(screen.getByRole('button', { name: 'Add AquaHydra to mix' }));
    expect(screen.getByRole('button', { name: 'Remove one AquaHydra' })).toHaveFocus();
  });
});
