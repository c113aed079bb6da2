import type { DashboardStats } from '@lumiskin/contract/dashboard';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { streakDays } from '../../lib/streak';
import { analyses } from '../analysis/schema';
import { quizAttempts } from '../quiz/schema';

/**
 * The four dashboard numbers in one statement (definitions in contract `dashboard.ts`). None of
 * them compares one scan with another, so capture conditions do not enter: a scan in any light
 * counts. Changes between scans (trends, improvement) are worked out in the web app against the
 * last scan in comparable conditions (`apps/web/src/lib/scan/baseline.ts`). Every
 * subquery reads only this user's rows through analyses_user_created_idx, so the cost grows with
 * the user's own scans, not with the table. `now` is a parameter so tests can move the clock.
 * The streak is the one day streak of the product: consecutive days with a completed daily
 * challenge (docs/quiz-rules.md#streaks-and-the-day-boundary), the number the quiz hub shows, by
 * the same rule (`src/lib/streak.ts`); pass the zone the quiz uses so both agree on "today".
 */
export async function dashboardStats(
  db: Db,
  input: { userId: string; timezone: string; now: Date },
): Promise<DashboardStats> {
  const { userId, timezone, now } = input;
  const nowTs = sql`${now.toISOString()}::timestamptz`;
  const localDate = (ts: SQL) => sql`to_char((${ts} at time zone ${timezone})::date, 'YYYY-MM-DD')`;
  const rows = await db.execute<{
    total_analyses: number;
    average_score: string | null;
    this_week: number;
    days: string[];
    today: string;
  }>(sql`
    with mine as (
      select ${analyses.createdAt} as created_at, ${analyses.overallScore} as overall_score
      from ${analyses}
      where ${analyses.userId} = ${userId} and ${analyses.createdAt} <= ${nowTs}
    )
    select
      (select count(*)::int from mine) as total_analyses,
      (select round(avg(overall_score)::numeric, 1) from mine) as average_score,
      (select count(*)::int from mine where created_at > ${nowTs} - interval '7 days') as this_week,
      (select coalesce(array_agg(distinct ${quizAttempts.quizDay}::text), '{}') from ${quizAttempts}
        where ${quizAttempts.userId} = ${userId} and ${quizAttempts.quizType} = 'daily'
          and ${quizAttempts.submittedAt} is not null) as days,
      ${localDate(nowTs)} as today`);
  const row = rows[0];
  return {
    total_analyses: Number(row?.total_analyses ?? 0),
    average_score: row?.average_score == null ? null : Number(row.average_score),
    this_week: Number(row?.this_week ?? 0),
    streak_days: row ? streakDays(row.days, row.today) : 0,
  };
}
