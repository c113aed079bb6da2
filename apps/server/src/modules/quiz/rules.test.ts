import { DAILY_CHALLENGE } from '@lumiskin/contract/quiz';
import { describe, expect, it } from 'vitest';
import { DAILY_POINTS, MAX_STREAK_BONUS, QUESTIONS_PER_QUIZ, questionPoints } from './rules';

/** What a daily run of `right` answers all at one difficulty earns, before any streak bonus. */
const dailyRun = (right: number, difficulty: keyof typeof DAILY_POINTS) =>
  right * questionPoints('daily', difficulty);

describe('the daily challenge promise agrees with the rules', () => {
  it('3–5 points a right answer, 15–25 for a perfect run of five', () => {
    const perAnswer = Object.values(DAILY_POINTS);
    expect(Math.min(...perAnswer)).toBe(DAILY_CHALLENGE.pointsPerRightAnswer.min);
    expect(Math.max(...perAnswer)).toBe(DAILY_CHALLENGE.pointsPerRightAnswer.max);
    expect(QUESTIONS_PER_QUIZ).toBe(DAILY_CHALLENGE.questions);
    expect(dailyRun(5, 'beginner')).toBe(DAILY_CHALLENGE.minPoints);
    expect(dailyRun(5, 'advanced')).toBe(DAILY_CHALLENGE.maxPoints);
    expect(MAX_STREAK_BONUS).toBe(DAILY_CHALLENGE.maxStreakBonus);
  });

  it('two right answers earn 6–10, below the perfect-run range, as the copy allows', () => {
    expect(dailyRun(2, 'beginner')).toBe(2 * DAILY_CHALLENGE.pointsPerRightAnswer.min);
    expect(dailyRun(2, 'advanced')).toBeLessThan(DAILY_CHALLENGE.minPoints);
  });
});
