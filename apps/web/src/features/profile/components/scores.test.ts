import type { HistoryItem } from '@lumiskin/contract/analysis-api';
import { describe, expect, it } from 'vitest';
import { improvementPercent } from '@/features/profile/components/scores';

function scan(scores: HistoryItem['scores']): HistoryItem {
  return {
    id: 'x',
    _id: 'x',
    created_at: '2026-01-01T00:00:00Z',
    analysis_source: 'lumiskin_ai',
    analysis_type: 'quick',
    scores,
    overall_score: 70,
    location: 'London, GB',
  };
}

describe('improvementPercent (spec §2: newest five-score average minus the second newest)', () => {
  it('rounds the difference of the two averages', () => {
    const newest = scan({ acne: 80, oiliness: 70, radiance: 66, hydration: 75, texture: 71 }); // 72.4
    const older = scan({ acne: 70, oiliness: 70, radiance: 60, hydration: 70, texture: 65 }); // 67
    expect(improvementPercent([newest, older])).toBe(5);
    expect(improvementPercent([older, newest])).toBe(-5);
  });

  it('ignores metrics outside the five and needs two scans', () => {
    const a = scan({ acne: 60, oiliness: 60, radiance: 60, hydration: 60, texture: 60, pores: 10 });
    expect(improvementPercent([a])).toBeNull();
    expect(
      improvementPercent([
        a,
        scan({ acne: 60, oiliness: 60, radiance: 60, hydration: 60, texture: 60 }),
      ]),
    ).toBe(0);
  });
});
