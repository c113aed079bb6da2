import {
  METRIC_LABELS,
  type BaseId,
  type BoosterId,
  type Environment,
  type MetricKey,
  type Recommendation,
  type Routine,
  type RoutineStep,
  type ScanConcern,
  type TimeOfUse,
} from '@lumiskin/contract/analysis';
import type { SkinType } from '@lumiskin/contract/auth';
import type { Booster } from '@lumiskin/contract/formulations';
import type { Catalogue } from './catalogue';

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
 * - Sunscreen strength by UV index: see SPF_TABLE. Moisturiser texture by climate: see moisturiserFor.
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
/** A booster must reach this need to be chosen (e.g. a weight-1 metric at 70 or below, or a chosen concern). */
export const MIN_BOOSTER_NEED = 10;
/** Need added when the person picked a concern chip the booster answers. */
export const CONCERN_BONUS = 20;
/** Scores at or above this ('good' band) add no need. */
const GOOD = 80;

/**
 * Sunscreen strength by UV index (WHO UV index bands). Photosensitising actives (AHA/BHA, retinoid)
 * or a dark-spot focus lift the moderate band to SPF 50, since UV darkens spots and acids raise sun
 * sensitivity. Unknown UV → SPF 30 with advice to go to 50 on sunny days.
 */
export const SPF_TABLE = [
  { band: 'low', uvFrom: 0, uvTo: 3, spf: 30, reapply: false },
  { band: 'moderate', uvFrom: 3, uvTo: 6, spf: 30, reapply: false },
  { band: 'high', uvFrom: 6, uvTo: 8, spf: 50, reapply: true },
  { band: 'very high / extreme', uvFrom: 8, uvTo: Infinity, spf: 50, reapply: true },
] as const;

/** Climate thresholds for the moisturiser's texture. */
export const DRY_AIR_HUMIDITY_BELOW = 40;
export const COLD_BELOW_C = 10;
export const HUMID_ABOVE = 70;
export const HOT_ABOVE_C = 27;

interface BoosterNeedRule {
  metrics: Partial<Record<MetricKey, number>>;
  concerns: ScanConcern[];
  /** What the booster does, for the reason sentence. */
  does: string;
}

/** Metric weights per built-in booster: the first-named concern of each booster weighs 1. */
const BOOSTER_NEEDS: Record<BoosterId, BoosterNeedRule> = {
  clearcomplex: {
    metrics: { acne: 1, blackheads: 0.9, oiliness: 0.7, pores: 0.6 },
    concerns: ['acne', 'oiliness'],
    does: 'salicylic acid works inside the pore to help keep it clear of oil and dead cells',
  },
  brightradiance: {
    metrics: { radiance: 1, dark_spots: 0.9, uneven_tone: 0.6 },
    concerns: ['hyperpigmentation'],
    does: 'a stable vitamin C brightens a dull look and helps fade the look of spots, and backs up your sunscreen',
  },
  calmbarrier: {
    metrics: { redness: 1, sensitivity: 1 },
    concerns: ['sensitivity', 'redness'],
    does: 'centella and panthenol soothe the look of redness and support a comfortable barrier',
  },
  renewlift: {
    metrics: { fine_lines: 1, firmness: 1, texture: 0.5 },
    concerns: ['aging'],
    does: 'retinal and bakuchiol help smooth the look of fine lines and support firmness over time',
  },
  eventone: {
    metrics: { dark_spots: 1, uneven_tone: 1 },
    concerns: ['hyperpigmentation'],
    does: 'tranexamic acid and alpha-arbutin target the look of dark spots and patchy tone',
  },
  texturerefine: {
    metrics: { texture: 1, pores: 0.7, radiance: 0.6 },
    concerns: ['texture'],
    does: 'lactic acid and PHA gently loosen dead surface cells for smoother, fresher-looking skin',
  },
};

const label = (k: MetricKey) => METRIC_LABELS[k].toLowerCase();

/** Weights of a booster's targets in the order they are listed (the first is its main one). */
export const TARGET_WEIGHTS = [1, 0.9, 0.7, 0.6, 0.5] as const;

/** The concern chip a scan metric belongs to, for boosters weighed by their targets. */
const CONCERN_OF_METRIC: Partial<Record<MetricKey, ScanConcern>> = {
  acne: 'acne',
  blackheads: 'acne',
  oiliness: 'oiliness',
  pores: 'oiliness',
  hydration: 'dryness',
  sensitivity: 'sensitivity',
  redness: 'redness',
  fine_lines: 'aging',
  firmness: 'aging',
  dark_spots: 'hyperpigmentation',
  uneven_tone: 'hyperpigmentation',
  texture: 'texture',
};

const isBuiltIn = (id: string): id is BoosterId => Object.hasOwn(BOOSTER_NEEDS, id);

/**
 * A built-in booster's own rule; any other (added in the admin area) is weighed by its targets,
 * in the order listed, and answers the concerns those metrics belong to (decision 032).
 */
export function boosterNeedRule(booster: Booster): BoosterNeedRule {
  if (isBuiltIn(booster.id)) return BOOSTER_NEEDS[booster.id];
  const targets = booster.targets.slice(0, TARGET_WEIGHTS.length);
  return {
    metrics: Object.fromEntries(targets.map((key, i) => [key, TARGET_WEIGHTS[i]!])),
    concerns: [...new Set(targets.flatMap((key) => CONCERN_OF_METRIC[key] ?? []))],
    does: `${booster.name} is made for ${joinAnd(targets.map(label))}`,
  };
}
const CONCERN_WORDS: Record<ScanConcern, string> = {
  acne: 'acne',
  oiliness: 'oiliness',
  dryness: 'dryness',
  sensitivity: 'sensitivity',
  aging: 'signs of ageing',
  hyperpigmentation: 'dark spots and pigmentation',
  redness: 'redness',
  texture: 'texture',
};

interface Candidate {
  booster: Booster;
  order: number;
  need: number;
  /** The metrics and concerns that produced the need, for the reason. */
  lowMetrics: { key: MetricKey; score: number }[];
  matchedConcerns: ScanConcern[];
}

export function spfForUv(
  uvIndex: number | null | undefined,
  photosensitive: boolean,
): { spf: number; reapply: boolean; band: string | null } {
  if (uvIndex == null || !Number.isFinite(uvIndex)) return { spf: 30, reapply: false, band: null };
  const uv = Math.max(0, uvIndex);
  const row =
    SPF_TABLE.find((r) => uv >= r.uvFrom && uv < r.uvTo) ?? SPF_TABLE[SPF_TABLE.length - 1]!;
  const spf = row.band === 'moderate' && photosensitive ? 50 : row.spf;
  return { spf, reapply: row.reapply, band: row.band };
}

export type MoisturiserTexture = 'rich' | 'gel' | 'gel-cream' | 'lotion';

/**
 * Texture by climate first, then skin type. Dry or cold air (humidity < 40 %, or < 10 °C, or winter
 * when no temperature is known) → rich cream; humid (> 70 %) or hot (> 27 °C) air on oily or
 * combination skin → light gel.
 */
export function moisturiserFor(
  skinType: SkinType,
  isOily: boolean,
  env: Environment | null | undefined,
): { texture: MoisturiserTexture; climate: 'dry-cold' | 'humid' | null } {
  const humidity = env?.humidity ?? null;
  const temp = env?.temperature_c ?? null;
  const dryAir = humidity != null && humidity < DRY_AIR_HUMIDITY_BELOW;
  const cold = temp != null ? temp < COLD_BELOW_C : env?.season === 'winter';
  const humidOrHot =
    (humidity != null && humidity > HUMID_ABOVE) || (temp != null && temp > HOT_ABOVE_C);
  if (dryAir || cold) return { texture: 'rich', climate: 'dry-cold' };
  if (humidOrHot && isOily) return { texture: 'gel', climate: 'humid' };
  if (isOily) return { texture: 'gel-cream', climate: null };
  if (skinType === 'dry') return { texture: 'rich', climate: null };
  return { texture: 'lotion', climate: null };
}

function scoreOf(scores: RecommendInput['scores'], key: MetricKey): number | null {
  const v = scores[key];
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

function rankBoosters(input: RecommendInput): Candidate[] {
  const candidates = input.catalogue.boosters.map((booster, order): Candidate => {
    const rule = boosterNeedRule(booster);
    let need = 0;
    const lowMetrics: Candidate['lowMetrics'] = [];
    for (const [key, weight] of Object.entries(rule.metrics) as [MetricKey, number][]) {
      const score = scoreOf(input.scores, key);
      if (score == null || score >= GOOD) continue;
      need = Math.max(need, (GOOD - score) * weight);
      lowMetrics.push({ key, score });
    }
    const matchedConcerns = rule.concerns.filter((c) => input.concerns.includes(c));
    if (matchedConcerns.length > 0) need += CONCERN_BONUS;
    lowMetrics.sort((a, b) => a.score - b.score);
    return { booster, order, need, lowMetrics, matchedConcerns };
  });
  return candidates.sort((a, b) => b.need - a.need || a.order - b.order);
}

function usedInEvening(t: TimeOfUse) {
  return t === 'PM' || t === 'AM/PM';
}

/**
 * Why two boosters may not share an evening, or null when they may. A retinoid with an acid can be
 * fixed by moving the acid to the morning ('move'); two acids over-exfoliate whenever they meet ('drop').
 */
function eveningConflict(a: Booster, b: Booster): { action: 'move' | 'drop'; why: string } | null {
  if (!usedInEvening(a.timeOfUse) || !usedInEvening(b.timeOfUse)) return null;
  if (a.flags.containsExfoliatingAcid && b.flags.containsExfoliatingAcid) {
    return {
      action: 'drop',
      why: 'two exfoliating acids in one routine can over-exfoliate the skin',
    };
  }
  if (
    (a.flags.containsRetinoid && b.flags.containsExfoliatingAcid) ||
    (b.flags.containsRetinoid && a.flags.containsExfoliatingAcid)
  ) {
    return {
      action: 'move',
      why: 'a retinoid and an exfoliating acid on the same evening can irritate the skin',
    };
  }
  return null;
}

/** Time of use with the ingredient rules applied: vitamin C mornings, retinoids evenings. */
function timeOfUseFor(b: Booster): TimeOfUse {
  if (b.flags.containsVitaminC) return 'AM';
  if (b.flags.containsRetinoid) return 'PM';
  return b.timeOfUse;
}

function boosterReason(c: Candidate, forcedGentle: boolean): string {
  const parts: string[] = [];
  if (c.lowMetrics.length > 0) {
    const m = c.lowMetrics
      .slice(0, 2)
      .map((x) => `${label(x.key)} (${Math.round(x.score)})`)
      .join(' and ');
    parts.push(`Your scan shows room to improve in ${m}`);
  }
  if (c.matchedConcerns.length > 0) {
    const said = c.matchedConcerns.map((x) => CONCERN_WORDS[x]).join(' and ');
    parts.push(parts.length ? `, and you asked about ${said}` : `You asked about ${said}`);
  }
  if (parts.length === 0 && forcedGentle) parts.push('Your skin needs a calm, gentle start');
  return `${parts.join('')}: ${boosterNeedRule(c.booster).does}.`;
}

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

/**
 * Up to two boosters, best need first, a second from another category where one fits; never a
 * pair that must not share an evening (the closer match stays), a retinoid and an acid split
 * between morning and evening. Notes say what was left out and why.
 */
function chooseBoosters(input: RecommendInput, gentle: boolean, notes: string[]) {
  const ranked = rankBoosters(input);
  const excludedForGentle = new Set<string>();
  let pool = ranked;
  if (gentle) {
    pool = ranked.filter((c) => {
      const harsh = c.booster.flags.containsRetinoid || c.booster.flags.containsExfoliatingAcid;
      if (harsh && c.need >= MIN_BOOSTER_NEED) excludedForGentle.add(c.booster.id);
      return !harsh;
    });
    // CalmBarrier leads in gentle mode.
    const calmIdx = pool.findIndex((c) => c.booster.id === 'calmbarrier');
    if (calmIdx > 0) pool = [pool[calmIdx]!, ...pool.slice(0, calmIdx), ...pool.slice(calmIdx + 1)];
  }

  const chosen: Candidate[] = [];
  const dropped = new Map<string, { keptFor: Candidate; why: string }>();
  const eligible = (c: Candidate) =>
    c.need >= MIN_BOOSTER_NEED || (gentle && c.booster.id === 'calmbarrier');
  // Two passes: the first prefers a second booster from a different category, the second fills up.
  for (const preferNewCategory of [true, false]) {
    for (const c of pool) {
      if (chosen.length >= 2) break;
      if (!eligible(c) || chosen.includes(c)) continue;
      const clash = chosen
        .map((k) => ({ k, conflict: eveningConflict(k.booster, c.booster) }))
        .find((x) => x.conflict?.action === 'drop');
      if (clash?.conflict) {
        if (!dropped.has(c.booster.id))
          dropped.set(c.booster.id, { keptFor: clash.k, why: clash.conflict.why });
        continue;
      }
      if (preferNewCategory && chosen.some((k) => k.booster.category === c.booster.category))
        continue;
      chosen.push(c);
    }
  }

  for (const [id, { keptFor, why }] of dropped) {
    const d = input.catalogue.booster(id);
    notes.push(
      `${d.name} was a good match too, but ${why}, so we kept ${keptFor.booster.name} (your closer match) and left ${d.name} out for now.`,
    );
  }

  // Retinoid + acid: the acid moves to the morning so they never share an evening.
  const timeOf = new Map<string, TimeOfUse>(
    chosen.map((c) => [c.booster.id, timeOfUseFor(c.booster)]),
  );
  const movedToMorning = new Set<string>();
  const [first, second] = chosen;
  if (first && second && eveningConflict(first.booster, second.booster)?.action === 'move') {
    const acid = first.booster.flags.containsExfoliatingAcid ? first.booster : second.booster;
    const retinoid = acid === first.booster ? second.booster : first.booster;
    timeOf.set(acid.id, 'AM');
    movedToMorning.add(acid.id);
    notes.push(
      `${retinoid.name} (a retinoid) and ${acid.name} (an exfoliating acid) should not be used on the same evening, so we moved ${acid.name} to your morning routine, under sunscreen, and kept ${retinoid.name} for the evening.`,
    );
  }
  if (excludedForGentle.size > 0) {
    const names = [...excludedForGentle].map((id) => input.catalogue.booster(id).name);
    notes.push(
      `While your skin is settling we left out ${joinAnd(names)} (exfoliating acids or a retinoid). After about four weeks of calm, comfortable skin you can introduce ${names.length > 1 ? 'them one at a time' : 'it'}, starting two evenings a week.`,
    );
  }
  if (chosen.length === 0) {
    notes.push(
      'Your results look balanced, so no booster is needed right now: your base, moisturiser and sunscreen are enough.',
    );
  }

  const boosters = chosen.map((c) => ({
    id: c.booster.id,
    name: c.booster.name,
    time_of_use: timeOf.get(c.booster.id)!,
    reason: boosterReason(c, gentle),
  }));

  return { chosen, timeOf, movedToMorning, boosters };
}

/** The sunscreen's SPF for the place's UV and the routine's photosensitivity, and why. */
function chooseSunscreen(
  input: RecommendInput,
  chosen: readonly Candidate[],
  notes: string[],
): { sun: ReturnType<typeof spfForUv>; sunReason: string } {
  const { scores, concerns, environment } = input;
  const photosensitive =
    chosen.some(
      (c) => c.booster.flags.containsExfoliatingAcid || c.booster.flags.containsRetinoid,
    ) ||
    concerns.includes('hyperpigmentation') ||
    (scoreOf(scores, 'dark_spots') ?? 100) < GENTLE_BELOW;
  const uv = environment?.uv_index ?? null;
  const sun = spfForUv(uv, photosensitive);
  let sunReason: string;
  if (sun.band == null) {
    sunReason =
      'We do not know the UV index for your place right now, so SPF 30 daily, and SPF 50 on sunny days or outdoors.';
  } else {
    sunReason = `The UV index where you are is ${formatUv(uv!)} (${sun.band}), so SPF ${sun.spf}`;
    if (sun.spf === 50 && sun.band === 'moderate')
      sunReason +=
        ', higher than usual because your routine or concerns make skin more sun-sensitive';
    sunReason += sun.reapply ? '; reapply every two hours outdoors.' : '.';
    if (sun.reapply) {
      notes.push(
        `UV is ${sun.band} today: use SPF ${sun.spf}, reapply every two hours outdoors and after sweating or swimming, and look for shade around midday.`,
      );
    }
  }

  return { sun, sunReason };
}

/** The moisturiser's texture for the skin and the air (dry or cold, humid or hot), and why. */
function chooseMoisturiser(
  input: RecommendInput,
  skinType: SkinType,
  isOily: boolean,
  notes: string[],
) {
  const { environment } = input;
  const moist = moisturiserFor(skinType, isOily, environment);
  const moisturiser = MOISTURISERS[moist.texture];
  let moistReason = moisturiser.reason(skinType);
  if (moist.climate === 'dry-cold') {
    const bits: string[] = [];
    if (environment?.humidity != null && environment.humidity < DRY_AIR_HUMIDITY_BELOW)
      bits.push(`humidity is ${Math.round(environment.humidity)}%`);
    if (environment?.temperature_c != null && environment.temperature_c < COLD_BELOW_C)
      bits.push(`it is ${Math.round(environment.temperature_c)}°C`);
    if (bits.length === 0) bits.push('it is winter');
    moistReason = `The air is dry or cold (${bits.join(', ')}), which pulls water from the skin: a richer cream seals it in.${isOily ? ' Choose a non-comedogenic one.' : ''}`;
    notes.push(
      `Dry or cold air today (${bits.join(', ')}): a richer moisturiser helps; skip very hot water when cleansing.`,
    );
  } else if (moist.climate === 'humid') {
    const bits: string[] = [];
    if (environment?.humidity != null && environment.humidity > HUMID_ABOVE)
      bits.push(`humidity is ${Math.round(environment.humidity)}%`);
    if (environment?.temperature_c != null && environment.temperature_c > HOT_ABOVE_C)
      bits.push(`it is ${Math.round(environment.temperature_c)}°C`);
    moistReason = `The air is humid or hot (${bits.join(', ')}) and your skin tends to oiliness: a light gel hydrates without heaviness.`;
    notes.push(
      `Humid or hot weather (${bits.join(', ')}): a light gel moisturiser is enough; blotting papers help with midday shine.`,
    );
  }

  return { moist, moisturiser, moistReason };
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

function boosterStep(
  c: Candidate,
  when: 'AM' | 'PM',
  boosters: Recommendation['boosters'],
  moved: boolean,
): Omit<RoutineStep, 'step'> {
  const rec = boosters.find((b) => b.id === c.booster.id)!;
  let instruction = c.booster.howToUse;
  if (c.booster.timeOfUse === 'AM/PM')
    instruction = `${when === 'AM' ? 'Morning' : 'Evening'}: a few drops after your base.`;
  if (moved)
    instruction =
      'Mornings, a few drops after your base and always under sunscreen; start 3 mornings a week.';
  return {
    kind: 'booster',
    name: c.booster.name,
    product_id: c.booster.id,
    instruction,
    reason: rec.reason,
  };
}

const MOISTURISERS: Record<MoisturiserTexture, { name: string; reason: (t: SkinType) => string }> =
  {
    rich: {
      name: 'Rich barrier cream',
      reason: (t) =>
        `Your skin type is ${t}: a richer cream with ceramides and shea keeps it comfortable all day.`,
    },
    gel: {
      name: 'Light gel moisturiser',
      reason: () => 'A light, oil-free gel hydrates without adding shine.',
    },
    'gel-cream': {
      name: 'Oil-free gel-cream',
      reason: (t) =>
        `Your skin type is ${t}: an oil-free gel-cream hydrates without clogging pores or adding shine.`,
    },
    lotion: {
      name: 'Lightweight lotion',
      reason: () => 'A lightweight lotion keeps balanced skin hydrated without heaviness.',
    },
  };

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

function joinAnd(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

function formatUv(uv: number): string {
  return (Math.round(uv * 10) / 10).toString();
}
