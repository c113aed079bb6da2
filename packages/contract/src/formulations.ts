import { z } from 'zod';
import './plain-errors';
import { MetricKey, TimeOfUse } from './analysis';
import { ProductId } from './shop';

/**
 * The shape of a formulation (docs/product-rules.md#mix / "Booster"). The catalogue itself (3 bases,
 * 6 boosters) is data: the server seeds it into the database (packages/skin-advice/src/builtin-catalogue.ts)
 * and serves it through the shop; the interpreter (@lumiskin/skin-advice) is handed it per scan.
 */

/** The skin states a base is for (the spec's bases name them: docs/product-rules.md#mix). */
export const SUITABLE_SKIN_STATES = [
  'normal',
  'dry',
  'dehydrated',
  'oily',
  'combination',
  'acne-prone',
  'sensitive',
  'damaged',
  'irritated',
] as const;

/** The concerns a booster answers (the landing concern tags of docs/product-rules.md#entities). */
export const SUITABLE_CONCERNS = [
  'dryness',
  'dehydration',
  'sensitivity',
  'oiliness',
  'acne',
  'large pores',
  'redness',
  'irritation',
  'blackheads',
  'texture',
  'dullness',
  'dark spots',
  'uneven tone',
  'fine lines',
  'firmness',
] as const;

/** Who a base is for and which concerns a booster answers: a formulation's `suitable_for`. */
export const SUITABLE_FOR = [...SUITABLE_SKIN_STATES, ...SUITABLE_CONCERNS] as const;
export const SuitableFor = z.enum(SUITABLE_FOR);
export type SuitableFor = z.infer<typeof SuitableFor>;

/** Ingredient facts the recommender's safety rules need. */
export const FormulationFlags = z.object({
  /** Vitamin A derivative (retinal): evenings only, never with an exfoliating acid the same evening. */
  containsRetinoid: z.boolean(),
  /** AHA/BHA/PHA: not the same evening as a retinoid; not for an irritated barrier at first. */
  containsExfoliatingAcid: z.boolean(),
  /** Vitamin C (or derivative): mornings, under sunscreen, for its antioxidant role. */
  containsVitaminC: z.boolean(),
  /** Suitable for sensitive or barrier-damaged skin from day one. */
  gentle: z.boolean(),
});
export type FormulationFlags = z.infer<typeof FormulationFlags>;

const formulationFields = {
  name: z.string(),
  description: z.string(),
  keyIngredients: z.array(z.string()).min(1),
  suitableFor: z.array(SuitableFor).min(1),
  category: z.string(),
  timeOfUse: TimeOfUse,
  /** Integer pence (money is never a float). */
  price_pence: z.number().int().positive(),
  /** Scan metrics this product mainly addresses (the recommender and the analysis page use it). */
  targets: z.array(MetricKey),
  /** One line on how to use it, shown beside the routine step. */
  howToUse: z.string(),
  flags: FormulationFlags,
};

/**
 * The recommender picks among the three built-in bases (BASE_IDS) by skin type; a base added in
 * the admin area is sold in the shop and the mix but not (yet) recommended (decision 032).
 */
export const FormulationBase = z.object({
  id: ProductId,
  type: z.literal('base'),
  ...formulationFields,
});
export type FormulationBase = z.infer<typeof FormulationBase>;

/**
 * A booster's id is any product id: the six built-in boosters have rules of their own in the
 * recommender, and one added in the admin area is weighed by its `targets` (decision 032).
 */
export const Booster = z.object({
  id: ProductId,
  type: z.literal('booster'),
  ...formulationFields,
});
export type Booster = z.infer<typeof Booster>;

export const Formulation = z.discriminatedUnion('type', [FormulationBase, Booster]);
export type Formulation = z.infer<typeof Formulation>;
