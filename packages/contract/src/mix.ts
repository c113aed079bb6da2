/**
 * The mix rule (docs/product-rules.md#mix): a mix holds exactly one base and up to two boosters;
 * everyday products (cleansers, sunscreens, tools...) sit beside them without a limit of their own.
 * The rule counts distinct products, not quantities: two bottles of the same base are one base.
 *
 * One function decides for the landing demo, the shop, the profile's Products tab and the server.
 * This file imports nothing at run time (no zod), so the landing page can use it without pulling a
 * schema library into its first chunk; the wire schemas for the mix live in `./shop`.
 */

/** docs/product-rules.md#mix: 1 base, up to 2 boosters. */
export const MIX_LIMITS = { bases: 1, boosters: 2 } as const;

/** Quantities a person can order of one product; more is refused as a mistake, not an order. */
export const MIX_QUANTITY = { min: 1, max: 10 } as const;

/**
 * The most of one product a mix may hold: one base per mix means one of it (the base is the
 * formula the boosters go into), other products up to MIX_QUANTITY.max.
 */
export function maxQuantityOf(type: string): number {
  return type === 'base' ? MIX_LIMITS.bases : MIX_QUANTITY.max;
}

/** Distinct products in one mix (bases and boosters included). */
export const MIX_MAX_ITEMS = 30;

/** docs/product-rules.md#mix, word for word. */
export const MixMessages = {
  secondBase: 'You can only have 1 base in your mix. Remove the current base first.',
  thirdBooster: 'You can only have 2 boosters in your mix. Remove a booster first.',
  unknownProduct: 'That product is not in our catalogue.',
  badQuantity: `Choose a quantity from ${MIX_QUANTITY.min} to ${MIX_QUANTITY.max}.`,
  tooManyItems: `A mix can hold at most ${MIX_MAX_ITEMS} different products.`,
  duplicateProduct: 'Each product can appear only once in a mix; change its quantity instead.',
  baseQuantity: 'A mix holds one base, so its quantity is 1.',
} as const;

export type MixRefusalCode = 'second_base' | 'third_booster' | 'base_quantity';

export interface MixRefusal {
  code: MixRefusalCode;
  message: string;
}

/** What the rule needs to know about a product: its id and whether it is a base or a booster. */
export interface MixProductRef {
  id: string;
  type: string;
}

/** A line of a mix as the rule sees it. */
export interface MixLine {
  product_id: string;
  /** The product's type: 'base', 'booster' or any everyday type. */
  type: string;
  quantity: number;
}

/** How many distinct bases and boosters a mix holds. */
export function countMixSlots(lines: readonly Pick<MixLine, 'type'>[]): {
  bases: number;
  boosters: number;
} {
  let bases = 0;
  let boosters = 0;
  for (const line of lines) {
    if (line.type === 'base') bases += 1;
    else if (line.type === 'booster') boosters += 1;
  }
  return { bases, boosters };
}

/**
 * Whether `product` may be added to `lines`. Adding a product already in the mix is always allowed
 * (it only raises its quantity); a different base when one is there, or a third booster, is refused
 * with the spec's sentence.
 */
export function checkMixAdd(
  lines: readonly Pick<MixLine, 'product_id' | 'type'>[],
  product: MixProductRef,
): MixRefusal | null {
  if (lines.some((line) => line.product_id === product.id)) return null;
  const { bases, boosters } = countMixSlots(lines);
  if (product.type === 'base' && bases >= MIX_LIMITS.bases) {
    return { code: 'second_base', message: MixMessages.secondBase };
  }
  if (product.type === 'booster' && boosters >= MIX_LIMITS.boosters) {
    return { code: 'third_booster', message: MixMessages.thirdBooster };
  }
  return null;
}

/** The first way a whole mix breaks the rule (too many bases or boosters, two of a base), or null. */
export function checkMix(
  lines: readonly (Pick<MixLine, 'type'> & { quantity?: number })[],
): MixRefusal | null {
  const { bases, boosters } = countMixSlots(lines);
  if (bases > MIX_LIMITS.bases) return { code: 'second_base', message: MixMessages.secondBase };
  if (lines.some((line) => (line.quantity ?? 1) > maxQuantityOf(line.type))) {
    return { code: 'base_quantity', message: MixMessages.baseQuantity };
  }
  if (boosters > MIX_LIMITS.boosters) {
    return { code: 'third_booster', message: MixMessages.thirdBooster };
  }
  return null;
}

export type MixAddResult<L extends MixLine> =
  { ok: true; lines: L[] } | { ok: false; refusal: MixRefusal; lines: readonly L[] };

/**
 * docs/product-rules.md#shop: add creates quantity 1 or increments (never past maxQuantityOf: a base stays 1); the rule
 * refuses a second base or a third booster. Returns a new array; the input is not changed.
 */
export function addToMix<L extends MixLine>(
  lines: readonly L[],
  product: MixProductRef,
  make: (product: MixProductRef) => L,
): MixAddResult<L> {
  const refusal = checkMixAdd(lines, product);
  if (refusal) return { ok: false, refusal, lines };
  const existing = lines.find((line) => line.product_id === product.id);
  if (existing) {
    return {
      ok: true,
      lines: lines.map((line) =>
        line === existing
          ? { ...line, quantity: Math.min(line.quantity + 1, maxQuantityOf(line.type)) }
          : line,
      ),
    };
  }
  return { ok: true, lines: [...lines, { ...make(product), quantity: 1 }] };
}

/**
 * A refused product put in the place of one the mix holds (decision 198): another base for the
 * base, a booster for one of the boosters. The rule decides as addToMix does on the mix without
 * `outId` (so a booster never takes a base's place and leaves two bases); the new line takes the
 * old one's place, the rest keep their order. With `outId` not in the mix it is a plain add.
 */
export function replaceInMix<L extends MixLine>(
  lines: readonly L[],
  outId: string,
  product: MixProductRef,
  make: (product: MixProductRef) => L,
): MixAddResult<L> {
  const index = lines.findIndex((line) => line.product_id === outId);
  if (index < 0) return addToMix(lines, product, make);
  const result = addToMix(removeFromMix(lines, outId), product, make);
  if (!result.ok) return { ...result, lines };
  const added = result.lines.at(-1);
  if (added?.product_id !== product.id || lines.some((l) => l.product_id === product.id)) {
    return result;
  }
  const next = result.lines.slice(0, -1);
  next.splice(index, 0, added);
  return { ok: true, lines: next };
}

/** docs/product-rules.md#shop: minus decrements and removes the line at zero. */
export function decrementInMix<L extends MixLine>(lines: readonly L[], productId: string): L[] {
  return lines.flatMap((line) => {
    if (line.product_id !== productId) return [line];
    return line.quantity > 1 ? [{ ...line, quantity: line.quantity - 1 }] : [];
  });
}

/** Removing frees a slot (docs/product-rules.md#mix). */
export function removeFromMix<L extends MixLine>(lines: readonly L[], productId: string): L[] {
  return lines.filter((line) => line.product_id !== productId);
}

/** Whether the mix is complete: exactly one base (boosters are optional). */
export function isMixComplete(lines: readonly Pick<MixLine, 'type'>[]): boolean {
  return countMixSlots(lines).bases === MIX_LIMITS.bases;
}

/** Total of a mix in integer pence. */
export function mixTotalPence(lines: readonly { quantity: number; price_pence: number }[]): number {
  return lines.reduce((sum, line) => sum + line.quantity * line.price_pence, 0);
}

/** Number of items (sum of quantities), what the 'Mix' button counts. */
export function mixItemCount(lines: readonly { quantity: number }[]): number {
  return lines.reduce((sum, line) => sum + line.quantity, 0);
}

/** Thousands separated by commas, as en-GB writes them: 1234567 → '1,234,567'. */
function groupThousands(whole: number): string {
  // Not `toLocaleString`: its first call loads the runtime's locale data (~80 ms at Lighthouse's
  // 4× throttling), on the landing page's first render (docs/decisions/121).
  return String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** 5200 → '£52.00'; pence stay integers until the moment they are shown. */
export function formatPounds(pence: number): string {
  const sign = pence < 0 ? '-' : '';
  const abs = Math.abs(Math.round(pence));
  return `${sign}£${groupThousands(Math.floor(abs / 100))}.${String(abs % 100).padStart(2, '0')}`;
}
