import { DAILY_CHALLENGE, POINTS_PER_RIGHT_ANSWER } from '@lumiskin/contract/quiz';
import { describe, expect, it } from 'vitest';
import { POINTS, MAX_STREAK_BONUS, QUESTIONS_PER_QUIZ, questionPoints } from './rules';

/** What a run of `right` answers all at one difficulty earns, before any streak bonus. */
const run = (right: number, difficulty: keyof typeof POINTS) => right * questionPoints(difficulty);

describe('one points scale, and the daily challenge promise agrees with it', () => {
  it('the hub’s scale is the scorer’s', () => {
    expect(POINTS).toEqual(POINTS_PER_RIGHT_ANSWER);
  });

  it('10–20 points a right answer, 50–100 for a perfect daily of five', () => {
    const perAnswer = Object.values(POINTS);
    expect(Math.min(...perAnswer)).toBe(DAILY_CHALLENGE.pointsPerRightAnswer.min);
    expect(Math.max(...perAnswer)).toBe(DAILY_CHALLENGE.pointsPerRightAnswer.max);
    expect(QUESTIONS_PER_QUIZ).toBe(DAILY_CHALLENGE.questions);
    expect(run(5, 'beginner')).toBe(DAILY_CHALLENGE.minPoints);
    expect(run(5, 'advanced')).toBe(DAILY_CHALLENGE.maxPoints);
    expect(MAX_STREAK_BONUS).toBe(DAILY_CHALLENGE.maxStreakBonus);
  });

  it('three right answers in a category never beat a perfect daily any more', () => {
    // The issue: 3 × 20 in a category (60) beat a perfect daily (15–25). Same-difficulty runs now
    // rank by right answers alone, wherever they are played.
    for (const difficulty of Object.keys(POINTS) as (keyof typeof POINTS)[]) {
      expect(run(3, difficulty)).toBeLessThan(run(5, difficulty));
    }
  });
});
