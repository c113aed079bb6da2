import {
  type BoosterId,
  type MetricKey,
  type Recommendation,
  type RoutineStep,
  type ScanConcern,
  type TimeOfUse,
} from '@lumiskin/contract/analysis';
import type { Booster } from '@lumiskin/contract/formulations';
import { activesOfFlags, conflictBetween } from './conflicts';
import type { RecommendInput } from './recommend';
import { joinAnd, label, scoreOf } from './words';

/** Boosters: each one's need from the scores and concerns, the pair chosen, when each is used. */

/** A booster must reach this need to be chosen (e.g. a weight-1 metric at 70 or below, or a chosen concern). */
export const MIN_BOOSTER_NEED = 10;

/** Need added when the person picked a concern chip the booster answers. */
const CONCERN_BONUS = 20;

/** Scores at or above this ('good' band) add no need. */
const GOOD = 80;

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

/** Weights of a booster's targets in the order they are listed (the first is its main one). */
const TARGET_WEIGHTS = [1, 0.9, 0.7, 0.6, 0.5] as const;

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

export interface Candidate {
  booster: Booster;
  order: number;
  need: number;
  /** The metrics and concerns that produced the need, for the reason. */
  lowMetrics: { key: MetricKey; score: number }[];
  matchedConcerns: ScanConcern[];
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
 * Why two boosters may not share an evening, or null when they may: the routine conflict table
 * (conflicts.ts) applied to the boosters' ingredient flags. A pair the table can part by time of
 * day is fixed by moving one to the morning ('move'); two acids over-exfoliate whenever they meet ('drop').
 */
function eveningConflict(a: Booster, b: Booster): { action: 'move' | 'drop'; why: string } | null {
  if (!usedInEvening(a.timeOfUse) || !usedInEvening(b.timeOfUse)) return null;
  const def = conflictBetween(activesOfFlags(a.flags), activesOfFlags(b.flags));
  return def ? { action: def.interpreter, why: def.why } : null;
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

/**
 * Up to two boosters, best need first, a second from another category where one fits; never a
 * pair that must not share an evening (the closer match stays), a retinoid and an acid split
 * between morning and evening. Notes say what was left out and why.
 */
export function chooseBoosters(input: RecommendInput, gentle: boolean, notes: string[]) {
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

export function boosterStep(
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
