import { describe, expect, it } from 'vitest';
import { buildFinding } from '../src/findings';

describe('findings', () => {
  it('names the worst zones only when the score is not good, and says which metrics are estimated', () => {
    const poor = buildFinding(
      'redness',
      {
        score: 55,
        raw: 20,
        regionScores: { left_cheek: 40, right_cheek: 50, nose: 85, forehead: 70 },
      },
      0.9,
    );
    expect(poor.band).toBe('poor');
    expect(poor.regions).toEqual(['left_cheek', 'right_cheek']);
    // The engine measures; the sentence is skin-advice's (describe.ts).
    expect(poor).not.toHaveProperty('summary');
    const good = buildFinding(
      'redness',
      { score: 90, raw: 9, regionScores: { left_cheek: 70 } },
      0.9,
    );
    expect(good.regions).toEqual([]);
    expect(buildFinding('hydration', { score: 90, raw: 90, regionScores: {} }, 0.4).estimated).toBe(
      true,
    );
  });
});
