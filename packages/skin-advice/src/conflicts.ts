import type { FormulationFlags } from '@lumiskin/contract/formulations';
import {
  formatDays,
  type ApplicationTime,
  type ConflictRule,
  type RoutineConflict,
  type RoutineProduct,
  type SplitSuggestion,
} from '@lumiskin/contract/routine';
import { BASES, BOOSTERS } from './builtin-catalogue';

/**
 * Which actives must not share a session: the one table behind both the interpreter's routines
 * (boosters.ts) and the warnings on steps people add themselves. Sources: our Learn articles
 * "Retinoids: a beginner's guide" (acids on different evenings; be cautious with benzoyl
 * peroxide), "Vitamin C explained" (benzoyl peroxide at a different time, it can oxidise vitamin
 * C) and "Building a routine" (a retinoid or an acid, not both on the same night).
 * docs/product-rules.md#routine-conflicts lists them in words.
 */
export type Active = 'retinoid' | 'exfoliating_acid' | 'benzoyl_peroxide' | 'vitamin_c';

interface ConflictRuleDef {
  rule: ConflictRule;
  actives: [Active, Active];
  /** Why, in a clause that follows the two names. */
  why: string;
  /** Where each belongs when one moves to the other time of day; null = only alternate days. */
  home: Partial<Record<Active, ApplicationTime>> | null;
  /** What the interpreter does with two boosters that meet: move one, or keep only the closer match. */
  interpreter: 'move' | 'drop';
}

export const CONFLICT_TABLE: readonly ConflictRuleDef[] = [
  {
    rule: 'retinoid_with_acid',
    actives: ['retinoid', 'exfoliating_acid'],
    why: 'a retinoid and an exfoliating acid on the same evening can irritate the skin',
    home: { retinoid: 'evening', exfoliating_acid: 'morning' },
    interpreter: 'move',
  },
  {
    rule: 'two_acids',
    actives: ['exfoliating_acid', 'exfoliating_acid'],
    why: 'two exfoliating acids in one routine can over-exfoliate the skin',
    home: null,
    interpreter: 'drop',
  },
  {
    rule: 'benzoyl_peroxide_with_retinoid',
    actives: ['retinoid', 'benzoyl_peroxide'],
    why: 'benzoyl peroxide with a retinoid in one session dries and irritates the skin, and can break some retinoids down',
    home: { retinoid: 'evening', benzoyl_peroxide: 'morning' },
    interpreter: 'move',
  },
  {
    rule: 'benzoyl_peroxide_with_vitamin_c',
    actives: ['vitamin_c', 'benzoyl_peroxide'],
    why: 'benzoyl peroxide can oxidise vitamin C, so neither works as well',
    home: { vitamin_c: 'morning', benzoyl_peroxide: 'evening' },
    interpreter: 'move',
  },
];

const ACTIVE_WORDS: Record<Active, string> = {
  retinoid: 'a retinoid',
  exfoliating_acid: 'an exfoliating acid',
  benzoyl_peroxide: 'benzoyl peroxide',
  vitamin_c: 'vitamin C',
};

/** The actives of a catalogue formulation, from its ingredient flags. */
export function activesOfFlags(flags: FormulationFlags): Set<Active> {
  const actives = new Set<Active>();
  if (flags.containsRetinoid) actives.add('retinoid');
  if (flags.containsExfoliatingAcid) actives.add('exfoliating_acid');
  if (flags.containsVitaminC) actives.add('vitamin_c');
  return actives;
}

/** The rule two sets of actives break by meeting in one session, or null. */
export function conflictBetween(
  a: ReadonlySet<Active>,
  b: ReadonlySet<Active>,
): ConflictRuleDef | null {
  for (const def of CONFLICT_TABLE) {
    const [x, y] = def.actives;
    if ((a.has(x) && b.has(y)) || (a.has(y) && b.has(x))) return def;
  }
  return null;
}

const PATTERNS: Record<Active, RegExp> = {
  retinoid:
    /\bretin(ol|al|aldehyde|oid|oids|yl|oic)\b|\btretinoin\b|\badapalene\b|\btazarotene\b|\btrifarotene\b|\bgranactive\b/,
  exfoliating_acid:
    /\b(aha|bha|pha)s?\b|\bglycolic\b|\blactic acid\b|\bmandelic\b|\bsalicylic\b|\bmalic acid\b|\bgluconolactone\b|\blactobionic\b|\bexfoliating acids?\b|\bchemical peel\b/,
  benzoyl_peroxide: /\bbenzoyl peroxide\b|\bbpo\b/,
  vitamin_c: /\bvitamin c\b|\bascorbic\b|\bascorbyl\b|\bascorbate\b/,
};

const CATALOGUE = [...BASES, ...BOOSTERS];

type StepForCheck = Pick<
  RoutineProduct,
  'id' | 'name' | 'type' | 'purpose' | 'notes' | 'application_time' | 'days'
>;

/**
 * The actives a routine step holds. A step named after one of our formulations takes that
 * formulation's ingredient flags (the interpreter writes such steps); any other step is read from
 * its type ('retinol') and the words of its name, purpose and notes ("2% BHA toner").
 */
export function activesOfStep(step: Pick<StepForCheck, 'name' | 'type' | 'purpose' | 'notes'>) {
  const name = step.name.toLowerCase();
  const formulation = CATALOGUE.find((f) => name.includes(f.name.toLowerCase()));
  if (formulation) return activesOfFlags(formulation.flags);
  const actives = new Set<Active>();
  if (step.type === 'retinol') actives.add('retinoid');
  const text = `${step.name}\n${step.purpose}\n${step.notes}`.toLowerCase();
  for (const [active, pattern] of Object.entries(PATTERNS) as [Active, RegExp][]) {
    if (pattern.test(text)) actives.add(active);
  }
  return actives;
}

const ALL_DAYS = [1, 2, 3, 4, 5, 6, 7];
/** The alternate split's default: the first named on Mon, Wed, Fri, the other on the rest. */
const ALTERNATE_DAYS = [1, 3, 5];

function sharesADay(a: readonly number[], b: readonly number[]): boolean {
  if (a.length === 0 || b.length === 0) return true;
  return a.some((d) => b.includes(d));
}

const sessionWord = (time: ApplicationTime) => (time === 'morning' ? 'mornings' : 'evenings');

function daysPhrase(days: readonly number[]): string {
  const names = formatDays(days).split(', ');
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

function suggestions(
  def: ConflictRuleDef,
  first: StepForCheck,
  second: StepForCheck,
  firstActive: Active,
  secondActive: Active,
  time: ApplicationTime,
): SplitSuggestion[] {
  const out: SplitSuggestion[] = [];
  // Alternate days: keep the first one's fixed days if it has some, the other takes the rest.
  const firstDays =
    first.days.length > 0 && first.days.length < 7 ? [...first.days] : ALTERNATE_DAYS;
  const secondDays = ALL_DAYS.filter((d) => !firstDays.includes(d));
  out.push({
    kind: 'alternate',
    label: `${first.name} on ${daysPhrase(firstDays)} ${sessionWord(time)}, ${second.name} on the other ${sessionWord(time)} (${daysPhrase(secondDays)})`,
    changes: [
      { product_id: first.id, application_time: time, days: firstDays },
      { product_id: second.id, application_time: time, days: secondDays },
    ],
  });
  if (def.home) {
    const firstHome = def.home[firstActive];
    const secondHome = def.home[secondActive];
    const mover =
      secondHome && secondHome !== time
        ? { step: second, to: secondHome, stays: first }
        : firstHome && firstHome !== time
          ? { step: first, to: firstHome, stays: second }
          : null;
    if (mover) {
      out.push({
        kind: 'move',
        label: `${mover.step.name} in the ${mover.to}, ${mover.stays.name} in the ${time}`,
        changes: [{ product_id: mover.step.id, application_time: mover.to, days: mover.step.days }],
      });
    }
  }
  return out;
}

/**
 * Every pair of steps that share a session (the same time of day on at least one shared weekday;
 * a step without fixed days meets every day) and whose actives must not meet, each with the
 * splits that would part them. Steps are compared in the order given.
 */
export function findRoutineConflicts(steps: readonly StepForCheck[]): RoutineConflict[] {
  const withActives = steps.map((step) => ({ step, actives: activesOfStep(step) }));
  const conflicts: RoutineConflict[] = [];
  for (let i = 0; i < withActives.length; i += 1) {
    for (let j = i + 1; j < withActives.length; j += 1) {
      const a = withActives[i]!;
      const b = withActives[j]!;
      if (a.step.application_time !== b.step.application_time) continue;
      if (!sharesADay(a.step.days, b.step.days)) continue;
      const def = conflictBetween(a.actives, b.actives);
      if (!def) continue;
      // Order the pair as the rule names its actives (the retinoid first, vitamin C first…).
      const [x, y] = def.actives;
      const aFirst = a.actives.has(x) && b.actives.has(y);
      const [first, second] = aFirst ? [a.step, b.step] : [b.step, a.step];
      const time = a.step.application_time;
      const ids = [first.id, second.id].sort();
      conflicts.push({
        id: `${def.rule}:${ids.join(':')}`,
        rule: def.rule,
        product_ids: [first.id, second.id],
        application_time: time,
        message: `${first.name} (${ACTIVE_WORDS[x]}) and ${second.name} (${ACTIVE_WORDS[y]}) share your ${time} routine: ${def.why.replace('on the same evening ', 'in one session ').replace('in one routine ', 'in one session ')}.`,
        suggestions: suggestions(def, first, second, x, y, time),
      });
    }
  }
  return conflicts;
}
