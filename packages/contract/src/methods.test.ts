import { describe, expect, it } from 'vitest';
import {
  LEGACY_METHODS,
  MetricMethods,
  methodChanges,
  methodOf,
  metricChange,
  sameMethod,
} from './analysis';

const old = { scores: { acne: 70, radiance: 60 }, methods: null };
const now = {
  scores: { acne: 75, radiance: 84, uneven_tone: 80 },
  methods: { ...LEGACY_METHODS, radiance: 2, uneven_tone: 2, hydration: 2 },
};

describe('measurement methods (decision 037)', () => {
  it('reads a scan without recorded methods as method 1 for every metric', () => {
    expect(methodOf(null, 'radiance')).toBe(1);
    expect(MetricMethods.parse(LEGACY_METHODS)).toEqual(LEGACY_METHODS);
    expect(sameMethod(old, now, 'acne')).toBe(true);
    expect(sameMethod(old, now, 'radiance')).toBe(false);
  });

  it('differences only scores of the same method', () => {
    expect(metricChange(now, old, 'acne')).toBe(5);
    expect(metricChange(now, old, 'radiance')).toBeNull();
    expect(metricChange(now, old, 'uneven_tone')).toBeNull(); // not in the older scan
  });

  it('lists the scored metrics whose method changed (hydration, scored by neither, is left out)', () => {
    expect(methodChanges(now, old)).toEqual(['radiance', 'uneven_tone']);
    expect(methodChanges(now, now)).toEqual([]);
  });

  it('refuses a method that is not a small whole number, or a missing metric', () => {
    expect(MetricMethods.safeParse({ ...LEGACY_METHODS, acne: 1.5 }).success).toBe(false);
    expect(MetricMethods.safeParse({ ...LEGACY_METHODS, acne: -1 }).success).toBe(false);
    const { acne: _acne, ...missing } = LEGACY_METHODS;
    expect(MetricMethods.safeParse(missing).success).toBe(false);
  });
});
