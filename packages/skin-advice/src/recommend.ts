import {
  type BaseId,
  type Environment,
  type MetricKey,
  type Recommendation,
  type Routine,
  type RoutineStep,
  type ScanConcern,
} from '@lumiskin/contract/analysis';
import type { SkinType } from '@lumiskin/contract/auth';
import type { Catalogue } from './catalogue';
import { boosterStep, chooseBoosters, type Candidate } from './boosters';
import { chooseMoisturiser, chooseSunscreen } from './climate';
import { joinAnd, label, scoreOf } from './words';

/**
 * The routine recommender: scores + skin type + chosen concerns + climate → 1 base, up to 2
 * boosters and a morning/evening routine, every choice with a reason a person can read.
 * Pure and deterministic: no clock, no randomness, ties broken by catalogue order.
 *
 * Rules (also listed in docs/skin-engine.md):
 * - Skin type: the profile's wins over the photo estimate (skin_type_source says which).
 * - Gentle mode when the skin type is sensitive, the person chose 'sensitivity', or the sensitivity or
 *   redness score is under GENTLE_BELOW (the 'poor' band): BarrierRepair base, CalmBarrier first, no
 *   retinoid and no exfoliating acid at first (left out with a note saying when to add them).
 * - Base otherwise: dry skin → AquaHydra; oily/combination skin, oiliness under 60, or an acne/
 *   oiliness concern → SeboBalance; else AquaHydra.
 * - Boosters ranked by need (weighted score deficit below 80 + a bonus for a chosen concern), at least
 *   MIN_BOOSTER_NEED to be chosen; the second booster prefers a different category.
 * - Never a retinoid with an exfoliating acid on the same evening: the acid booster moves to the
 *   morning (under sunscreen) and the notes say so. Never two exfoliating acids in one routine: the
 *   better-matched one is kept, the other dropped and named in the notes.
 * - Vitamin C is always a morning step; a retinoid is always an evening step.
 * - Sunscreen strength by UV index: SPF_TABLE; moisturiser texture by climate: moisturiserFor (both
 *   in climate.ts). Booster needs and pairing: boosters.ts.
 * - see_dermatologist when acne, redness or sensitivity is under DERMATOLOGIST_BELOW.
 */

export interface RecommendInput {
  scores: Partial<Record<MetricKey, number>>;
  profileSkinType?: SkinType | null;
  estimatedSkinType: SkinType;
  concerns: ScanConcern[];
  environment?: Environment | null;
  /** The bases and boosters to choose from (the server's, from the database). */
  catalogue: Catalogue;
}

export interface RecommendOutput {
  recommendation: Recommendation;
  routine: Routine;
}

/** Scores below this ('poor' band, docs/product-rules.md#score-bands) in sensitivity or redness mean a stressed barrier. */
export const GENTLE_BELOW = 60;

/** Scores below this in acne, redness or sensitivity are worth an in-person look. */
export const DERMATOLOGIST_BELOW = 40;

export const DERMATOLOGIST_METRICS = [
  'acne',
  'redness',
  'sensitivity',
] as const satisfies readonly MetricKey[];

/** Gentle mode: a sensitive type, a sensitivity concern, or low sensitivity or redness. */
function gentleMode(input: RecommendInput, skinType: SkinType): string[] {
  const { scores, concerns } = input;
  const sensitivity = scoreOf(scores, 'sensitivity');
  const redness = scoreOf(scores, 'redness');
  const gentleReasons: string[] = [];
  if (skinType === 'sensitive') gentleReasons.push('your skin type is sensitive');
  if (concerns.includes('sensitivity')) gentleReasons.push('you asked about sensitivity');
  if (sensitivity != null && sensitivity < GENTLE_BELOW)
    gentleReasons.push(`your sensitivity score is ${sensitivity}`);
  if (redness != null && redness < GENTLE_BELOW)
    gentleReasons.push(`your redness score is ${redness}`);

  return gentleReasons;
}

/** The base: barrier care when gentle, hydration for dry skin, balance for oily or acne-prone. */
function chooseBase(
  input: RecommendInput,
  skinType: SkinType,
  gentleReasons: string[],
): { baseId: BaseId; baseReason: string; isOily: boolean } {
  const { scores, concerns } = input;
  const gentle = gentleReasons.length > 0;
  const oiliness = scoreOf(scores, 'oiliness');
  const hydration = scoreOf(scores, 'hydration');
  const isOily =
    skinType === 'oily' ||
    skinType === 'combination' ||
    (oiliness != null && oiliness < GENTLE_BELOW);
  let baseId: BaseId;
  let baseReason: string;
  if (gentle) {
    baseId = 'barrierrepair';
    baseReason = `Because ${joinAnd(gentleReasons)}, we start with barrier care: ceramides, cholesterol and fatty acids help rebuild and calm the skin barrier.`;
  } else if (skinType === 'dry') {
    baseId = 'aquahydra';
    baseReason = `Your skin type is dry${hydration != null ? ` and your hydration score is ${hydration}` : ''}: hyaluronic acid and glycerin draw water in and panthenol and squalane help hold it.`;
  } else if (isOily || concerns.includes('acne') || concerns.includes('oiliness')) {
    baseId = 'sebobalance';
    const why: string[] = [];
    if (skinType === 'oily' || skinType === 'combination')
      why.push(`your skin type is ${skinType}`);
    if (oiliness != null && oiliness < GENTLE_BELOW) why.push(`your oiliness score is ${oiliness}`);
    if (concerns.includes('acne')) why.push('you asked about acne');
    if (concerns.includes('oiliness')) why.push('you asked about oiliness');
    baseReason = `Because ${joinAnd(why)}: niacinamide and zinc PCA help balance shine and keep pores looking clear while still hydrating.`;
  } else {
    baseId = 'aquahydra';
    baseReason =
      hydration != null
        ? `Your skin looks balanced and your hydration score is ${hydration}: a light hydrating base keeps it comfortable and supple.`
        : 'Your skin looks balanced: a light hydrating base keeps it comfortable and supple.';
  }

  return { baseId, baseReason, isOily };
}

/** Care notes for what was chosen: retinoids, vitamin C, patch tests, an estimated skin type. */
function safetyNotes(
  chosen: readonly Candidate[],
  skinType: SkinType,
  fromProfile: boolean,
  notes: string[],
): void {
  // Named from the catalogue, so a booster added in the admin area gets the same care notes.
  for (const c of chosen.filter((k) => k.booster.flags.containsRetinoid)) {
    notes.push(
      `${c.booster.name} contains a retinoid: start two evenings a week, build up slowly, and use sunscreen every morning. If you are pregnant, trying to be or breastfeeding, ask your doctor before using it.`,
    );
  }
  for (const c of chosen.filter((k) => k.booster.flags.containsVitaminC)) {
    notes.push(
      `${c.booster.name} (vitamin C) belongs in your morning routine, under sunscreen, where its antioxidant care helps most.`,
    );
  }
  if (chosen.length > 0)
    notes.push('Introduce one new product at a time and patch test it on a small area first.');
  if (!fromProfile) {
    notes.push(
      `Your skin type (${skinType}) is our estimate from the photo; set it in your profile to fine-tune this routine.`,
    );
  }
}

/** A dermatologist is suggested when a metric that warrants it is very low. */
function dermatologist(scores: RecommendInput['scores'], notes: string[]): boolean {
  const flagged = DERMATOLOGIST_METRICS.filter((k) => {
    const s = scoreOf(scores, k);
    return s != null && s < DERMATOLOGIST_BELOW;
  });
  const seeDermatologist = flagged.length > 0;
  if (seeDermatologist) {
    notes.push(
      `Your ${joinAnd(flagged.map(label))} result${flagged.length > 1 ? 's are' : ' is'} quite low. A photo can only show so much, so it is worth showing your skin to a dermatologist, who can look at it in person and advise on the best care.`,
    );
  }

  return seeDermatologist;
}

export function recommend(input: RecommendInput): RecommendOutput {
  const notes: string[] = [];
  const fromProfile = input.profileSkinType != null;
  const skinType: SkinType = input.profileSkinType ?? input.estimatedSkinType;
  const gentleReasons = gentleMode(input, skinType);
  const gentle = gentleReasons.length > 0;
  const { baseId, baseReason, isOily } = chooseBase(input, skinType, gentleReasons);
  const base = input.catalogue.base(baseId);
  const { chosen, timeOf, movedToMorning, boosters } = chooseBoosters(input, gentle, notes);
  const { sun, sunReason } = chooseSunscreen(input, chosen, notes);
  const { moist, moisturiser, moistReason } = chooseMoisturiser(input, skinType, isOily, notes);

  // ---- steps ----
  const amBoosters = chosen.filter((c) => timeOf.get(c.booster.id) !== 'PM');
  const pmBoosters = chosen.filter((c) => timeOf.get(c.booster.id) !== 'AM');
  const cleanser = cleanserFor(skinType, isOily, gentle);

  const morning: Omit<RoutineStep, 'step'>[] = [
    {
      kind: 'cleanser',
      name: cleanser.name,
      product_id: null,
      instruction: isOily
        ? 'Massage onto damp skin for 30 seconds, rinse with lukewarm water, pat dry.'
        : 'A light cleanse or a lukewarm water rinse, then pat dry.',
      reason: cleanser.amReason,
    },
    {
      kind: 'base',
      name: base.name,
      product_id: base.id,
      instruction: base.howToUse,
      reason: baseReason,
    },
    ...amBoosters.map((c) => boosterStep(c, 'AM', boosters, movedToMorning.has(c.booster.id))),
    {
      kind: 'moisturizer',
      name: moisturiser.name,
      product_id: null,
      instruction: 'Smooth over face and neck while the skin is still slightly damp.',
      reason: moistReason,
    },
    {
      kind: 'sunscreen',
      name: `Broad-spectrum sunscreen SPF ${sun.spf}`,
      product_id: null,
      instruction: `Two finger-lengths for face and neck as the last step, 15 minutes before going out${sun.reapply ? '; reapply every two hours outdoors' : ''}.`,
      reason: sunReason,
    },
  ];

  const evening: Omit<RoutineStep, 'step'>[] = [
    {
      kind: 'cleanser',
      name: sun.spf >= 50 ? `Cleansing balm, then ${cleanser.name.toLowerCase()}` : cleanser.name,
      product_id: null,
      instruction:
        sun.spf >= 50
          ? 'Massage the balm over dry skin to lift sunscreen, rinse, then follow with your cleanser.'
          : 'Massage onto damp skin for 30 to 60 seconds, rinse with lukewarm water, pat dry.',
      reason: cleanser.pmReason,
    },
    {
      kind: 'base',
      name: base.name,
      product_id: base.id,
      instruction: base.howToUse,
      reason: 'Evening use keeps your base working overnight, when the skin repairs itself.',
    },
    ...pmBoosters.map((c) => boosterStep(c, 'PM', boosters, false)),
    {
      kind: 'moisturizer',
      name: moisturiser.name,
      product_id: null,
      instruction: 'Finish with your moisturiser to lock everything in.',
      reason:
        moist.climate === 'dry-cold' ? moistReason : 'Seals in water and the actives overnight.',
    },
  ];

  safetyNotes(chosen, skinType, fromProfile, notes);
  const seeDermatologist = dermatologist(input.scores, notes);

  return {
    recommendation: {
      base: { id: baseId, name: base.name, reason: baseReason },
      boosters,
      skin_type: skinType,
      skin_type_source: fromProfile ? 'profile' : 'estimated',
      spf: sun.spf,
      notes,
      see_dermatologist: seeDermatologist,
    },
    routine: { morning: numbered(morning), evening: numbered(evening) },
  };
}

function cleanserFor(skinType: SkinType, isOily: boolean, gentle: boolean) {
  if (gentle || skinType === 'dry' || skinType === 'sensitive') {
    return {
      name: 'Fragrance-free cream cleanser',
      amReason: 'A mild, non-foaming cleanse keeps the skin’s own oils where they belong.',
      pmReason:
        'Removes sunscreen and the day’s grime without stripping a dry or sensitive barrier.',
    };
  }
  if (isOily) {
    return {
      name: 'Gentle gel cleanser',
      amReason: 'Lifts the oil your skin made overnight so your base can work.',
      pmReason:
        'Removes sunscreen, oil and the day’s grime so nothing sits in the pores overnight.',
    };
  }
  return {
    name: 'Gentle pH-balanced cleanser',
    amReason: 'A quick, gentle cleanse refreshes the skin without upsetting its balance.',
    pmReason: 'Removes sunscreen and the day’s grime so your evening steps reach clean skin.',
  };
}

function numbered(steps: Omit<RoutineStep, 'step'>[]): RoutineStep[] {
  return steps.map((s, i) => ({ step: i + 1, ...s }));
}
