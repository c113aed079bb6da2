import { QUIZ_DIFFICULTIES, QUIZ_TYPES } from '@lumiskin/contract/quiz';
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../auth/schema';

export const quizTypeEnum = pgEnum('quiz_type', QUIZ_TYPES);
export const quizDifficultyEnum = pgEnum('quiz_difficulty', QUIZ_DIFFICULTIES);

export interface CommittedAnswer {
  chosen: string;
  /** ISO instant it was committed. */
  at: string;
}

const tstz = (name: string) => timestamp(name, { withTimezone: true });

/** Seeded from src/content/quiz-bank.ts; the slug id appears in /quiz/category/{id}. */
export const quizCategories = pgTable('quiz_categories', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  icon: text('icon').notNull(),
  color: text('color').notNull(),
  description: text('description').notNull(),
  estimatedTime: integer('estimated_time').notNull(),
  badgeReward: text('badge_reward').notNull(),
  position: integer('position').notNull().default(0),
  /** Hidden in the admin area: not listed, not playable, its questions out of the daily draw. */
  hidden: boolean('hidden').notNull().default(false),
});

export const quizQuestions = pgTable(
  'quiz_questions',
  {
    id: text('id').primaryKey(),
    categoryId: text('category_id')
      .notNull()
      .references(() => quizCategories.id),
    questionText: text('question_text').notNull(),
    options: text('options').array().notNull(),
    /** Exact text of one option. Never leaves the server before the quiz is submitted. */
    correctAnswer: text('correct_answer').notNull(),
    explanation: text('explanation').notNull(),
    difficulty: quizDifficultyEnum('difficulty').notNull(),
    points: integer('points').notNull(),
    imageUrl: text('image_url'),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** A question removed from the bank is retired, not deleted: old attempts still refer to it. */
    active: boolean('active').notNull().default(true),
  },
  (t) => [index('quiz_questions_category_idx').on(t.categoryId)],
);

/**
 * One served quiz: which questions went to whom, and (once submitted) how it scored. Scoring reads
 * only `question_ids`, so answers to anything else earn nothing. A daily attempt is one row per
 * user and day (the partial unique index): serving it again reuses the row, and the conditional
 * update on `submitted_at` lets exactly one submission count.
 */
export const quizAttempts = pgTable(
  'quiz_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    quizType: quizTypeEnum('quiz_type').notNull(),
    categoryId: text('category_id').references(() => quizCategories.id),
    /** The player's calendar day when it was served (their time zone). */
    quizDay: date('quiz_day', { mode: 'string' }).notNull(),
    timeZone: text('time_zone').notNull(),
    questionIds: text('question_ids').array().notNull(),
    servedAt: tstz('served_at').notNull(),
    lastServedAt: tstz('last_served_at').notNull(),
    expiresAt: tstz('expires_at').notNull(),
    submittedAt: tstz('submitted_at'),
    timeTaken: integer('time_taken'),
    correctAnswers: integer('correct_answers'),
    pointsEarned: integer('points_earned'),
    streakBonus: integer('streak_bonus'),
    /** Daily only: the streak this completion made. */
    streak: integer('streak'),
    /**
     * Answers committed one at a time before submission (question id → the chosen option and
     * when): each is final once given, and the submission scores these over anything it sends.
     */
    answers: jsonb('answers')
      .$type<Record<string, CommittedAnswer>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
  },
  (t) => [
    uniqueIndex('quiz_attempts_daily_key')
      .on(t.userId, t.quizDay)
      .where(sql`${t.quizType} = 'daily'`),
    index('quiz_attempts_user_submitted_idx').on(t.userId, t.submittedAt),
  ],
);

/** One row per served question of a submitted attempt. */
export const quizAnswers = pgTable(
  'quiz_answers',
  {
    attemptId: uuid('attempt_id')
      .notNull()
      .references(() => quizAttempts.id, { onDelete: 'cascade' }),
    questionId: text('question_id')
      .notNull()
      .references(() => quizQuestions.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The chosen option, or null when unanswered or not one of the options. */
    chosen: text('chosen'),
    isCorrect: boolean('is_correct').notNull(),
    pointsEarned: integer('points_earned').notNull(),
    answeredAt: tstz('answered_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.attemptId, t.questionId] }),
    index('quiz_answers_user_question_idx').on(t.userId, t.questionId),
  ],
);

/** Badges are defined in rules.ts; this records who earned which, once. */
export const quizUserBadges = pgTable(
  'quiz_user_badges',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    badgeId: text('badge_id').notNull(),
    attemptId: uuid('attempt_id').references(() => quizAttempts.id, { onDelete: 'set null' }),
    earnedAt: tstz('earned_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.badgeId] })],
);

/**
 * Each player's running total, kept by the submit use case in the same transaction as the
 * attempt it counts, so the leaderboard and rank read one indexed row per player instead of
 * summing every attempt (docs/decisions/015-quiz-split-and-player-totals.md).
 */
export const quizPlayerTotals = pgTable(
  'quiz_player_totals',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    points: integer('points').notNull().default(0),
    /** Submitted attempts (quizzes completed). */
    attempts: integer('attempts').notNull().default(0),
    updatedAt: tstz('updated_at').notNull(),
  },
  (t) => [index('quiz_player_totals_points_idx').on(t.points.desc(), t.userId)],
);

export type QuizCategoryRow = typeof quizCategories.$inferSelect;
export type QuizQuestionRow = typeof quizQuestions.$inferSelect;
export type QuizAttemptRow = typeof quizAttempts.$inferSelect;
