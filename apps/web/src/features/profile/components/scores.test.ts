import type { HistoryItem } from '@lumiskin/contract/analysis-api';
import { LEGACY_METHODS } from '@lumiskin/contract/analysis';
import { noiseBand } from '@lumiskin/contract/trends';
import { describe, expect, it } from 'vitest';
import { improvement } from '@/features/profile/components/scores';
import { createHistoryItem, DAYLIGHT, WARM_LAMP } from '@/testing/scan-factory';

function scan(scores: HistoryItem['scores'], capture: HistoryItem['capture'] = null): HistoryItem {
  return createHistoryItem({ scores, capture });
}

const same = (v: number) => ({ acne: v, oiliness: v, radiance: v, hydration: v, texture: v });

describe('improvement (docs/product-rules.md#profile: newest five-score average minus the one before it)', () => {
  it('rounds the difference of the two averages', () => {
    const newest = scan({ acne: 80, oiliness: 70, radiance: 66, hydration: 75, texture: 71 }); // 72.4
    const older = scan({ acne: 70, oiliness: 70, radiance: 60, hydration: 70, texture: 65 }); // 67
    const kind = (up: boolean) => (5 <= noiseBand('profile') ? 'same' : up ? 'up' : 'down');
    expect(improvement([newest, older])).toEqual({
      points: 5,
      kind: kind(true),
      unlike: null,
      newMethods: [],
      since: older.created_at,
    });
    expect(improvement([older, newest])).toEqual({
      points: -5,
      kind: kind(false),
      unlike: null,
      newMethods: [],
      since: newest.created_at,
    });
  });

  it('ignores metrics outside the five and needs two scans', () => {
    const a = scan({ ...same(60), pores: 10 });
    expect(improvement([a])).toBeNull();
    const b = scan(same(60));
    expect(improvement([a, b])).toEqual({
      points: 0,
      kind: 'same',
      unlike: null,
      newMethods: [],
      since: b.created_at,
    });
  });

  it('measures against the most recent scan taken in like conditions', () => {
    const at = (day: number) => `2026-03-0${day}T10:00:00.000Z`;
    const newest = createHistoryItem({ scores: same(72), capture: DAYLIGHT, created_at: at(3) });
    const underLamp = createHistoryItem({
      scores: same(50),
      capture: WARM_LAMP,
      created_at: at(2),
    });
    const inDaylight = createHistoryItem({
      scores: same(70),
      capture: DAYLIGHT,
      created_at: at(1),
    });
    expect(improvement([newest, underLamp, inDaylight])).toEqual({
      points: 2,
      kind: 'same',
      unlike: null,
      newMethods: [],
      since: inDaylight.created_at,
    });
  });

  it('gives no figure when one of the five was measured with another method', () => {
    const older = scan(same(60)); // stored before methods were recorded: method 1 throughout
    const newest = createHistoryItem({
      scores: same(80),
      methods: { ...LEGACY_METHODS, radiance: 2, hydration: 2 },
    });
    expect(improvement([newest, older])).toEqual({
      points: null,
      kind: null,
      unlike: null,
      newMethods: ['radiance', 'hydration'],
      since: older.created_at,
    });
    // Two scans of the new methods compare again.
    const next = createHistoryItem({
      scores: same(80 + noiseBand('profile') + 1),
      methods: newest.methods,
    });
    expect(improvement([next, newest, older])).toEqual({
      points: noiseBand('profile') + 1,
      kind: 'up',
      unlike: null,
      newMethods: [],
      since: newest.created_at,
    });
  });

  it('says what differed when no earlier scan is comparable', () => {
    const newest = scan(same(72), DAYLIGHT);
    const underLamp = scan(same(60), WARM_LAMP);
    expect(improvement([newest, underLamp])).toEqual({
      points: 12,
      kind: 12 <= noiseBand('profile') ? 'same' : 'up',
      unlike: ['light'],
      newMethods: [],
      since: underLamp.created_at,
    });
  });

  it("reads a change within the average's noise band as no change, a larger one as a change", () => {
    const band = noiseBand('profile');
    expect(improvement([scan(same(70 + band)), scan(same(70))])?.kind).toBe('same');
    expect(improvement([scan(same(70 - band)), scan(same(70))])?.kind).toBe('same');
    expect(improvement([scan(same(70 + band + 1)), scan(same(70))])).toMatchObject({
      points: band + 1,
      kind: 'up',
    });
    expect(improvement([scan(same(70 - band - 1)), scan(same(70))])).toMatchObject({
      points: -band - 1,
      kind: 'down',
    });
  });
});
