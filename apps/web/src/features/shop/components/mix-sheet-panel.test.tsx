import type { ShopProductListItem } from '@lumiskin/contract/shop';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import MixSheetPanel from '@/features/shop/components/mix-sheet-panel';
import type { UseMix } from '@/lib/api/mix';
import { renderWithRouter } from '@/testing/test-utils';

const line = (id: string, name: string, type: 'base' | 'booster', pence: number) => ({
  product_id: id,
  type,
  quantity: 1,
  price_pence: pence,
  product: {
    id,
    name,
    type,
    price_pence: pence,
    image: `/images/products/${id}.svg`,
    color: '#38bdf8',
  } as unknown as ShopProductListItem,
});

describe('the mix sheet', () => {
  it('says why the base’s + stays off, and offers a second bottle of a booster', async () => {
    const mix = {
      entries: [
        line('aquahydra', 'AquaHydra', 'base', 5200),
        line('renewlift', 'RenewLift', 'booster', 4200),
      ],
      count: 2,
      bases: 1,
      boosters: 1,
      totalPence: 9400,
      isComplete: true,
      add: vi.fn(),
      decrement: vi.fn(),
      remove: vi.fn(),
    } as unknown as UseMix;
    renderWithRouter(
      [
        {
          path: '/',
          element: (
            <MixSheetPanel mix={mix} open onOpenChange={() => {}} trigger={{ current: null }} />
          ),
        },
      ],
      '/',
    );
    const [base, booster] = within(await screen.findByRole('dialog')).getAllByRole('listitem');
    expect(within(base!).getByRole('button', { name: 'Add one more AquaHydra' })).toBeDisabled();
    expect(base).toHaveTextContent('One base per mix');
    expect(within(booster!).getByRole('button', { name: 'Add one more RenewLift' })).toBeEnabled();
    expect(booster).not.toHaveTextContent('One base per mix');
  });
});
