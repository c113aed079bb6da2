import { describe, expect, it } from 'vitest';
import { sortedAt } from '../src/live-measures';

/**
 * The live gate's medians and quantiles sort a typed copy (decision 133): the same element as the
 * comparator sort they replace, on values like the gate's (luma, log chromaticities, -Infinity
 * where a channel is 0), duplicates and odd and even lengths included.
 */
describe('sortedAt', () => {
  it('gives the element a numeric comparator sort gives, at every index', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647) * 2 - 1;
    for (const n of [1, 2, 3, 10, 101, 1000]) {
      const v = Array.from({ length: n }, (_, i) =>
        i % 17 === 5 ? -Infinity : i % 7 === 3 ? 0.25 : Math.round(random() * 1e4) / 100,
      );
      const reference = [...v].sort((a, b) => a - b);
      for (let at = 0; at < n; at++) expect(sortedAt(v, at)).toBe(reference[at]);
    }
  });

  it('leaves the array as it was and is undefined past its end', () => {
    const v = [3, 1, 2];
    expect(sortedAt(v, 1)).toBe(2);
    expect(v).toEqual([3, 1, 2]);
    expect(sortedAt([], 0)).toBeUndefined();
  });
});
