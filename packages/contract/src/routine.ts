import { z } from 'zod';

/** Routine product types (docs/product-rules.md#routine), in the order the Add Product modal lists them. */
export const ROUTINE_PRODUCT_TYPES = [
  'cleanser',
  'toner',
  'serum',
  'moisturizer',
  'sunscreen',
  'treatment',
  'mask',
  'exfoliant',
  'oil',
  'retinol',
] as const;
export const RoutineProductType = z.enum(ROUTINE_PRODUCT_TYPES);
export type RoutineProductType = z.infer<typeof RoutineProductType>;

/** What the UI shows for each type ('oil' is shown as 'Face Oil', docs/product-rules.md#routine). */
export const ROUTINE_PRODUCT_TYPE_LABELS: Record<RoutineProductType, string> = {
  cleanser: 'Cleanser',
  toner: 'Toner',
  serum: 'Serum',
  moisturizer: 'Moisturizer',
  sunscreen: 'Sunscreen',
  treatment: 'Treatment',
  mask: 'Mask',
  exfoliant: 'Exfoliant',
  oil: 'Face Oil',
  retinol: 'Retinol',
};

/** docs/product-rules.md#routine frequencies, stored and sent exactly as shown. */
export const ROUTINE_FREQUENCIES = [
  'daily',
  '2x per week',
  '3x per week',
  'weekly',
  'as needed',
] as const;
export const RoutineFrequency = z.enum(ROUTINE_FREQUENCIES);
export type RoutineFrequency = z.infer<typeof RoutineFrequency>;

export const APPLICATION_TIMES = ['morning', 'evening'] as const;
export const ApplicationTime = z.enum(APPLICATION_TIMES);
export type ApplicationTime = z.infer<typeof ApplicationTime>;

export const ROUTINE_HISTORY_TYPES = ['addition', 'removal', 'setup'] as const;
export const RoutineHistoryType = z.enum(ROUTINE_HISTORY_TYPES);
export type RoutineHistoryType = z.infer<typeof RoutineHistoryType>;

export const RoutineMessages = {
  nameRequired: 'Please enter a product name',
  purposeRequired: 'Please enter what the product is for',
  notFound: 'That product is not in your routine.',
  analysisNotFound: 'That analysis could not be found.',
  /** docs/product-rules.md#routine: the reason logged on delete unless the user gives another. */
  defaultRemovalReason: 'Product discontinued',
  addedReason: 'Added by you',
  setupReason: 'Set up from your skin analysis',
} as const;

/** docs/product-rules.md#routine. */
export const RoutineProduct = z.object({
  id: z.string(),
  name: z.string(),
  type: RoutineProductType,
  purpose: z.string(),
  application_time: ApplicationTime,
  frequency: RoutineFrequency,
  /** ISO timestamp. */
  added_date: z.string(),
  notes: z.string(),
});
export type RoutineProduct = z.infer<typeof RoutineProduct>;

/** GET /api/routine and POST /api/routine/from-analysis/{analysisId}: products in routine order. */
export const RoutineResponse = z.object({
  morning: z.array(RoutineProduct),
  evening: z.array(RoutineProduct),
});
export type RoutineResponse = z.infer<typeof RoutineResponse>;

/** POST /api/routine/products (docs/product-rules.md#validation: name and purpose non-blank after trimming; notes optional). */
export const AddRoutineProductBody = z.object({
  name: z
    .string({ error: RoutineMessages.nameRequired })
    .trim()
    .min(1, RoutineMessages.nameRequired)
    .max(120),
  type: RoutineProductType,
  purpose: z
    .string({ error: RoutineMessages.purposeRequired })
    .trim()
    .min(1, RoutineMessages.purposeRequired)
    .max(300),
  application_time: ApplicationTime,
  frequency: RoutineFrequency.default('daily'),
  notes: z.string().trim().max(1000).default(''),
});
export type AddRoutineProductBody = z.infer<typeof AddRoutineProductBody>;
export type AddRoutineProductInput = z.input<typeof AddRoutineProductBody>;
/** 201 answer: the product as stored. */
/** @alias adding a product answers the routine product */
export const AddRoutineProductResponse = RoutineProduct;

/** DELETE /api/routine/products/{id}?reason=… → 204. */
export const RoutineProductParams = z.object({ id: z.uuid({ error: RoutineMessages.notFound }) });
export const RemoveRoutineProductQuery = z.object({
  /** Blank or missing means 'Product discontinued'. */
  reason: z.string().trim().max(300).optional(),
});

/** POST /api/routine/from-analysis/{analysisId} ('Use this routine') → 200 RoutineResponse. */
export const FromAnalysisParams = z.object({
  analysisId: z.uuid({ error: RoutineMessages.analysisNotFound }),
});

/** docs/product-rules.md#routine. */
export const RoutineHistoryEntry = z.object({
  id: z.string(),
  /** ISO timestamp. */
  date: z.string(),
  /** e.g. 'Added Gentle Cleanser (morning)'. */
  change: z.string(),
  type: RoutineHistoryType,
  reason: z.string(),
});
export type RoutineHistoryEntry = z.infer<typeof RoutineHistoryEntry>;

export const ROUTINE_HISTORY_DEFAULT_LIMIT = 50;
export const RoutineHistoryQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(ROUTINE_HISTORY_DEFAULT_LIMIT),
  offset: z.coerce.number().int().min(0).default(0),
});
export type RoutineHistoryQueryInput = z.input<typeof RoutineHistoryQuery>;

/** GET /api/routine/history: newest first; the total count is in `X-Total-Count`. */
export const RoutineHistoryResponse = z.array(RoutineHistoryEntry);
export type RoutineHistoryResponse = z.infer<typeof RoutineHistoryResponse>;

// ---- Summary tiles (docs/product-rules.md#dashboard) ----

/** Evening items of type treatment or serum. */
export function activeTreatments(routine: RoutineResponse): number {
  return routine.evening.filter((p) => p.type === 'treatment' || p.type === 'serum').length;
}

/**
 * docs/product-rules.md#dashboard: routine changes divided by max(scan count, 1), as a percentage (rounded, capped at 100
 * so a burst of edits before the first scan does not read as 400%).
 */
export function routineConsistencyPercent(routineChanges: number, scanCount: number): number {
  return Math.min(100, Math.round((routineChanges / Math.max(scanCount, 1)) * 100));
}
