import { describe, expect, it } from 'vitest';
import {
  COMPREHENSIVE_METRICS,
  Recommendation,
  Routine,
  SCAN_CONCERNS,
  type Environment,
  type MetricKey,
  type ScanConcern,
} from '@lumiskin/contract/analysis';
import { SKIN_TYPES, type SkinType } from '@lumiskin/contract/auth';
import { catalogue } from '../test/catalogue';
import { createCatalogue } from './catalogue';
import { boosterNeedRule } from './boosters';
import { spfForUv } from './climate';
import { findRoutineConflicts } from './conflicts';
import { recommend as recommendFrom, type RecommendInput } from './recommend';

const recommend = (input: Omit<RecommendInput, 'catalogue'>) =>
  recommendFrom({ ...input, catalogue });
const getBooster = catalogue.booster;

const healthy: Partial<Record<MetricKey, number>> = Object.fromEntries(
  COMPREHENSIVE_METRICS.map((k) => [k, 88]),
);

function env(overrides: Partial<Environment> = {}): Environment {
  return {
    uv_index: 2,
    uv_level: 'low',
    season: 'spring',
    hemisphere: 'northern',
    humidity: 55,
    temperature_c: 16,
    weather_source: 'live',
    ...overrides,
  };
}

function run(
  overrides: Partial<Omit<RecommendInput, 'catalogue'>> & {
    scores?: Partial<Record<MetricKey, number>>;
  } = {},
) {
  return recommend({
    estimatedSkinType: 'normal',
    concerns: [],
    environment: env(),
    ...overrides,
    scores: { ...healthy, ...overrides.scores },
  });
}

const boosterIds = (r: ReturnType<typeof recommend>) => r.recommendation.boosters.map((b) => b.id);
const stepNames = (steps: Routine['morning']) => steps.map((s) => s.name);

/** Deterministic pseudo-random inputs (LCG) so the property checks below cover many combinations. */
function* inputGrid(n: number): Generator<Omit<RecommendInput, 'catalogue'>> {
  let seed = 12345;
  const rnd = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  for (let i = 0; i < n; i++) {
    const scores: Partial<Record<MetricKey, number>> = {};
    for (const k of COMPREHENSIVE_METRICS)
      if (rnd() < 0.85) scores[k] = Math.round(20 + rnd() * 80);
    const concerns = SCAN_CONCERNS.filter(() => rnd() < 0.3) as ScanConcern[];
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)]!;
    yield {
      scores,
      concerns,
      estimatedSkinType: pick(SKIN_TYPES),
      profileSkinType: rnd() < 0.5 ? pick(SKIN_TYPES) : null,
      environment:
        rnd() < 0.2
          ? null
          : env({
              uv_index: Math.round(rnd() * 120) / 10,
              humidity: Math.round(rnd() * 100),
              temperature_c: Math.round(-10 + rnd() * 45),
            }),
    };
  }
}

describe('recommend: the routine it writes passes the same conflict check as steps people add', () => {
  it('never puts two conflicting steps in one session', () => {
    let withRetinoidAndAcid = 0;
    for (const input of inputGrid(400)) {
      const r = recommend(input);
      const steps = (['morning', 'evening'] as const).flatMap((time) =>
        r.routine[time].map((s, i) => ({
          id: `${time}-${i}`,
          name: s.name,
          type: 'treatment' as const,
          purpose: s.reason,
          notes: s.instruction,
          application_time: time,
          days: [],
        })),
      );
      expect(findRoutineConflicts(steps)).toEqual([]);
      const ids = boosterIds(r);
      if (
        ids.includes('renewlift') &&
        (ids.includes('clearcomplex') || ids.includes('texturerefine'))
      )
        withRetinoidAndAcid += 1;
    }
    // The grid does reach the case the rule is about.
    expect(withRetinoidAndAcid).toBeGreaterThan(0);
  });
});

describe('recommend: shape and determinism', () => {
  it('always returns exactly one base, at most two boosters and valid routines', () => {
    for (const input of inputGrid(400)) {
      const r = recommend(input);
      expect(Recommendation.parse(r.recommendation)).toEqual(r.recommendation);
      expect(Routine.parse(r.routine)).toEqual(r.routine);
      expect(r.recommendation.boosters.length).toBeLessThanOrEqual(2);
      expect(new Set(boosterIds(r)).size).toBe(r.recommendation.boosters.length);
      expect(r.routine.morning.filter((s) => s.kind === 'base')).toHaveLength(1);
      expect(r.routine.evening.filter((s) => s.kind === 'base')).toHaveLength(1);
      for (const s of [...r.routine.morning, ...r.routine.evening])
        expect(s.reason.length).toBeGreaterThan(10);
      for (const b of r.recommendation.boosters) expect(b.reason.length).toBeGreaterThan(10);
    }
  });

  it('is deterministic: the same input gives the same output', () => {
    for (const input of inputGrid(50))
      expect(recommend(input)).toEqual(recommend(structuredClone(input)));
  });

  it('orders the morning cleanser, base, boosters, moisturiser, sunscreen and numbers steps from 1', () => {
    const r = run({ scores: { radiance: 55 }, concerns: ['hyperpigmentation'] });
    expect(r.routine.morning.map((s) => s.kind)).toEqual([
      'cleanser',
      'base',
      'booster',
      'moisturizer',
      'sunscreen',
    ]);
    expect(r.routine.morning.map((s) => s.step)).toEqual([1, 2, 3, 4, 5]);
    expect(r.routine.evening.map((s) => s.kind)).not.toContain('sunscreen');
    expect(r.routine.evening[0]!.kind).toBe('cleanser');
    expect(r.routine.evening.at(-1)!.kind).toBe('moisturizer');
  });
});

describe('recommend: skin type', () => {
  it('uses the profile skin type over the estimate', () => {
    const r = run({ profileSkinType: 'dry', estimatedSkinType: 'oily' });
    expect(r.recommendation.skin_type).toBe('dry');
    expect(r.recommendation.skin_type_source).toBe('profile');
    expect(r.recommendation.base.id).toBe('aquahydra');
  });

  it('falls back to the estimate and says so', () => {
    const r = run({ profileSkinType: null, estimatedSkinType: 'oily' });
    expect(r.recommendation.skin_type).toBe('oily');
    expect(r.recommendation.skin_type_source).toBe('estimated');
    expect(r.recommendation.base.id).toBe('sebobalance');
    expect(r.recommendation.notes.join(' ')).toMatch(/estimate/);
  });
});

describe('recommend: base', () => {
  it('picks SeboBalance for oily skin, with a reason naming the score', () => {
    const r = run({ estimatedSkinType: 'combination', scores: { oiliness: 48 } });
    expect(r.recommendation.base.id).toBe('sebobalance');
    expect(r.recommendation.base.name).toBe('SeboBalance');
    expect(r.recommendation.base.reason).toContain('48');
  });

  it('picks AquaHydra for dry skin and for balanced skin', () => {
    expect(run({ profileSkinType: 'dry', scores: { hydration: 52 } }).recommendation.base.id).toBe(
      'aquahydra',
    );
    expect(run({ profileSkinType: 'normal' }).recommendation.base.id).toBe('aquahydra');
  });

  it('picks SeboBalance for normal skin when the person asks about acne', () => {
    expect(run({ profileSkinType: 'normal', concerns: ['acne'] }).recommendation.base.id).toBe(
      'sebobalance',
    );
  });
});

describe('recommend: boosters', () => {
  it('chooses boosters that answer the lowest scores, with reasons tied to them', () => {
    const r = run({ estimatedSkinType: 'oily', scores: { acne: 50, blackheads: 60 } });
    expect(boosterIds(r)[0]).toBe('clearcomplex');
    expect(r.recommendation.boosters[0]!.reason).toMatch(/acne \(50\)/);
  });

  it('chooses none when everything looks good and nothing was asked for', () => {
    const r = run();
    expect(r.recommendation.boosters).toEqual([]);
    expect(r.routine.morning.some((s) => s.kind === 'booster')).toBe(false);
    expect(r.recommendation.notes.join(' ')).toMatch(/no booster is needed/);
  });

  it('follows a chosen concern even when the scores look good', () => {
    const r = run({ concerns: ['texture'] });
    expect(boosterIds(r)).toEqual(['texturerefine']);
    expect(r.recommendation.boosters[0]!.reason).toMatch(/you asked about texture/i);
  });

  it('prefers a second booster from another category over a second of the same kind', () => {
    const r = run({ concerns: ['hyperpigmentation'], scores: { dark_spots: 50, acne: 65 } });
    expect(boosterIds(r)).toEqual(['eventone', 'clearcomplex']);
  });

  it('uses two of the same category when nothing else is needed', () => {
    const r = run({ concerns: ['hyperpigmentation'], scores: { dark_spots: 50 } });
    expect(boosterIds(r).sort()).toEqual(['brightradiance', 'eventone']);
  });
});

describe('recommend: ingredient rules', () => {
  it('never puts a retinoid and an exfoliating acid in the same evening (400 varied inputs)', () => {
    let sawBoth = 0;
    for (const input of inputGrid(400)) {
      const r = recommend(input);
      const evening = r.routine.evening
        .filter((s) => s.kind === 'booster')
        .map((s) => getBooster(s.product_id as never));
      const retinoid = evening.some((b) => b.flags.containsRetinoid);
      const acids = evening.filter((b) => b.flags.containsExfoliatingAcid).length;
      expect(retinoid && acids > 0).toBe(false);
      expect(acids).toBeLessThanOrEqual(1);
      const ids = boosterIds(r);
      if (
        ids.includes('renewlift') &&
        (ids.includes('clearcomplex') || ids.includes('texturerefine'))
      )
        sawBoth++;
    }
    expect(sawBoth).toBeGreaterThan(0);
  });

  it('moves the acid to the morning when a retinoid is chosen with it, and says so', () => {
    const r = run({
      estimatedSkinType: 'oily',
      concerns: ['acne', 'aging'],
      scores: { acne: 50, fine_lines: 55 },
    });
    expect(boosterIds(r).sort()).toEqual(['clearcomplex', 'renewlift']);
    const clear = r.recommendation.boosters.find((b) => b.id === 'clearcomplex')!;
    expect(clear.time_of_use).toBe('AM');
    expect(stepNames(r.routine.morning)).toContain('ClearComplex');
    expect(stepNames(r.routine.evening)).not.toContain('ClearComplex');
    expect(stepNames(r.routine.evening)).toContain('RenewLift');
    expect(r.recommendation.notes.join(' ')).toMatch(
      /RenewLift .*ClearComplex.* same evening.*moved ClearComplex/,
    );
  });

  it('never chooses two exfoliating acids, naming the one left out', () => {
    const r = run({
      estimatedSkinType: 'oily',
      concerns: ['acne', 'texture'],
      scores: { acne: 50, texture: 52 },
    });
    const ids = boosterIds(r);
    expect(ids).toContain('clearcomplex');
    expect(ids).not.toContain('texturerefine');
    expect(r.recommendation.notes.join(' ')).toMatch(/TextureRefine .*left TextureRefine out/);
  });

  it('puts vitamin C in the morning only', () => {
    const r = run({ scores: { radiance: 50 } });
    const bright = r.recommendation.boosters.find((b) => b.id === 'brightradiance');
    expect(bright?.time_of_use).toBe('AM');
    expect(stepNames(r.routine.morning)).toContain('BrightRadiance');
    expect(stepNames(r.routine.evening)).not.toContain('BrightRadiance');
    // The morning step sits before moisturiser and sunscreen.
    const names = stepNames(r.routine.morning);
    expect(names.indexOf('BrightRadiance')).toBeLessThan(names.findIndex((n) => n.includes('SPF')));
  });

  it('uses CalmBarrier morning and evening', () => {
    const r = run({ profileSkinType: 'sensitive' });
    expect(r.recommendation.boosters[0]).toMatchObject({ id: 'calmbarrier', time_of_use: 'AM/PM' });
    expect(stepNames(r.routine.morning)).toContain('CalmBarrier');
    expect(stepNames(r.routine.evening)).toContain('CalmBarrier');
  });

  it.each<[string, Partial<RecommendInput> & { scores?: Partial<Record<MetricKey, number>> }]>([
    ['a sensitive profile', { profileSkinType: 'sensitive' }],
    ['a low redness score', { scores: { redness: 52 } }],
    ['a low sensitivity score', { scores: { sensitivity: 45 } }],
    ['the sensitivity concern', { concerns: ['sensitivity'] }],
  ])(
    'gives gentler choices for %s: BarrierRepair, CalmBarrier, no acid or retinoid',
    (_name, o) => {
      const r = run({
        estimatedSkinType: 'oily',
        ...o,
        concerns: ['acne', 'aging', 'texture', ...(o.concerns ?? [])],
        scores: { acne: 45, fine_lines: 50, texture: 50, ...o.scores },
      });
      expect(r.recommendation.base.id).toBe('barrierrepair');
      expect(boosterIds(r)[0]).toBe('calmbarrier');
      for (const id of boosterIds(r)) {
        const b = getBooster(id);
        expect(b.flags.containsRetinoid || b.flags.containsExfoliatingAcid).toBe(false);
      }
      expect(r.recommendation.notes.join(' ')).toMatch(
        /left out .*ClearComplex.*RenewLift.*TextureRefine/,
      );
    },
  );

  it('keeps acids and retinoids available when the skin is not sensitive', () => {
    const r = run({ estimatedSkinType: 'normal', concerns: ['aging'], scores: { fine_lines: 50 } });
    expect(boosterIds(r)).toContain('renewlift');
    expect(r.recommendation.base.id).not.toBe('barrierrepair');
  });
});

describe('recommend: sunscreen by UV index', () => {
  it.each([
    [0.5, 30],
    [2.9, 30],
    [4, 30],
    [6, 50],
    [7.5, 50],
    [11, 50],
  ])('UV %s → SPF %s', (uv, spf) => {
    const r = run({ environment: env({ uv_index: uv }) });
    expect(r.recommendation.spf).toBe(spf);
    expect(r.routine.morning.at(-1)).toMatchObject({
      kind: 'sunscreen',
      name: `Broad-spectrum sunscreen SPF ${spf}`,
    });
    expect(r.routine.morning.at(-1)!.reason).toContain(`SPF ${spf}`);
  });

  it('adds a reapply note for high UV only', () => {
    expect(run({ environment: env({ uv_index: 8.2 }) }).recommendation.notes.join(' ')).toMatch(
      /reapply every two hours/,
    );
    expect(run({ environment: env({ uv_index: 2 }) }).recommendation.notes.join(' ')).not.toMatch(
      /reapply/,
    );
  });

  it('raises moderate UV to SPF 50 with an exfoliating acid or a dark-spot focus', () => {
    expect(
      run({ environment: env({ uv_index: 4 }), concerns: ['texture'] }).recommendation.spf,
    ).toBe(50);
    expect(
      run({ environment: env({ uv_index: 4 }), concerns: ['hyperpigmentation'] }).recommendation
        .spf,
    ).toBe(50);
    expect(
      run({ environment: env({ uv_index: 1 }), concerns: ['texture'] }).recommendation.spf,
    ).toBe(30);
  });

  it('chooses by the day’s midday peak, not the moment of an evening scan', () => {
    // An evening scan in June: 0 now, a clear day's midday reaches 7.6.
    const r = run({ environment: env({ uv_index: 0, uv_level: 'low', uv_index_max: 7.6 }) });
    expect(r.recommendation.spf).toBe(50);
    const reason = r.routine.morning.at(-1)!.reason;
    expect(reason).toContain('reaches 7.6 (high) at midday on a clear day, so SPF 50');
    expect(reason).not.toMatch(/ is 0 /);
    // A winter's day whose peak is low keeps SPF 30, and says why from the peak.
    const winter = run({ environment: env({ uv_index: 0, uv_index_max: 0.9 }) });
    expect(winter.recommendation.spf).toBe(30);
    expect(winter.routine.morning.at(-1)!.reason).toContain('reaches 0.9 (low) at midday');
  });

  it('uses SPF 30 when the UV index is unknown, and says so', () => {
    const r = run({ environment: null });
    expect(r.recommendation.spf).toBe(30);
    expect(r.routine.morning.at(-1)!.reason).toMatch(/do not know the UV index/);
    expect(spfForUv(null, true).spf).toBe(30);
  });
});

describe('recommend: climate', () => {
  it('gives a richer moisturiser in dry, cold air', () => {
    const r = run({
      estimatedSkinType: 'normal',
      environment: env({ humidity: 25, temperature_c: 2 }),
    });
    const m = r.routine.morning.find((s) => s.kind === 'moisturizer')!;
    expect(m.name).toBe('Rich barrier cream');
    expect(m.reason).toMatch(/humidity is 25%/);
    expect(r.recommendation.notes.join(' ')).toMatch(/Dry or cold air/);
  });

  it('treats winter as cold when no temperature is known', () => {
    const r = run({
      environment: env({
        humidity: null,
        temperature_c: null,
        season: 'winter',
        weather_source: 'unknown',
      }),
    });
    const m = r.routine.morning.find((s) => s.kind === 'moisturizer')!;
    expect(m.name).toBe('Rich barrier cream');
    // Nothing was measured (the card says so): the season's usual air, said as such.
    expect(m.reason).toMatch(/^It is winter where you are, when the air is usually dry or cold/);
    const notes = r.recommendation.notes.join(' ');
    expect(notes).toMatch(/Winter air is usually dry or cold/);
    expect(notes).not.toMatch(/today/);
  });

  it('gives a light gel to oily skin in humid air, but not to dry skin', () => {
    const humid = env({ humidity: 85, temperature_c: 24 });
    const oily = run({ estimatedSkinType: 'oily', environment: humid });
    expect(oily.routine.morning.find((s) => s.kind === 'moisturizer')!.name).toBe(
      'Light gel moisturiser',
    );
    expect(oily.recommendation.notes.join(' ')).toMatch(/Humid/);
    const dry = run({ profileSkinType: 'dry', environment: humid });
    expect(dry.routine.morning.find((s) => s.kind === 'moisturizer')!.name).not.toBe(
      'Light gel moisturiser',
    );
  });

  it('uses a lightweight lotion for balanced skin in mild weather', () => {
    const r = run({ profileSkinType: 'normal' });
    expect(r.routine.morning.find((s) => s.kind === 'moisturizer')!.name).toBe(
      'Lightweight lotion',
    );
  });
});

describe('recommend: dermatologist', () => {
  it.each<[MetricKey, number, boolean]>([
    ['acne', 30, true],
    ['redness', 35, true],
    ['sensitivity', 25, true],
    ['acne', 45, false],
    ['dark_spots', 20, false],
  ])('%s at %s → see_dermatologist %s', (metric, score, expected) => {
    const r = run({ scores: { [metric]: score } });
    expect(r.recommendation.see_dermatologist).toBe(expected);
    expect(/dermatologist/.test(r.recommendation.notes.join(' '))).toBe(expected);
  });

  it('ignores metrics that were not measured', () => {
    const r = recommend({
      scores: { acne: 90 },
      estimatedSkinType: 'normal' as SkinType,
      concerns: [],
    });
    expect(r.recommendation.see_dermatologist).toBe(false);
  });
});

describe('recommend: boosters added in the admin area (weighed by their targets)', () => {
  const calmBooster = {
    ...getBooster('calmbarrier'),
    id: 'cica-calm-drops',
    name: 'Cica Calm Drops',
    category: 'sensitivity/redness',
    // Listed first: its main metric; a retinoid, to check the care note names it.
    targets: ['dark_circles', 'hydration'] as MetricKey[],
    flags: {
      containsRetinoid: true,
      containsExfoliatingAcid: false,
      containsVitaminC: false,
      gentle: false,
    },
  };
  const withNew = createCatalogue(catalogue.bases, [...catalogue.boosters, calmBooster]);
  const runWith = (scores: Partial<Record<MetricKey, number>>, concerns: ScanConcern[] = []) =>
    recommendFrom({
      estimatedSkinType: 'normal',
      concerns,
      environment: env(),
      scores: { ...healthy, ...scores },
      catalogue: withNew,
    });

  it('recommends it when its first target is the lowest score, with a reason and its own care note', () => {
    const r = runWith({ dark_circles: 40 });
    const chosen = r.recommendation.boosters.find((b) => b.id === 'cica-calm-drops');
    expect(chosen?.reason).toBe(
      'Your scan shows room to improve in dark circles (40): Cica Calm Drops is made for dark circles and hydration.',
    );
    expect(chosen?.time_of_use).toBe('PM');
    expect(stepNames(r.routine.evening)).toContain('Cica Calm Drops');
    expect(r.recommendation.notes.join(' ')).toMatch(/Cica Calm Drops contains a retinoid/);
    expect(Recommendation.parse(r.recommendation)).toEqual(r.recommendation);
  });

  it('answers the concern its targets belong to, and stays out when nothing calls for it', () => {
    // hydration (its second target) belongs to the dryness chip.
    expect(boosterIds(runWith({}, ['dryness']))).toContain('cica-calm-drops');
    expect(boosterIds(runWith({}))).not.toContain('cica-calm-drops');
  });

  it('weighs targets in order: the second counts for less than the first', () => {
    expect(boosterNeedRule(calmBooster).metrics).toEqual({ dark_circles: 1, hydration: 0.9 });
    // The built-in rules are unchanged.
    expect(boosterNeedRule(getBooster('calmbarrier')).metrics).toEqual({
      redness: 1,
      sensitivity: 1,
    });
  });

  it('a catalogue without a built-in booster still recommends from the rest', () => {
    const without = createCatalogue(
      catalogue.bases,
      catalogue.boosters.filter((b) => b.id !== 'brightradiance'),
    );
    const r = recommendFrom({
      estimatedSkinType: 'normal',
      concerns: [],
      environment: env(),
      scores: { ...healthy, radiance: 50 },
      catalogue: without,
    });
    expect(boosterIds(r)).not.toContain('brightradiance');
    expect(Recommendation.parse(r.recommendation)).toEqual(r.recommendation);
  });
});
