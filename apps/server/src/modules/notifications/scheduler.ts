import {
  NOTIFICATIONS_PER_DAY,
  ROUTINE_REMINDER_LINK,
  type NotificationKind,
} from '@lumiskin/contract/notifications';
import { and, desc, eq, gte, inArray, isNotNull, isNull, lte, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { streakDays } from '../../lib/streak';
import { analyses } from '../analysis/schema';
import { users, type UserRow } from '../auth/schema';
import { blogPosts, postLikes, postSaves } from '../blog/schema';
import { quizAttempts } from '../quiz/schema';
import { localDay } from '../quiz/rules';
import { routineProducts } from '../routine/schema';
import { notifications, type NotificationRow } from './schema';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Who a notification goes to, for the senders (push, native push, email). */
export interface Recipient {
  id: string;
  name: string;
  email: string;
  emailNotifications: boolean;
  /** Optional mail goes only to an address its owner proved (decision 070). */
  emailConfirmed: boolean;
}

/** One way out besides the bell. A sender never throws for one device's failure. */
/** Who `user` is to the senders. */
export function recipientOf(user: UserRow): Recipient {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    emailNotifications: user.emailNotifications,
    emailConfirmed: user.emailConfirmedAt !== null,
  };
}

export interface NotificationSender {
  readonly name: string;
  send(recipient: Recipient, notification: NotificationRow): Promise<void>;
}

export interface RunResult {
  /** People whose reminders were looked at (locked by this run). */
  checked: number;
  /** People another run was handling at that moment (skipped, not waited for). */
  skipped: number;
  created: NotificationRow[];
}

/** A reminder due at 08:00 goes out at the first run before 11:00; after that it is stale. */
export const DELIVERY_WINDOW_MINUTES = 180;
/** "Time for a progress scan" this many days after the newest scan (issue 15). */
export const PROGRESS_SCAN_AFTER_DAYS = 14;
/** Articles older than this are not news. */
const NEW_ARTICLE_MAX_AGE_DAYS = 7;
/** When several are due at once and the day's cap is near, the first ones here win. */
const PRIORITY: NotificationKind[] = [
  'streak_ending',
  'routine_morning',
  'routine_evening',
  'daily_quiz',
  'progress_scan',
  'new_article',
];
/** The reminders of a day (their keys name the day): at most one of each per local day. */
const ONCE_A_DAY: ReadonlySet<NotificationKind> = new Set([
  'routine_morning',
  'routine_evening',
  'daily_quiz',
  'streak_ending',
]);
/** Kinds rare enough to email as well, when the person has Email Notifications on. */
export const EMAILED_KINDS: ReadonlySet<NotificationKind> = new Set([
  'progress_scan',
  'new_article',
]);

interface Due {
  kind: NotificationKind;
  title: string;
  body: string;
  link: string;
  dedupeKey: string;
}

/** Minutes since local midnight of `instant` in `timeZone`. */
export function localMinutes(instant: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(instant);
  const hour = Number(parts.find((p) => p.type === 'hour')?.value ?? 0);
  const minute = Number(parts.find((p) => p.type === 'minute')?.value ?? 0);
  return hour * 60 + minute;
}

function minutesOf(time: string): number {
  const [h = '0', m = '0'] = time.split(':');
  return Number(h) * 60 + Number(m);
}

/** Whether local time `now` (minutes) is in [at, at + window), the window not crossing midnight. */
function isWithin(now: number, at: number): boolean {
  return now >= at && now < Math.min(at + DELIVERY_WINDOW_MINUTES, 24 * 60);
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/**
 * Creates every notification due at `now` for everyone, each at most once per person (the unique
 * (user, dedupe_key) index) and never more than NOTIFICATIONS_PER_DAY in one of their days, then
 * hands each new one to the senders. Safe to run from several server instances at once: each
 * person is handled inside a transaction that holds their row (`FOR NO KEY UPDATE SKIP LOCKED`),
 * so a second run skips whoever the first is handling and sees what it committed.
 */
export async function runDueNotifications(
  db: Db,
  now: Date,
  senders: readonly NotificationSender[] = [],
  options: { onSendError?: (sender: string, error: unknown) => void } = {},
): Promise<RunResult> {
  const result: RunResult = { checked: 0, skipped: 0, created: [] };
  const candidates = await candidatesAt(db, now);
  for (const candidate of candidates) {
    const outcome = await db.transaction(async (tx) => {
      const [locked] = await tx
        .select()
        .from(users)
        .where(and(eq(users.id, candidate.id), isNull(users.suspendedAt)))
        .for('no key update', { skipLocked: true });
      if (!locked) return null;
      return createDue(tx, locked, now);
    });
    if (outcome === null) {
      result.skipped += 1;
      continue;
    }
    result.checked += 1;
    if (outcome.rows.length === 0) continue;
    result.created.push(...outcome.rows);
    const recipient = recipientOf(outcome.user);
    for (const row of outcome.rows) {
      for (const sender of senders) {
        try {
          await sender.send(recipient, row);
        } catch (error) {
          options.onSendError?.(sender.name, error);
        }
      }
    }
  }
  return result;
}

/**
 * People for whom something may be due now: a switch on, not suspended, and local time inside
 * the morning or evening window. Time zones are resolved in JavaScript (Intl) on a narrow row.
 */
async function candidatesAt(db: Db, now: Date): Promise<{ id: string }[]> {
  const rows = await db
    .select({
      id: users.id,
      timezone: users.timezone,
      morning: users.morningReminderTime,
      evening: users.eveningReminderTime,
    })
    .from(users)
    .where(
      and(
        isNull(users.suspendedAt),
        sql`(${users.notifyRoutine} or ${users.notifyDailyQuiz} or ${users.notifyStreak} or ${users.notifyProgressScan} or ${users.notifyNewArticle})`,
      ),
    );
  return rows.filter((row) => {
    const minutes = safeLocalMinutes(now, row.timezone);
    return isWithin(minutes, minutesOf(row.morning)) || isWithin(minutes, minutesOf(row.evening));
  });
}

function safeLocalMinutes(now: Date, timeZone: string): number {
  try {
    return localMinutes(now, timeZone);
  } catch {
    return localMinutes(now, 'UTC');
  }
}

/** The person's calendar day at `now` (UTC's when their zone is not one Intl knows). */
export function safeLocalDay(now: Date, timeZone: string): string {
  try {
    return localDay(now, timeZone);
  } catch {
    return localDay(now, 'UTC');
  }
}

async function createDue(
  tx: Tx,
  user: UserRow,
  now: Date,
): Promise<{ user: UserRow; rows: NotificationRow[] }> {
  const today = safeLocalDay(now, user.timezone);
  // The day's reminders; a security alert (decision 185) neither counts nor waits for room.
  const sentToday = await tx
    .select({ kind: notifications.kind })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, user.id),
        eq(notifications.localDay, today),
        ne(notifications.kind, 'new_sign_in'),
      ),
    );
  let room = NOTIFICATIONS_PER_DAY - sentToday.length;
  if (room <= 0) return { user, rows: [] };
  // A reminder of the day already in the bell for today, under any key (the demo's own, moved
  // with its story), is not sent again: the same "Your daily quiz is ready" twice in one morning.
  const kindsToday = new Set(sentToday.map((row) => row.kind));

  const due = await dueFor(tx, user, now, today);
  due.sort((a, b) => PRIORITY.indexOf(a.kind) - PRIORITY.indexOf(b.kind));
  const rows: NotificationRow[] = [];
  for (const item of due) {
    if (room <= 0) break;
    if (ONCE_A_DAY.has(item.kind) && kindsToday.has(item.kind)) continue;
    const [row] = await tx
      .insert(notifications)
      .values({ userId: user.id, localDay: today, createdAt: now, ...item })
      .onConflictDoNothing({ target: [notifications.userId, notifications.dedupeKey] })
      .returning();
    if (row) {
      rows.push(row);
      room -= 1;
    }
  }
  return { user, rows };
}

/** What is due for this person at `now` (already-sent ones are dropped by the unique key). */
async function dueFor(tx: Tx, user: UserRow, now: Date, today: string): Promise<Due[]> {
  const minutes = safeLocalMinutes(now, user.timezone);
  const isMorning = isWithin(minutes, minutesOf(user.morningReminderTime));
  const isEvening = isWithin(minutes, minutesOf(user.eveningReminderTime));
  const due: Due[] = [];

  if (user.notifyRoutine && (isMorning || isEvening)) {
    const time = isMorning ? 'morning' : 'evening';
    const steps = await tx
      .select({ name: routineProducts.name })
      .from(routineProducts)
      .where(and(eq(routineProducts.userId, user.id), eq(routineProducts.applicationTime, time)))
      .orderBy(routineProducts.position);
    if (steps.length > 0) {
      due.push({
        kind: isMorning ? 'routine_morning' : 'routine_evening',
        title: isMorning ? 'Your morning routine' : 'Your evening routine',
        body: `${plural(steps.length, 'step')}, starting with ${steps[0]!.name}.`,
        // The dashboard's routine card (its anchor), not the dashboard's top.
        link: ROUTINE_REMINDER_LINK,
        dedupeKey: `routine_${time}:${today}`,
      });
    }
  }

  if ((user.notifyDailyQuiz && isMorning) || (user.notifyStreak && isEvening)) {
    const days = await tx
      .select({ day: quizAttempts.quizDay })
      .from(quizAttempts)
      .where(
        and(
          eq(quizAttempts.userId, user.id),
          eq(quizAttempts.quizType, 'daily'),
          isNotNull(quizAttempts.submittedAt),
        ),
      )
      .orderBy(desc(quizAttempts.quizDay))
      .limit(400);
    const dayList = days.map((d) => d.day);
    // A newest day after today (the person moved west after playing) counts as done.
    const playedToday = dayList.some((day) => day >= today);
    // Only players get quiz reminders: someone who never played asked for nothing.
    if (user.notifyDailyQuiz && isMorning && dayList.length > 0 && !playedToday) {
      due.push({
        kind: 'daily_quiz',
        title: 'Your daily quiz is ready',
        body: "Today's five questions are waiting. A few minutes is all it takes.",
        link: '/quiz/daily',
        dedupeKey: `daily_quiz:${today}`,
      });
    }
    const streak = streakDays(dayList, today);
    if (user.notifyStreak && isEvening && !playedToday && streak > 0) {
      due.push({
        kind: 'streak_ending',
        title: 'Your streak ends tonight',
        body: `Your ${streak}-day streak ends at midnight. Play today's quiz to keep it.`,
        link: '/quiz/daily',
        dedupeKey: `streak_ending:${today}`,
      });
    }
  }

  if (user.notifyProgressScan && isMorning) {
    const [last] = await tx
      .select({ id: analyses.id, createdAt: analyses.createdAt })
      .from(analyses)
      .where(eq(analyses.userId, user.id))
      .orderBy(desc(analyses.createdAt))
      .limit(1);
    const ageDays = last ? Math.floor((now.getTime() - last.createdAt.getTime()) / 86_400_000) : 0;
    if (last && ageDays >= PROGRESS_SCAN_AFTER_DAYS) {
      due.push({
        kind: 'progress_scan',
        title: 'Time for a progress scan',
        body: `It has been ${plural(ageDays, 'day')} since your last scan. A new one shows how your skin has changed.`,
        link: '/scan',
        // Once per newest scan: scanning again starts a new fortnight.
        dedupeKey: `progress_scan:${last.id}`,
      });
    }
  }

  if (user.notifyNewArticle && isMorning) {
    const article = await newArticleIn(tx, user, now);
    if (article) {
      due.push({
        kind: 'new_article',
        title: `New in ${article.category}`,
        body: article.title,
        link: `/learn/${encodeURIComponent(article.slug)}`,
        dedupeKey: `new_article:${article.id}`,
      });
    }
  }
  return due;
}

/**
 * The newest article of the last week in a topic the person follows — a category of an article
 * they saved (decision 033) — that they have not saved, liked or been told about yet.
 */
async function newArticleIn(tx: Tx, user: UserRow, now: Date) {
  const followed = await tx
    .selectDistinct({ category: blogPosts.category })
    .from(postSaves)
    .innerJoin(blogPosts, eq(blogPosts.id, postSaves.postId))
    .where(eq(postSaves.userId, user.id));
  if (followed.length === 0) return undefined;
  const since = new Date(now.getTime() - NEW_ARTICLE_MAX_AGE_DAYS * 86_400_000);
  const [article] = await tx
    .select({
      id: blogPosts.id,
      slug: blogPosts.slug,
      title: blogPosts.title,
      category: blogPosts.category,
    })
    .from(blogPosts)
    .where(
      and(
        eq(blogPosts.status, 'published'),
        lte(blogPosts.publishedAt, now),
        gte(blogPosts.publishedAt, since),
        // Written before they joined, it is not news to them.
        gte(blogPosts.publishedAt, user.createdAt),
        inArray(
          blogPosts.category,
          followed.map((f) => f.category),
        ),
        sql`not exists (select 1 from ${postSaves} where ${postSaves.postId} = ${blogPosts.id} and ${postSaves.userId} = ${user.id})`,
        sql`not exists (select 1 from ${postLikes} where ${postLikes.postId} = ${blogPosts.id} and ${postLikes.userId} = ${user.id})`,
        sql`not exists (select 1 from ${notifications} where ${notifications.userId} = ${user.id} and ${notifications.dedupeKey} = 'new_article:' || ${blogPosts.id}::text)`,
      ),
    )
    .orderBy(desc(blogPosts.publishedAt))
    .limit(1);
  return article;
}
