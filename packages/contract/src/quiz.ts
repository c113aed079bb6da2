import { z } from 'zod';
import './plain-errors';

/**
 * Quiz wire format (docs/product-rules.md#entities and #api: quiz category, quiz stats, leaderboard entry, quiz question,
 * quiz result). The rules behind the numbers live in one server file
 * (apps/server/src/modules/quiz/rules.ts) and are explained in docs/quiz-rules.md.
 *
 * Rates are fractions 0–1 (accuracy_rate, completion_rate, progress_to_next_level); `score` is a
 * whole percent 0–100 (the results screen's "accuracy score").
 */

export const QUIZ_TYPES = ['daily', 'category'] as const;
export const QuizType = z.enum(QUIZ_TYPES);
export type QuizType = z.infer<typeof QuizType>;

export const QUIZ_DIFFICULTIES = ['beginner', 'intermediate', 'advanced'] as const;
export const QuizDifficulty = z.enum(QUIZ_DIFFICULTIES);
export type QuizDifficulty = z.infer<typeof QuizDifficulty>;

export { DAILY_CHALLENGE, TIME_ZONE_HEADER } from './constants';

/** docs/product-rules.md#constants: streak emoji thresholds 7, 14 and 30 days. */
export const STREAK_EMOJI_THRESHOLDS = [7, 14, 30] as const;

export type StreakTier = 'seedling' | 'flame' | 'bolt' | 'star' | 'crown';

/**
 * What the day streak has earned: a seedling before day one, a flame, then one tier per streak threshold of docs/product-rules.md#constants
 * threshold. The web draws each as an icon (an emoji renders as an empty box where no emoji font
 * is installed; issue 13).
 */
export function streakTier(days: number): StreakTier {
  if (days >= 30) return 'crown';
  if (days >= 14) return 'star';
  if (days >= 7) return 'bolt';
  if (days >= 1) return 'flame';
  return 'seedling';
}

/**
 * One points scale for every quiz (docs/quiz-rules.md#points): a right answer earns its
 * difficulty's points, in the daily challenge and in a category alike. The hub shows it before
 * anyone plays. (A category question pays only the first time it is answered right.)
 */
export const POINTS_PER_RIGHT_ANSWER: Record<QuizDifficulty, number> = {
  beginner: 10,
  intermediate: 15,
  advanced: 20,
};

export const CategoryId = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[a-z0-9-]+$/, 'Unknown quiz category');

export const QuizCategory = z.object({
  id: z.string(),
  name: z.string(),
  /** A lucide-react icon name. */
  icon: z.string(),
  /** Hex colour of the category card. */
  color: z.string(),
  description: z.string(),
  total_questions: z.number().int(),
  /** Minutes. */
  estimated_time: z.number().int(),
  badge_reward: z.string(),
  user_progress: z.object({
    /** Share of the category's questions this user has answered right at least once, 0–1. */
    completion_rate: z.number().min(0).max(1),
    questions_mastered: z.number().int(),
    badge_earned: z.boolean(),
  }),
});
export type QuizCategory = z.infer<typeof QuizCategory>;
export const QuizCategoryList = z.array(QuizCategory);

export const QuizStats = z.object({
  total_points: z.number().int(),
  level: z.number().int().min(1),
  /**
   * The day streak: consecutive days with a completed daily challenge, ending today or yesterday.
   * The dashboard's streak_days is the same number (docs/quiz-rules.md#streaks-and-the-day-boundary).
   */
  current_streak: z.number().int(),
  longest_streak: z.number().int(),
  /** Right answers / questions answered, 0–1 (0 before the first quiz). */
  accuracy_rate: z.number().min(0).max(1),
  /** Position by points among players with points; ties share a rank. null = Unranked. */
  rank: z.number().int().min(1).nullable(),
  /** Total points at which the next level starts. */
  next_level_points: z.number().int(),
  /** Total points at which the current level started. */
  level_start_points: z.number().int(),
  /** Way through the current level, 0–1. */
  progress_to_next_level: z.number().min(0).max(1),
  quizzes_completed: z.number().int(),
  questions_answered: z.number().int(),
  badges_count: z.number().int(),
  /** Today's daily challenge is done (the hub shows it Completed without asking for the quiz). */
  daily_completed_today: z.boolean(),
});
export type QuizStats = z.infer<typeof QuizStats>;

export const LeaderboardQuery = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(5),
});
export type LeaderboardQuery = z.infer<typeof LeaderboardQuery>;

export const LeaderboardEntry = z.object({
  user_id: z.string(),
  rank: z.number().int().min(1),
  /** First name and last initial: the leaderboard never shows full names or emails. */
  username: z.string(),
  level: z.number().int(),
  points: z.number().int(),
  badges_count: z.number().int(),
  is_current_user: z.boolean(),
});
export type LeaderboardEntry = z.infer<typeof LeaderboardEntry>;
export const Leaderboard = z.array(LeaderboardEntry);

/** A question as served: no right answer, no explanation. */
export const QuizQuestion = z.object({
  id: z.string(),
  category_id: z.string(),
  question_text: z.string(),
  options: z.array(z.string()),
  difficulty: QuizDifficulty,
  /** What a right answer to it earns in this quiz. */
  points: z.number().int(),
  image_url: z.string().nullable(),
  tags: z.array(z.string()),
});
export type QuizQuestion = z.infer<typeof QuizQuestion>;

/** GET /quiz/daily-quiz and GET /quiz/category/{id}: one attempt, recorded on the server. */
export const QuizSession = z.object({
  /** null only when there are no questions to play (nothing was recorded). */
  attempt_id: z.string().nullable(),
  quiz_type: QuizType,
  category_id: z.string().nullable(),
  title: z.string(),
  /** The day this quiz belongs to (YYYY-MM-DD in the player's time zone). */
  quiz_day: z.string(),
  expires_at: z.string(),
  questions: z.array(QuizQuestion),
  /** Answers already committed to this attempt (a daily re-opened after a reload), with their feedback. */
  answered: z.array(z.lazy(() => AnswerFeedback)),
});
export type QuizSession = z.infer<typeof QuizSession>;

/** POST /quiz/answer: commit one answer; it is final, and the feedback comes back at once. */
export const AnswerQuestionBody = z.strictObject({
  attempt_id: z.uuid(),
  question_id: z.string().max(64),
  /** The chosen option's text. */
  answer: z.string().max(500),
});
export type AnswerQuestionBody = z.infer<typeof AnswerQuestionBody>;

export const SubmitQuizBody = z.object({
  quiz_type: QuizType,
  category_id: z.string().max(64).nullish(),
  /** Which served quiz this answers; without it the latest open attempt of that type is used. */
  attempt_id: z.uuid().optional(),
  /** Question id → the chosen option's text. */
  answers: z
    .record(z.string().max(64), z.string().max(500))
    .refine((a) => Object.keys(a).length <= 50, 'Too many answers'),
  /** Seconds the player took. */
  time_taken: z
    .number()
    .int()
    .min(0)
    .max(24 * 60 * 60),
});
export type SubmitQuizBody = z.infer<typeof SubmitQuizBody>;

export const QuizBadge = z.object({
  badge_id: z.string(),
  badge_name: z.string(),
  description: z.string(),
  /** A lucide-react icon name. */
  icon: z.string(),
});
export type QuizBadge = z.infer<typeof QuizBadge>;

export const QuestionReview = z.object({
  question_id: z.string(),
  question_text: z.string(),
  options: z.array(z.string()),
  image_url: z.string().nullable(),
  difficulty: QuizDifficulty,
  /** The option chosen, or null when unanswered or not one of the options. */
  chosen: z.string().nullable(),
  correct_answer: z.string(),
  is_correct: z.boolean(),
  explanation: z.string(),
  points_earned: z.number().int(),
});
export type QuestionReview = z.infer<typeof QuestionReview>;

/** The answer to POST /quiz/answer: right or wrong, the right option and why, once committed. */
export const AnswerFeedback = QuestionReview.pick({
  question_id: true,
  chosen: true,
  correct_answer: true,
  is_correct: true,
  explanation: true,
  points_earned: true,
});
export type AnswerFeedback = z.infer<typeof AnswerFeedback>;

export const QuizResult = z.object({
  attempt_id: z.string(),
  quiz_type: QuizType,
  category_id: z.string().nullable(),
  /** Percent of the quiz's questions answered right, 0–100. */
  score: z.number().int().min(0).max(100),
  correct_answers: z.number().int(),
  total_questions: z.number().int(),
  points_earned: z.number().int(),
  /** Of points_earned, the daily streak bonus. */
  streak_bonus: z.number().int(),
  time_taken: z.number().int(),
  level_up: z.boolean(),
  level: z.number().int(),
  total_points: z.number().int(),
  current_streak: z.number().int(),
  badges_earned: z.array(QuizBadge),
  /** The streak length just reached when it is a milestone (7, 14, 30, then every 30), else null. */
  streak_milestone: z.number().int().nullable(),
  share_data: z.object({ text: z.string(), hashtags: z.array(z.string()) }),
  review: z.array(QuestionReview),
});
export type QuizResult = z.infer<typeof QuizResult>;

/** GET /quiz/challenges: this week's goals and the badge shelf (the hub's Join Challenges). */
export const WeeklyChallenge = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  target: z.number().int(),
  progress: z.number().int(),
  completed: z.boolean(),
});
export type WeeklyChallenge = z.infer<typeof WeeklyChallenge>;

export const BadgeShelfItem = QuizBadge.extend({
  earned: z.boolean(),
  earned_at: z.string().nullable(),
});
export type BadgeShelfItem = z.infer<typeof BadgeShelfItem>;

export const QuizChallenges = z.object({
  /** Monday and Sunday of this week, YYYY-MM-DD in the player's time zone. */
  week_start: z.string(),
  week_end: z.string(),
  challenges: z.array(WeeklyChallenge),
  badges: z.array(BadgeShelfItem),
});
export type QuizChallenges = z.infer<typeof QuizChallenges>;

export const QuizMessages = {
  dailyCompleted: "You've completed today's daily challenge. Come back tomorrow for a new one!",
  noOpenAttempt: 'There is no quiz in progress to submit. Start the quiz again.',
  alreadySubmitted: 'This quiz has already been submitted.',
  attemptExpired: 'This quiz has expired. Start it again for a fresh set of questions.',
  wrongQuiz: 'These answers do not belong to that quiz.',
  implausibleTime: 'The time taken for this quiz is not plausible.',
  tooFast: 'That was quicker than anyone can read the questions. Take your time and try again.',
  unknownCategory: 'Unknown quiz category',
  notServed: 'That question is not part of this quiz.',
  notAnOption: 'Choose one of the options.',
  alreadyAnswered: 'You have already answered this question; answers are final.',
} as const;

export const QuizErrorCode = {
  dailyCompleted: 'daily_completed',
  noOpenAttempt: 'no_open_attempt',
  alreadySubmitted: 'already_submitted',
  attemptExpired: 'attempt_expired',
  implausibleTime: 'implausible_time',
  alreadyAnswered: 'already_answered',
} as const;
