import { describe, expect, it } from 'vitest';
import { COMPREHENSIVE_METRICS } from '@lumiskin/contract/analysis';
import { buildFinding } from '../src/findings';
// The report's list of banned words is the interpreter's; findings are held to it too.
import { containsBannedWord } from '@lumiskin/skin-advice';

describe('findings', () => {
  it('every sentence, in every band, is plain cosmetic language (no banned report words)', () => {
    for (const metric of COMPREHENSIVE_METRICS) {
      for (const score of [95, 70, 30]) {
        const f = buildFinding(
          metric,
          {
            score,
            raw: 0,
            regionScores: { left_cheek: score - 5, nose: score, forehead: score + 2 },
          },
          0.8,
        );
        expect(containsBannedWord(f.summary), f.summary).toBe(false);
        expect(f.summary).toMatch(/^[A-Z].*\.$/);
        expect(f.summary).not.toContain('{where}');
      }
    }
  });

  it('names the worst zones only when the score is not good', () => {
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
    expect(poor.summary).toContain('left cheek and right cheek');
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
