/** Use cases that read a player's progress: categories, stats, the leaderboard, this week. */
import type {
  BadgeShelfItem,
  LeaderboardEntry,
  QuizCategory,
  QuizChallenges,
  QuizStats,
} from '@lumiskin/contract/quiz';
import type { Db } from '../../db/client';
import { streakDays } from '../../lib/streak';
import {
  allCategories,
  answerCounts,
  categoriesWithCounts,
  completedDailyDays,
  earnedBadges,
  leaderboardRows,
  longestStreak,
  masteredCountsByCategory,
  playerRank,
  playerTotal,
  submittedAttemptsBetween,
} from './queries';
import {
  BADGES,
  WEEKLY_CHALLENGES,
  categoryBadge,
  levelFor,
  levelProgress,
  localDay,
  toBadge,
  weekOf,
  type BadgeDefinition,
  type QuizContext,
} from './rules';
import type { QuizCategoryRow } from './schema';

const categoryBadgeOf = (c: QuizCategoryRow) =>
  categoryBadge({ id: c.id, name: c.name, badge_reward: c.badgeReward });

export async function listCategories(
  db: Db,
  userId: string,
  /** The categories and their question counts, the same for every player (a cached copy). */
  content: () => ReturnType<typeof categoriesWithCounts> = () => categoriesWithCounts(db),
): Promise<QuizCategory[]> {
  const categories = await content();
  const mastered = await masteredCountsByCategory(db, userId);
  const badges = await earnedBadges(db, userId);

  return categories.map(({ category, total }) => {
    const done = Math.min(mastered.get(category.id) ?? 0, total);
    return {
      id: category.id,
      name: category.name,
      icon: category.icon,
      color: category.color,
      description: category.description,
      total_questions: total,
      estimated_time: category.estimatedTime,
      badge_reward: category.badgeReward,
      user_progress: {
        completion_rate: total === 0 ? 0 : done / total,
        questions_mastered: done,
        badge_earned: badges.has(categoryBadgeOf(category).badge_id),
      },
    };
  });
}

export async function getStats(db: Db, ctx: QuizContext): Promise<QuizStats> {
  const total = await playerTotal(db, ctx.userId);
  const answers = await answerCounts(db, ctx.userId);
  const dailyDays = await completedDailyDays(db, ctx.userId);
  const badges = await earnedBadges(db, ctx.userId);
  const today = localDay(ctx.now, ctx.timeZone);

  return {
    total_points: total.points,
    ...levelProgress(total.points),
    current_streak: streakDays(dailyDays, today),
    longest_streak: await longestStreak(db, ctx.userId),
    accuracy_rate: answers.total === 0 ? 0 : answers.correct / answers.total,
    rank: await playerRank(db, ctx.userId),
    quizzes_completed: total.attempts,
    questions_answered: answers.total,
    badges_count: badges.size,
    // The same closing rule as GET /daily-quiz: today or a later day (after a zone change) done.
    daily_completed_today: dailyDays[0] !== undefined && dailyDays[0] >= today,
  };
}

/** "Ada Lovelace" → "Ada L.": the leaderboard is public to every player, full names are not. */
export function displayName(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const first = parts[0] ?? 'Player';
  const last = parts.length > 1 ? parts[parts.length - 1] : undefined;
  return last ? `${first} ${last.charAt(0).toUpperCase()}.` : first;
}

export async function leaderboard(
  db: Db,
  limit: number,
  currentUserId: string,
): Promise<LeaderboardEntry[]> {
  const rows = await leaderboardRows(db, limit);
  return rows.map((r) => ({
    user_id: r.user_id,
    rank: r.rank,
    username: displayName(r.name),
    level: levelFor(r.points),
    points: r.points,
    badges_count: r.badges_count,
    is_current_user: r.user_id === currentUserId,
  }));
}

/** This week's challenges (progress only) and the badge shelf. */
export async function getChallenges(db: Db, ctx: QuizContext): Promise<QuizChallenges> {
  const week = weekOf(localDay(ctx.now, ctx.timeZone));
  const attempts = await submittedAttemptsBetween(db, ctx.userId, week.start, week.end);
  const measures = {
    dailyDays: new Set(attempts.filter((a) => a.quizType === 'daily').map((a) => a.quizDay)).size,
    correctAnswers: attempts.reduce((sum, a) => sum + (a.correct ?? 0), 0),
    categories: new Set(attempts.flatMap((a) => (a.categoryId ? [a.categoryId] : []))).size,
  };

  const earned = await earnedBadges(db, ctx.userId);
  const catalogue: BadgeDefinition[] = [
    ...Object.values(BADGES),
    // A hidden category's badge stays on the shelf of those who earned it, and no one else's.
    ...(await allCategories(db))
      .map((c) => ({ hidden: c.hidden, badge: categoryBadgeOf(c) }))
      .filter(({ hidden, badge }) => !hidden || earned.has(badge.badge_id))
      .map(({ badge }) => badge),
  ];
  const badges: BadgeShelfItem[] = catalogue.map((b) => ({
    ...toBadge(b),
    earned: earned.has(b.badge_id),
    earned_at: earned.get(b.badge_id)?.toISOString() ?? null,
  }));

  return {
    week_start: week.start,
    week_end: week.end,
    challenges: WEEKLY_CHALLENGES.map((c) => ({
      id: c.id,
      title: c.title,
      description: c.description,
      target: c.target,
      progress: Math.min(measures[c.measure], c.target),
      completed: measures[c.measure] >= c.target,
    })),
    badges,
  };
}
