/**
 * Every quiz rule in one place: points, levels, streaks, badges, day boundaries, limits.
 * docs/quiz-rules.md explains them in words; keep the two in step.
 */
import {
  DAILY_CHALLENGE,
  type QuestionReview,
  type QuizBadge,
  type QuizDifficulty,
  type QuizType,
} from '@lumiskin/contract/quiz';
import { POINTS_BY_DIFFICULTY } from '../../content/quiz-bank';
import { addDays } from '../../lib/streak';

/** Who is asking, and when and where "today" is for them. */
export interface QuizContext {
  userId: string;
  now: Date;
  timeZone: string;
}

export const DAILY_TITLE = 'Daily Challenge';

/** Questions per quiz: the daily's five (docs/product-rules.md#quiz), and a draw of five from a category. */
export const QUESTIONS_PER_QUIZ = DAILY_CHALLENGE.questions;

/** After a completed daily, the player's time zone for the quiz stays that one for this long. */
export const ZONE_LOCK_MS = 24 * 60 * 60 * 1000;

/** A served quiz may be submitted up to this long after it was last served. */
export const ATTEMPT_TTL_MS = 2 * 60 * 60 * 1000;

/** Nobody reads and answers a question in under a second (server-measured). */
export const MIN_SECONDS_PER_QUESTION = 1;

/** Network and clock slack allowed between the client's time_taken and the server's clock. */
export const TIME_SLACK_SECONDS = 5;

/**
 * One scale for every quiz (docs/quiz-rules.md#points): a right answer earns 10/15/20 by
 * difficulty, in the daily challenge and in a category alike. A category question pays only the
 * first time this person answers it right, so replaying a category teaches but cannot farm the
 * leaderboard; the daily is once a day, so it pays every day (plus the streak bonus below).
 */
export const POINTS: Record<QuizDifficulty, number> = POINTS_BY_DIFFICULTY;

export function questionPoints(difficulty: QuizDifficulty): number {
  return POINTS[difficulty];
}

/** Completing the daily on day n of a streak adds 10 × (n − 1), capped at 100 (docs/product-rules.md#quiz). */
export const STREAK_BONUS_PER_DAY = 10;
export const MAX_STREAK_BONUS = DAILY_CHALLENGE.maxStreakBonus;

export function streakBonus(streak: number): number {
  return Math.min(Math.max(streak - 1, 0) * STREAK_BONUS_PER_DAY, MAX_STREAK_BONUS);
}

/** Streak lengths celebrated on the results screen: 7, 14, 30 (docs/product-rules.md#quiz), then every 30 days. */
export function streakMilestone(streak: number): number | null {
  if (streak === 7 || streak === 14 || streak === 30) return streak;
  if (streak > 30 && streak % 30 === 0) return streak;
  return null;
}

/**
 * Level L starts at 50·L·(L−1) points: 0, 100, 300, 600, 1000, 1500, … Each level needs 100 more
 * points than the last, so early levels come quickly and later ones take a habit.
 */
export function levelStart(level: number): number {
  return 50 * level * (level - 1);
}

export function levelFor(points: number): number {
  let level = 1;
  while (levelStart(level + 1) <= points) level += 1;
  return level;
}

export function levelProgress(points: number) {
  const level = levelFor(points);
  const start = levelStart(level);
  const next = levelStart(level + 1);
  return {
    level,
    level_start_points: start,
    next_level_points: next,
    progress_to_next_level: (points - start) / (next - start),
  };
}

export interface BadgeDefinition {
  badge_id: string;
  badge_name: string;
  description: string;
  icon: string;
}

export const QUESTIONS_ANSWERED_BADGE = 100;

/** Badges that are not tied to a category (those come from each category's badge_reward). */
export const BADGES = {
  firstQuiz: {
    badge_id: 'first-quiz',
    badge_name: 'First Steps',
    description: 'Finish your first quiz.',
    icon: 'Footprints',
  },
  perfectScore: {
    badge_id: 'perfect-score',
    badge_name: 'Perfect Score',
    description: 'Answer every question of a quiz right.',
    icon: 'Target',
  },
  streak7: {
    badge_id: 'streak-7',
    badge_name: 'Week Glow',
    description: 'Complete the daily challenge 7 days in a row.',
    icon: 'Flame',
  },
  streak14: {
    badge_id: 'streak-14',
    badge_name: 'Fortnight Flame',
    description: 'Complete the daily challenge 14 days in a row.',
    icon: 'Zap',
  },
  streak30: {
    badge_id: 'streak-30',
    badge_name: 'Monthly Radiance',
    description: 'Complete the daily challenge 30 days in a row.',
    icon: 'Crown',
  },
  century: {
    badge_id: 'questions-100',
    badge_name: 'Century',
    description: `Answer ${QUESTIONS_ANSWERED_BADGE} questions.`,
    icon: 'Medal',
  },
} as const satisfies Record<string, BadgeDefinition>;

export const STREAK_BADGES = [
  { days: 7, badge: BADGES.streak7 },
  { days: 14, badge: BADGES.streak14 },
  { days: 30, badge: BADGES.streak30 },
] as const;

export function categoryBadge(category: {
  id: string;
  name: string;
  badge_reward: string;
}): BadgeDefinition {
  return {
    badge_id: `category-${category.id}`,
    badge_name: category.badge_reward,
    description: `Answer every ${category.name} question right at least once.`,
    icon: 'Award',
  };
}

export const toBadge = (b: BadgeDefinition): QuizBadge => ({
  badge_id: b.badge_id,
  badge_name: b.badge_name,
  description: b.description,
  icon: b.icon,
});

/** What one submission achieved, for deciding which badges it earns. */
export interface BadgeFacts {
  quizzesCompleted: number;
  correct: number;
  total: number;
  streak: number;
  questionsAnswered: number;
  /** Categories whose every active question this person has now answered right. */
  completedCategories: { id: string; name: string; badge_reward: string }[];
}

/** Every badge these facts qualify for; the caller keeps only those not yet earned. */
export function qualifyingBadges(facts: BadgeFacts): BadgeDefinition[] {
  const badges: BadgeDefinition[] = [];
  if (facts.quizzesCompleted >= 1) badges.push(BADGES.firstQuiz);
  if (facts.total >= QUESTIONS_PER_QUIZ && facts.correct === facts.total)
    badges.push(BADGES.perfectScore);
  for (const { days, badge } of STREAK_BADGES) if (facts.streak >= days) badges.push(badge);
  if (facts.questionsAnswered >= QUESTIONS_ANSWERED_BADGE) badges.push(BADGES.century);
  for (const category of facts.completedCategories) badges.push(categoryBadge(category));
  return badges;
}

/** Spec: accuracy score percent on the results screen. */
export function scorePercent(correct: number, total: number): number {
  return total === 0 ? 0 : Math.round((correct / total) * 100);
}

/* ---- Submissions ---- */

/** Why a submission's timing cannot be believed, or null when it can (anti-cheat, §Integrity). */
export type TimingProblem = 'expired' | 'longer_than_open' | 'too_fast';

export function timingProblem(
  attempt: { servedAt: Date; lastServedAt: Date; expiresAt: Date; questionCount: number },
  now: Date,
  timeTaken: number,
): TimingProblem | null {
  if (now > attempt.expiresAt) return 'expired';
  const sinceFirstServe = (now.getTime() - attempt.servedAt.getTime()) / 1000;
  if (timeTaken > sinceFirstServe + TIME_SLACK_SECONDS) return 'longer_than_open';
  const sinceLastServe = (now.getTime() - attempt.lastServedAt.getTime()) / 1000;
  if (sinceLastServe < attempt.questionCount * MIN_SECONDS_PER_QUESTION) return 'too_fast';
  return null;
}

/** A served question as the scorer sees it, right answer included. */
export interface ScoredQuestion {
  id: string;
  questionText: string;
  options: string[];
  imageUrl: string | null;
  difficulty: QuizDifficulty;
  correctAnswer: string;
  explanation: string;
}

/**
 * The review of one submission: only the served questions are scored, an answer counts only if it
 * is exactly one of the options, and a question already answered right pays nothing again.
 */
export function reviewAnswers(
  quizType: QuizType,
  questions: ScoredQuestion[],
  answers: Record<string, string>,
  alreadyMastered: ReadonlySet<string>,
): QuestionReview[] {
  return questions.map((q) => {
    const given = Object.hasOwn(answers, q.id) ? answers[q.id] : undefined;
    const chosen = given !== undefined && q.options.includes(given) ? given : null;
    const isCorrect = chosen === q.correctAnswer;
    return {
      question_id: q.id,
      question_text: q.questionText,
      options: q.options,
      image_url: q.imageUrl,
      difficulty: q.difficulty,
      chosen,
      correct_answer: q.correctAnswer,
      is_correct: isCorrect,
      explanation: q.explanation,
      points_earned: isCorrect && !alreadyMastered.has(q.id) ? questionPoints(q.difficulty) : 0,
    };
  });
}

export function shareData(title: string, score: number, points: number, streak: number) {
  const streakText = streak > 1 ? ` and I'm on a ${streak}-day streak` : '';
  return {
    text: `I scored ${score}% on the Lumiskin ${title} and earned ${points} points${streakText}! Can you beat me?`,
    hashtags: ['Lumiskin', 'SkincareQuiz', 'SkinScience'],
  };
}

/* ---- Days ---- */

/** The IANA zone if Intl knows it, else UTC (the header is optional). */
export function resolveTimeZone(value: string | string[] | undefined): string {
  const zone = Array.isArray(value) ? value[0] : value;
  if (!zone || zone.length > 64) return 'UTC';
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return 'UTC';
  }
}

const dayFormatters = new Map<string, Intl.DateTimeFormat>();

/** The calendar day (YYYY-MM-DD) at `instant` in `timeZone`. */
export function localDay(instant: Date, timeZone: string): string {
  let format = dayFormatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormatters.set(timeZone, format);
  }
  return format.format(instant);
}

/** Monday..Sunday of the ISO week containing `day`. */
export function weekOf(day: string): { start: string; end: string } {
  const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday = 0
  const start = addDays(day, -weekday);
  return { start, end: addDays(start, 6) };
}

/* ---- Weekly challenges (the /quiz/challenges page; progress only, no extra points) ---- */

export const WEEKLY_CHALLENGES = [
  {
    id: 'daily-habit',
    title: 'Daily habit',
    description: 'Complete the daily challenge on 5 days this week.',
    target: 5,
    measure: 'dailyDays',
  },
  {
    id: 'curious-mind',
    title: 'Curious mind',
    description: 'Answer 25 questions right this week.',
    target: 25,
    measure: 'correctAnswers',
  },
  {
    id: 'explorer',
    title: 'Explorer',
    description: 'Finish a quiz in 3 different categories this week.',
    target: 3,
    measure: 'categories',
  },
] as const;
