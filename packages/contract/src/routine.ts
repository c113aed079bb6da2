import { z } from 'zod';
import './plain-errors';

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

/** 'change': a step edited in place (moved to the other time of day, given days, renamed…). */
export const ROUTINE_HISTORY_TYPES = ['addition', 'removal', 'setup', 'change'] as const;
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
  changedReason: 'Changed by you',
  splitReason: 'Split to keep two actives apart',
  emptyEdit: 'Say what to change: at least one field.',
  checkOffDay: 'Only today can be checked off.',
} as const;

/** ISO weekdays: 1 = Monday … 7 = Sunday. */
export const Weekday = z.number().int().min(1).max(7);
export const WEEKDAY_SHORT_NAMES = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

/**
 * The weekdays a step is used on, sorted and without repeats; empty = no fixed days (every day for
 * 'daily', any days for '2x per week' and the like). docs/product-rules.md#routine-conflicts.
 */
export const RoutineDays = z
  .array(Weekday)
  .max(7)
  .transform((days) => [...new Set(days)].sort((a, b) => a - b));

/** 'Mon, Wed, Fri' (empty for no fixed days). */
export function formatDays(days: readonly number[]): string {
  return days.map((d) => WEEKDAY_SHORT_NAMES[d - 1] ?? '').join(', ');
}

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
  /** ISO weekdays (1 = Monday); empty = no fixed days. */
  days: z.array(Weekday),
  /**
   * ISO timestamp of the scan whose recommendation set this step up (its purpose reads that scan's
   * scores and weather), or null: added by hand, or its purpose rewritten (decision 196).
   */
  from_scan_date: z.string().nullable(),
});
export type RoutineProduct = z.infer<typeof RoutineProduct>;

// ---- Conflicts (docs/product-rules.md#routine-conflicts; the rules live in @lumiskin/skin-advice) ----

export const CONFLICT_RULES = [
  'retinoid_with_acid',
  'two_acids',
  'benzoyl_peroxide_with_retinoid',
  'benzoyl_peroxide_with_vitamin_c',
] as const;
export const ConflictRule = z.enum(CONFLICT_RULES);
export type ConflictRule = z.infer<typeof ConflictRule>;

/** One step's new time and days when a split is applied. */
export const SplitChange = z.object({
  product_id: z.string(),
  application_time: ApplicationTime,
  days: z.array(Weekday),
});
export type SplitChange = z.infer<typeof SplitChange>;

export const SplitSuggestion = z.object({
  /** 'alternate': the same time of day on different weekdays; 'move': one to the other time of day. */
  kind: z.enum(['alternate', 'move']),
  /** e.g. 'Retinal serum on Mon, Wed and Fri evenings, BHA toner on the other evenings'. */
  label: z.string(),
  changes: z.array(SplitChange).min(1).max(2),
});
export type SplitSuggestion = z.infer<typeof SplitSuggestion>;

/** Two steps of the routine that should not share a session (same time of day, a shared weekday). */
export const RoutineConflict = z.object({
  /** Stable while the pair and the rule are the same: `rule:idA:idB` (ids sorted). */
  id: z.string(),
  rule: ConflictRule,
  /** The two steps, the one the rule names first first. */
  product_ids: z.tuple([z.string(), z.string()]),
  application_time: ApplicationTime,
  /** Names both products and says why, e.g. 'Retinal serum (a retinoid) and BHA toner (an exfoliating acid) …'. */
  message: z.string(),
  suggestions: z.array(SplitSuggestion),
});
export type RoutineConflict = z.infer<typeof RoutineConflict>;

// ---- Consistency (docs/product-rules.md#routine-consistency) ----

export const CONSISTENCY_WINDOWS = [7, 30] as const;

export const ConsistencyWindow = z.object({
  /** Window length in days (7 or 30), ending today. */
  window_days: z.number().int(),
  /** Days of the window counted: today only once checked off, and none before the routine began. */
  counted_days: z.number().int().min(0),
  /** Of those, days with the routine checked off. */
  followed_days: z.number().int().min(0),
  /** followed ÷ counted as a whole percent; null while no day counts yet. */
  percent: z.number().int().min(0).max(100).nullable(),
});
export type ConsistencyWindow = z.infer<typeof ConsistencyWindow>;

export const RoutineConsistency = z.object({
  /** The person's today (YYYY-MM-DD, their time zone). */
  today: z.string(),
  /** Sessions checked off today. */
  checked_today: z.array(ApplicationTime),
  last_7_days: ConsistencyWindow,
  last_30_days: ConsistencyWindow,
});
export type RoutineConsistency = z.infer<typeof RoutineConsistency>;

/** GET /api/routine and POST /api/routine/from-analysis/{analysisId}: products in routine order. */
export const RoutineResponse = z.object({
  morning: z.array(RoutineProduct),
  evening: z.array(RoutineProduct),
  /** Pairs of steps that share a session and should not (every client shows them). */
  conflicts: z.array(RoutineConflict),
  consistency: RoutineConsistency,
});
export type RoutineResponse = z.infer<typeof RoutineResponse>;

/** PATCH /api/routine/products/{id}: any of these; at least one. Unknown fields are refused. */
export const UpdateRoutineProductBody = z
  .strictObject({
    name: z.string().trim().min(1, RoutineMessages.nameRequired).max(120),
    type: RoutineProductType,
    purpose: z.string().trim().min(1, RoutineMessages.purposeRequired).max(300),
    application_time: ApplicationTime,
    frequency: RoutineFrequency,
    notes: z.string().trim().max(1000),
    days: RoutineDays,
  })
  .partial()
  .refine((b) => Object.keys(b).length > 0, RoutineMessages.emptyEdit);
export type UpdateRoutineProductBody = z.infer<typeof UpdateRoutineProductBody>;
export type UpdateRoutineProductInput = z.input<typeof UpdateRoutineProductBody>;

/** POST /api/routine/split: one suggestion's changes, applied together → RoutineResponse. */
export const ApplySplitBody = z.strictObject({
  changes: z
    .array(
      z.strictObject({
        product_id: z.uuid({ error: RoutineMessages.notFound }),
        application_time: ApplicationTime,
        days: RoutineDays,
      }),
    )
    .min(1)
    .max(2),
});
export type ApplySplitBody = z.infer<typeof ApplySplitBody>;

/** PUT /api/routine/check-offs: mark today's morning or evening routine as done (or not). */
export const CheckOffBody = z.strictObject({
  /** The person's today (YYYY-MM-DD); anything else is refused, so past days cannot be filled in. */
  day: z.iso.date(),
  session: ApplicationTime,
  done: z.boolean(),
});
export type CheckOffBody = z.infer<typeof CheckOffBody>;

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
  days: RoutineDays.default([]),
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
