import { z } from 'zod';
import './plain-errors';

/**
 * GET /api/dashboard/stats (docs/product-rules.md#entities), computed in SQL for the signed-in user.
 *
 * - total_analyses: every stored scan of the user.
 * - average_score: mean of the scans' overall scores, one decimal; null when there are none
 *   (the card then shows 'N/A').
 * - this_week: scans in the last 7 × 24 hours (a rolling window, not the calendar week).
 * - streak_days: the day streak, the same number as the quiz's current_streak: consecutive
 *   calendar days with a completed daily challenge, counted back from today, or from yesterday
 *   when today's is not done yet. "Today" is read in the zone of a recent daily, else the
 *   X-Timezone header, else users.timezone (docs/quiz-rules.md#streaks-and-the-day-boundary).
 */
export const DashboardStats = z.object({
  total_analyses: z.number().int().min(0),
  average_score: z.number().min(0).max(100).nullable(),
  this_week: z.number().int().min(0),
  streak_days: z.number().int().min(0),
});
export type DashboardStats = z.infer<typeof DashboardStats>;

export const DashboardStatsResponse = z.object({ stats: DashboardStats });
export type DashboardStatsResponse = z.infer<typeof DashboardStatsResponse>;

/** Scan history for the dashboard and profile is GET /api/analysis/history (contract `analysis-api`). */
