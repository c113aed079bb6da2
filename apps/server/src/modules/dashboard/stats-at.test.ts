import { describe, expect, it } from 'vitest';
import { statsAt, type DashboardFigures } from './repository';

/** Figures read at `at` in `timezone`, with completed dailies on `days`. */
function figures(at: string, timezone: string, days: string[], today: string): DashboardFigures {
  return {
    at: Date.parse(at),
    timezone,
    total: 3,
    average: 61.5,
    days,
    recent: [],
    nextScanAt: null,
    today,
  };
}

describe('statsAt: the numbers at a later moment from kept figures', () => {
  it.each([
    // Kathmandu is UTC+5:45: its midnight falls at 18:15 UTC, mid-hour
    ['Asia/Kathmandu', '2026-03-09T18:14:59.999Z', '2026-03-09T18:15:00.000Z'],
    ['America/St_Johns', '2026-03-10T02:29:59.999Z', '2026-03-10T02:30:00.000Z'],
    ['UTC', '2026-03-09T23:59:59.999Z', '2026-03-10T00:00:00.000Z'],
  ])('turns the day at local midnight in %s, to the millisecond', (zone, before, after) => {
    const kept = figures('2026-03-09T12:00:00Z', zone, ['2026-03-07', '2026-03-08'], '2026-03-09');
    // yesterday's daily keeps the streak alive on the 9th; on the 10th it has lapsed
    for (let round = 0; round < 2; round++) {
      expect(statsAt(kept, new Date(before))?.streak_days).toBe(2);
      expect(statsAt(kept, new Date(Date.parse(before) - 30_000))?.streak_days).toBe(2);
      expect(statsAt(kept, new Date(after))?.streak_days).toBe(0);
      expect(statsAt(kept, new Date(Date.parse(after) + 30_000))?.streak_days).toBe(0);
    }
  });

  it('counts a daily done today once the figures are read again, and the week as it moves', () => {
    const kept = figures(
      '2026-03-09T12:00:00Z',
      'Europe/Paris',
      ['2026-03-08', '2026-03-09'],
      '2026-03-09',
    );
    kept.recent = [Date.parse('2026-03-03T13:00:00Z'), Date.parse('2026-03-09T08:00:00Z')];
    expect(statsAt(kept, new Date('2026-03-09T12:00:00Z'))).toEqual({
      total_analyses: 3,
      average_score: 61.5,
      this_week: 2,
      streak_days: 2,
    });
    expect(statsAt(kept, new Date('2026-03-10T14:00:00Z'))).toEqual({
      total_analyses: 3,
      average_score: 61.5,
      this_week: 1,
      streak_days: 2,
    });
    expect(statsAt(kept, new Date('2026-03-11T12:00:00Z'))?.streak_days).toBe(0);
    expect(statsAt(kept, new Date('2026-03-09T11:59:59Z'))).toBeNull();
  });

  it('is null for an unknown zone once past the moment it was read', () => {
    const kept = figures('2026-03-09T12:00:00Z', 'Not/AZone', [], '2026-03-09');
    expect(statsAt(kept, new Date('2026-03-09T12:00:00Z'))?.streak_days).toBe(0);
    expect(statsAt(kept, new Date('2026-03-09T12:00:01Z'))).toBeNull();
  });
});
