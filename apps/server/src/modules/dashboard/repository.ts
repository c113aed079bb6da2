import type { DashboardStats } from '@lumiskin/contract/dashboard';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { analyses } from '../analysis/schema';

/**
 * The four dashboard numbers in one statement (definitions in contract `dashboard.ts`). None of
 * them compares one scan with another, so capture conditions do not enter: a scan in any light
 * counts. Changes between scans (trends, improvement) are worked out in the web app against the
 * last scan in comparable conditions (`apps/web/src/lib/scan-baseline.ts`). Every
 * subquery reads only this user's rows through analyses_user_created_idx, so the cost grows with
 * the user's own scans, not with the table. `now` is a parameter so tests can move the clock.
 */
export async function dashboardStats(
  db: Db,
  input: { userId: string; timezone: string; now: Date },
): Promise<DashboardStats> {
  const { userId, timezone, now } = input;
  const nowTs = sql`${now.toISOString()}::timestamptz`;
  const rows = await db.execute<{
    total_analyses: number;
    average_score: string | null;
    this_week: number;
    streak_days: number;
  }>(sql`
    with mine as (
      select ${analyses.createdAt} as created_at, ${analyses.overallScore} as overall_score
      from ${analyses}
      where ${analyses.userId} = ${userId} and ${analyses.createdAt} <= ${nowTs}
    ),
    days as (
      select distinct (created_at at time zone ${timezone})::date as day from mine
    ),
    -- Gaps and islands: along consecutive days, newest first, day + row number stays constant.
    islands as (
      select day, day + (row_number() over (order by day desc))::int as island from days
    ),
    newest as (select day, island from islands order by day desc limit 1)
    select
      (select count(*)::int from mine) as total_analyses,
      (select round(avg(overall_score)::numeric, 1) from mine) as average_score,
      (select count(*)::int from mine where created_at > ${nowTs} - interval '7 days') as this_week,
      coalesce((
        select count(*)::int from islands i join newest n on i.island = n.island
        -- the streak is alive if its newest day is today or yesterday in the user's zone
        where n.day >= (${nowTs} at time zone ${timezone})::date - 1
      ), 0) as streak_days`);
  const row = rows[0];
  return {
    total_analyses: Number(row?.total_analyses ?? 0),
    average_score: row?.average_score == null ? null : Number(row.average_score),
    this_week: Number(row?.this_week ?? 0),
    streak_days: Number(row?.streak_days ?? 0),
  };
}
