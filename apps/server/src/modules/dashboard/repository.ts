import type { DashboardStats } from '@lumiskin/contract/dashboard';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { streakDays } from '../../lib/streak';
import { analyses } from '../analysis/schema';
import { quizAttempts } from '../quiz/schema';

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * What the four dashboard numbers are made of, read at `at` (definitions in contract
 * `dashboard.ts`): they stay true for any later moment until the person's scans change, as long
 * as no scan dated after `at` (`nextScanAt`) has come within reach. So the route keeps them per
 * person and works the numbers out at each request (`statsAt`) instead of reading every scan.
 */
export interface DashboardFigures {
  at: number;
  timezone: string;
  total: number;
  average: number | null;
  /** Days with a completed daily challenge, YYYY-MM-DD (the quiz's days). */
  days: string[];
  /** Times (ms) of the scans in the 7 days before `at`. */
  recent: number[];
  nextScanAt: number | null;
  /** YYYY-MM-DD of `at` in `timezone`, as PostgreSQL counts it. */
  today: string;
  /** The streak last worked out from `days`, and the day it was for (`statsAt` keeps it). */
  streak?: { today: string; days: number };
}

/**
 * One statement. None of the numbers compares one scan with another, so capture conditions do
 * not enter: a scan in any light counts. Changes between scans (trends, improvement) are worked
 * out in the web app against the last scan in comparable conditions
 * (`apps/web/src/lib/scan/baseline.ts`). Every subquery reads only this user's rows through
 * analyses_user_created_idx, so the cost grows with the user's own scans, not with the table.
 * `now` is a parameter so tests can move the clock. Scans are bucketed into days in the user's
 * zone here; the streak over those days is the one rule the quiz uses too (`src/lib/streak.ts`).
 */
export async function dashboardFigures(
  db: Db,
  input: { userId: string; timezone: string; now: Date },
): Promise<DashboardFigures> {
  const { userId, timezone, now } = input;
  const nowTs = sql`${now.toISOString()}::timestamptz`;
  const localDate = (ts: SQL) => sql`to_char((${ts} at time zone ${timezone})::date, 'YYYY-MM-DD')`;
  const rows = await db.execute<{
    total_analyses: number;
    average_score: string | null;
    recent: string[];
    days: string[];
    next_scan_at: string | null;
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
      (select coalesce(array_agg((extract(epoch from created_at) * 1000)::bigint::text), '{}')
        from mine where created_at > ${nowTs} - interval '7 days') as recent,
      (select coalesce(array_agg(distinct ${quizAttempts.quizDay}::text), '{}') from ${quizAttempts}
        where ${quizAttempts.userId} = ${userId} and ${quizAttempts.quizType} = 'daily'
          and ${quizAttempts.submittedAt} is not null) as days,
      (select (extract(epoch from min(${analyses.createdAt})) * 1000)::bigint::text from ${analyses}
        where ${analyses.userId} = ${userId} and ${analyses.createdAt} > ${nowTs}) as next_scan_at,
      ${localDate(nowTs)} as today`);
  const row = rows[0];
  return {
    at: now.getTime(),
    timezone,
    total: Number(row?.total_analyses ?? 0),
    average: row?.average_score == null ? null : Number(row.average_score),
    days: row?.days ?? [],
    recent: (row?.recent ?? []).map(Number),
    nextScanAt: row?.next_scan_at == null ? null : Number(row.next_scan_at),
    today: row?.today ?? localDay(now, timezone) ?? now.toISOString().slice(0, 10),
  };
}

/**
 * Per zone: its formatter (making one costs far more than the request it serves) and the last
 * day it gave, with the minute that day was read in. Local midnight falls on a whole minute in
 * every zone in use (offsets are whole minutes, most whole quarter hours), so within one minute
 * the day cannot change: one format a minute per zone, not one per request.
 */
const dayFormats = new Map<
  string,
  { format: Intl.DateTimeFormat | null; minute: number; day: string | null }
>();
const DAY_FORMATS_KEPT = 1_000;
const MINUTE_MS = 60_000;

function formatterFor(timezone: string): Intl.DateTimeFormat | null {
  try {
    return new Intl.DateTimeFormat('en-CA', {
      timeZone: timezone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
  } catch {
    return null;
  }
}

/** YYYY-MM-DD of `now` in `timezone`, or null when this runtime does not know the zone. */
function localDay(now: Date, timezone: string): string | null {
  const minute = Math.floor(now.getTime() / MINUTE_MS);
  let kept = dayFormats.get(timezone);
  if (kept === undefined) {
    kept = { format: formatterFor(timezone), minute: Number.NaN, day: null };
    if (dayFormats.size >= DAY_FORMATS_KEPT) dayFormats.clear();
    dayFormats.set(timezone, kept);
  }
  if (kept.minute !== minute) {
    kept.day = kept.format ? kept.format.format(now) : null;
    kept.minute = minute;
  }
  return kept.day;
}

/**
 * The numbers at `now` (not before `figures.at`), or null when the figures must be read again.
 * Always the numbers at `figures.at` itself.
 */
export function statsAt(figures: DashboardFigures, now: Date): DashboardStats | null {
  const time = now.getTime();
  if (time < figures.at) return null;
  if (figures.nextScanAt !== null && figures.nextScanAt <= time) return null;
  const today = time === figures.at ? figures.today : localDay(now, figures.timezone);
  if (today === null) return null;
  return {
    total_analyses: figures.total,
    average_score: figures.average,
    this_week: figures.recent.filter((t) => t > time - WEEK_MS).length,
    streak_days: streakOn(figures, today),
  };
}

/** The day streak ending `today`, worked out once per day the figures are read on. */
function streakOn(figures: DashboardFigures, today: string): number {
  if (figures.streak?.today !== today) {
    figures.streak = { today, days: streakDays(figures.days, today) };
  }
  return figures.streak.days;
}
