import { describe, expect, it } from 'vitest';
import { addDays, streakDays } from './streak';

describe('streakDays', () => {
  it('is 0 without days', () => {
    expect(streakDays([], '2026-03-10')).toBe(0);
  });

  it('counts consecutive days ending today', () => {
    expect(streakDays(['2026-03-08', '2026-03-09', '2026-03-10'], '2026-03-10')).toBe(3);
  });

  it('still counts a run that ended yesterday (today not played yet)', () => {
    expect(streakDays(['2026-03-08', '2026-03-09'], '2026-03-10')).toBe(2);
  });

  it('is 0 once a whole day was missed', () => {
    expect(streakDays(['2026-03-07', '2026-03-08'], '2026-03-10')).toBe(0);
  });

  it('stops at a gap: only the newest run counts', () => {
    // 5 days ago, then yesterday, 2 and 3 days ago: the run is 3 long.
    expect(streakDays(['2026-03-05', '2026-03-07', '2026-03-08', '2026-03-09'], '2026-03-10')).toBe(
      3,
    );
  });

  it('counts a day once however often it appears, in any order', () => {
    expect(streakDays(['2026-03-10', '2026-03-09', '2026-03-10', '2026-03-09'], '2026-03-10')).toBe(
      2,
    );
  });

  it('crosses month, year and leap-day boundaries by the calendar', () => {
    expect(streakDays(['2026-02-27', '2026-02-28', '2026-03-01'], '2026-03-01')).toBe(3);
    expect(streakDays(['2028-02-28', '2028-02-29', '2028-03-01'], '2028-03-01')).toBe(3);
    expect(streakDays(['2028-02-28', '2028-03-01'], '2028-03-01')).toBe(1); // 29 Feb missed
    expect(streakDays(['2025-12-31', '2026-01-01'], '2026-01-02')).toBe(2);
  });

  it('keeps a streak alive whose newest day is after today (the person moved west)', () => {
    // Played the 11th in Tokyo; in Los Angeles it is still the 10th.
    expect(streakDays(['2026-03-10', '2026-03-11'], '2026-03-10')).toBe(2);
  });
});

describe('addDays', () => {
  it('moves along the calendar, not by 24 hours of a zone', () => {
    expect(addDays('2026-03-08', 1)).toBe('2026-03-09'); // a US DST day is still one day
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
  });
});
