import { createHash } from 'node:crypto';
import { COMPREHENSIVE_METRICS, type MetricKey } from '@lumiskin/contract/analysis';
import { describe, expect, it } from 'vitest';
import { FOLD_CAP, FOLD_TONE_GAMMA, LINE_CAP, LINE_HAIR_MARGIN } from '../src/metrics/measure';
import { ENGINE_METHOD_VERSION, METRIC_METHODS } from '../src/methods';
import {
  CALIBRATION,
  EXPECTED_CHROMA,
  FOLD_WEIGHT,
  METRIC_REGIONS,
  RADIANCE_EVENNESS,
} from '../src/scoring';

/** Constants a metric's raw value is built from, besides its knots and zones. */
const CONSTANTS: Partial<Record<MetricKey, unknown>> = {
  radiance: { EXPECTED_CHROMA, RADIANCE_EVENNESS },
  fine_lines: { FOLD_WEIGHT, LINE_CAP, LINE_HAIR_MARGIN },
  firmness: { FOLD_CAP, FOLD_TONE_GAMMA },
};
/** Derived metrics: their definition is their inputs' (hydration blends three scores). */
const INPUTS: Partial<Record<MetricKey, MetricKey[]>> = {
  hydration: ['texture', 'radiance', 'fine_lines'],
};

function definition(metric: MetricKey): unknown {
  return {
    knots: metric === 'hydration' ? null : CALIBRATION[metric],
    zones: METRIC_REGIONS[metric],
    constants: CONSTANTS[metric] ?? null,
    inputs: (INPUTS[metric] ?? []).map(definition),
  };
}

function fingerprint(metric: MetricKey): string {
  return createHash('sha256')
    .update(JSON.stringify(definition(metric)))
    .digest('hex')
    .slice(0, 12);
}

/**
 * Each metric's method number with the fingerprint of the knots, zones and constants it was set
 * for. A change to any of them changes the fingerprint: then bump the metric's number in
 * src/methods.ts (and ENGINE_METHOD_VERSION), and put the new pair here.
 */
const PINNED: Record<MetricKey, { method: number; fingerprint: string }> = {
  acne: { method: 1, fingerprint: 'af657b21340b' },
  oiliness: { method: 1, fingerprint: '65c41da32fa0' },
  redness: { method: 1, fingerprint: '44af9cd456a8' },
  texture: { method: 1, fingerprint: 'a4b5392de60d' },
  dark_spots: { method: 1, fingerprint: 'c4b3c8647fb4' },
  radiance: { method: 2, fingerprint: 'abbf7b61ecb9' },
  hydration: { method: 3, fingerprint: '5bfd827b9893' }, // decision 038: blends fine lines
  pores: { method: 1, fingerprint: '48993f92324b' },
  fine_lines: { method: 2, fingerprint: 'e0b4a8d59528' }, // decision 038
  uneven_tone: { method: 2, fingerprint: '403805661896' },
  dark_circles: { method: 2, fingerprint: '48979632f2ec' },
  blackheads: { method: 1, fingerprint: 'a1e4d5bdf40f' },
  sensitivity: { method: 1, fingerprint: '27828ca888ec' },
  firmness: { method: 2, fingerprint: '0cd9f92679f4' }, // decision 038
};
const PINNED_ENGINE_VERSION = '2026-11-24/038';

describe('measurement method versions', () => {
  it.each(COMPREHENSIVE_METRICS)('%s: its method number matches its knots', (metric) => {
    const pinned = PINNED[metric];
    const now = fingerprint(metric);
    if (now !== pinned.fingerprint) {
      expect.fail(
        `The knots, zones or constants of "${metric}" changed (fingerprint ${pinned.fingerprint} → ${now}). ` +
          `Scores measured before and after are not comparable: bump METRIC_METHODS.${metric} in ` +
          `src/methods.ts (now ${METRIC_METHODS[metric]}) and ENGINE_METHOD_VERSION, then pin ` +
          `{ method: <new>, fingerprint: '${now}' } here.`,
      );
    }
    expect(
      METRIC_METHODS[metric],
      `METRIC_METHODS.${metric} changed without a new fingerprint pinned here`,
    ).toBe(pinned.method);
  });

  it('a moved knot, zone weight or constant changes the fingerprint', () => {
    const acne = CALIBRATION.acne;
    const before = fingerprint('acne');
    const radianceBefore = fingerprint('radiance');
    const hydrationBefore = fingerprint('hydration');
    try {
      CALIBRATION.acne = acne.map(([raw, score], i) => [raw, i === 2 ? score - 1 : score] as const);
      expect(fingerprint('acne')).not.toBe(before);
    } finally {
      CALIBRATION.acne = acne;
    }
    expect(fingerprint('acne')).toBe(before);
    const radiance = CALIBRATION.radiance;
    try {
      CALIBRATION.radiance = radiance.map(([raw, score]) => [raw + 0.1, score] as const);
      expect(fingerprint('radiance')).not.toBe(radianceBefore);
      // Hydration blends radiance: its method moves with it.
      expect(fingerprint('hydration')).not.toBe(hydrationBefore);
    } finally {
      CALIBRATION.radiance = radiance;
    }
  });

  it('bumps the engine version together with any metric', () => {
    expect(
      ENGINE_METHOD_VERSION,
      'ENGINE_METHOD_VERSION changed: update PINNED_ENGINE_VERSION with the metric that moved',
    ).toBe(PINNED_ENGINE_VERSION);
  });

  it('decision 036 moved four metrics to 2, decision 038 fine lines and firmness to 2 and hydration to 3', () => {
    const expected: Partial<Record<MetricKey, number>> = {
      uneven_tone: 2,
      radiance: 2,
      dark_circles: 2,
      hydration: 3,
      fine_lines: 2,
      firmness: 2,
    };
    for (const metric of COMPREHENSIVE_METRICS)
      expect(METRIC_METHODS[metric]).toBe(expected[metric] ?? 1);
  });
});
