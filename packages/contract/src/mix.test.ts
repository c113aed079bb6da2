import { describe, expect, it } from 'vitest';
import {
  addToMix,
  checkMix,
  checkMixAdd,
  decrementInMix,
  formatPounds,
  isMixComplete,
  MIX_QUANTITY,
  maxQuantityOf,
  mixItemCount,
  mixTotalPence,
  MixMessages,
  removeFromMix,
  replaceInMix,
  type MixLine,
  type MixProductRef,
} from './mix';

type Line = MixLine & { price_pence: number };
/** The shop's bases and boosters, as far as the mix rule sees them (id, type, price). */
const catalogue = [
  { id: 'aquahydra', type: 'base', price_pence: 5200 },
  { id: 'sebobalance', type: 'base', price_pence: 5400 },
  { id: 'barrierrepair', type: 'base', price_pence: 5600 },
  { id: 'clearcomplex', type: 'booster', price_pence: 3800 },
  { id: 'brightradiance', type: 'booster', price_pence: 4200 },
  { id: 'calmbarrier', type: 'booster', price_pence: 4800 },
  { id: 'renewlift', type: 'booster', price_pence: 3800 },
  { id: 'eventone', type: 'booster', price_pence: 4200 },
  { id: 'texturerefine', type: 'booster', price_pence: 4800 },
  { id: 'gentle-cream-cleanser', type: 'cleanser', price_pence: 1800 },
] as const;
const byId = (id: string) => {
  const product = catalogue.find((p) => p.id === id);
  if (!product) throw new Error(id);
  return product;
};
const make = (ref: MixProductRef): Line => ({
  product_id: ref.id,
  type: ref.type,
  quantity: 1,
  price_pence: byId(ref.id).price_pence,
});
const ref = (id: string): MixProductRef => ({ id, type: byId(id).type });
const cleanser: MixProductRef = { id: 'gentle-cream-cleanser', type: 'cleanser' };

function build(ids: string[]): Line[] {
  let lines: Line[] = [];
  for (const id of ids) {
    const result = addToMix(lines, ref(id), make);
    if (!result.ok) throw new Error(result.refusal.message);
    lines = result.lines;
  }
  return lines;
}

describe('the mix rule (docs/product-rules.md#mix)', () => {
  it('accepts one base and two boosters', () => {
    const lines = build(['aquahydra', 'clearcomplex', 'brightradiance']);
    expect(lines.map((l) => l.product_id)).toEqual(['aquahydra', 'clearcomplex', 'brightradiance']);
    expect(checkMix(lines)).toBeNull();
    expect(isMixComplete(lines)).toBe(true);
  });

  it('refuses a second base with the spec sentence', () => {
    const lines = build(['aquahydra']);
    const result = addToMix(lines, ref('sebobalance'), make);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.refusal).toEqual({
      code: 'second_base',
      message: 'You can only have 1 base in your mix. Remove the current base first.',
    });
    expect(result.lines).toBe(lines);
  });

  it('refuses a third booster with the spec sentence', () => {
    const lines = build(['clearcomplex', 'calmbarrier']);
    expect(checkMixAdd(lines, ref('renewlift'))).toEqual({
      code: 'third_booster',
      message: 'You can only have 2 boosters in your mix. Remove a booster first.',
    });
  });

  it('frees the slot when an item is removed', () => {
    const lines = removeFromMix(build(['aquahydra', 'clearcomplex', 'calmbarrier']), 'aquahydra');
    expect(checkMixAdd(lines, ref('barrierrepair'))).toBeNull();
    const fewer = removeFromMix(lines, 'calmbarrier');
    expect(checkMixAdd(fewer, ref('eventone'))).toBeNull();
  });

  it('puts a refused base or booster in the place of one the mix holds (decision 198)', () => {
    const lines = build(['aquahydra', 'clearcomplex', 'gentle-cream-cleanser', 'calmbarrier']);
    const ids = (result: ReturnType<typeof replaceInMix<Line>>) =>
      result.lines.map((l) => `${l.product_id}×${l.quantity}`);

    const base = replaceInMix(lines, 'aquahydra', ref('sebobalance'), make);
    expect(base.ok).toBe(true);
    expect(ids(base)).toEqual([
      'sebobalance×1',
      'clearcomplex×1',
      'gentle-cream-cleanser×1',
      'calmbarrier×1',
    ]);
    expect(mixTotalPence(base.lines)).toBe(mixTotalPence(lines) - 5200 + 5400);

    const booster = replaceInMix(lines, 'calmbarrier', ref('renewlift'), make);
    expect(ids(booster)).toEqual([
      'aquahydra×1',
      'clearcomplex×1',
      'gentle-cream-cleanser×1',
      'renewlift×1',
    ]);

    // A booster in a base's place would leave no base and three boosters: refused, mix as it was.
    const wrong = replaceInMix(lines, 'aquahydra', ref('renewlift'), make);
    expect(wrong.ok).toBe(false);
    expect(wrong.lines).toBe(lines);
    if (!wrong.ok) expect(wrong.refusal.code).toBe('third_booster');
    // Nothing to replace: the plain add, refused as before.
    const missing = replaceInMix(lines, 'barrierrepair', ref('sebobalance'), make);
    expect(missing.ok).toBe(false);
    if (!missing.ok) expect(missing.refusal.code).toBe('second_base');
    expect(lines.map((l) => l.product_id)).toEqual([
      'aquahydra',
      'clearcomplex',
      'gentle-cream-cleanser',
      'calmbarrier',
    ]);
  });

  it('adding the same base again keeps it at quantity 1: one base per mix', () => {
    const lines = build(['aquahydra', 'aquahydra']);
    expect(lines).toHaveLength(1);
    expect(lines[0]?.quantity).toBe(1);
    expect(maxQuantityOf('base')).toBe(1);
    expect(checkMix([{ type: 'base', quantity: 2 }])).toEqual({
      code: 'base_quantity',
      message: MixMessages.baseQuantity,
    });
  });

  it('adding the same booster again raises its quantity, up to the maximum', () => {
    let lines = build(['clearcomplex', 'clearcomplex']);
    expect(lines[0]?.quantity).toBe(2);
    for (let i = 0; i < 20; i += 1) {
      const result = addToMix(lines, ref('clearcomplex'), make);
      if (result.ok) lines = result.lines;
    }
    expect(lines[0]?.quantity).toBe(MIX_QUANTITY.max);
    expect(checkMix(lines)).toBeNull();
  });

  it('puts no limit on everyday products beside a full mix', () => {
    const lines = build(['aquahydra', 'clearcomplex', 'calmbarrier']);
    const result = addToMix(lines, cleanser, (p) => ({
      product_id: p.id,
      type: p.type,
      quantity: 1,
      price_pence: 1600,
    }));
    expect(result.ok).toBe(true);
  });

  it('judges a whole mix arriving from the wire', () => {
    expect(checkMix([{ type: 'base' }, { type: 'base' }])?.message).toBe(MixMessages.secondBase);
    expect(checkMix([{ type: 'booster' }, { type: 'booster' }, { type: 'booster' }])?.message).toBe(
      MixMessages.thirdBooster,
    );
    expect(checkMix([{ type: 'booster' }, { type: 'cleanser' }, { type: 'tool' }])).toBeNull();
    expect(isMixComplete([{ type: 'booster' }])).toBe(false);
  });

  it('minus decrements and removes the line at zero', () => {
    let lines = build(['aquahydra', 'clearcomplex', 'clearcomplex']);
    lines = decrementInMix(lines, 'clearcomplex');
    expect(lines.find((l) => l.product_id === 'clearcomplex')?.quantity).toBe(1);
    lines = decrementInMix(lines, 'aquahydra');
    expect(lines.map((l) => l.product_id)).toEqual(['clearcomplex']);
  });

  it('totals in pence and counts items', () => {
    const lines = build(['aquahydra', 'brightradiance', 'brightradiance']);
    expect(mixTotalPence(lines)).toBe(5200 + 2 * 4200);
    expect(mixItemCount(lines)).toBe(3);
  });
});

describe('formatPounds', () => {
  it('shows integer pence as pounds', () => {
    expect(formatPounds(5200)).toBe('£52.00');
    expect(formatPounds(999)).toBe('£9.99');
    expect(formatPounds(5)).toBe('£0.05');
    expect(formatPounds(123456)).toBe('£1,234.56');
    expect(formatPounds(-99)).toBe('-£0.99');
  });

  it('groups thousands the way en-GB does, for every size', () => {
    for (const pence of [0, 99_900, 100_000, 999_999, 12_345_678, 100_000_000, 987_654_321_012]) {
      const pounds = Math.floor(pence / 100).toLocaleString('en-GB');
      expect(formatPounds(pence)).toBe(`£${pounds}.${String(pence % 100).padStart(2, '0')}`);
    }
  });
});
