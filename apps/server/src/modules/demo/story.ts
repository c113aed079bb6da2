import type { ScanConcern } from '@lumiskin/contract/analysis';
import { ROUTINE_REMINDER_LINK } from '@lumiskin/contract/notifications';
import { CONSENT_VERSION } from '@lumiskin/contract/scan';
import { and, asc, count, desc, eq, gt, max, min, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { defaultAnalysisConfig } from '../analysis/config';
import { recordConsent } from '../analysis/repository';
import { analyses } from '../analysis/schema';
import { runScan } from '../analysis/scan-service';
import { findUserByEmail } from '../auth/repository';
import { users } from '../auth/schema';
import { DEMO_USER, demoUserSeeder } from '../auth/seed';
import { likePost, resolvePostId, savePost } from '../blog/repository';
import { readerKey, recordView, utcDay as viewDay } from '../blog/views';
import { blogPosts } from '../blog/schema';
import { contentVersions } from '../content/schema';
import { mixItems } from '../mix/schema';
import { notifications } from '../notifications/schema';
import { questionsByIds } from '../quiz/queries';
import { serveDaily } from '../quiz/serve-quiz';
import { submitQuiz } from '../quiz/submit-quiz';
import { addRoutineProduct, removeRoutineProduct } from '../routine/repository';
import { localDay } from '../quiz/rules';
import { routineCheckOffs, routineHistory, routineProducts } from '../routine/schema';
import { deleteAccount } from '../users/repository';
import { blemishSites, demoVariant, loadDemoPhoto, toJpeg } from './photos';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The demo's ten weeks: days before seeding, how many blemishes the photo carries, a warm flush
 * and the light. Spots fade as the routine works, so the engine's scores rise; the light moves a
 * little from scan to scan as it would at home. The newest scan is a day old (the spec's sample
 * history has scans 1 and 7 days old, docs/product-rules.md#entities).
 */
export const DEMO_SCANS = [
  { daysAgo: 70, spots: 26, flush: 1, light: 0.94, type: 'comprehensive' },
  { daysAgo: 62, spots: 23, flush: 0.9, light: 1.0, type: 'quick' },
  { daysAgo: 54, spots: 20, flush: 0.8, light: 0.97, type: 'quick' },
  { daysAgo: 45, spots: 16, flush: 0.6, light: 1.02, type: 'quick' },
  { daysAgo: 37, spots: 12, flush: 0.5, light: 0.98, type: 'comprehensive' },
  { daysAgo: 28, spots: 9, flush: 0.4, light: 1.0, type: 'quick' },
  { daysAgo: 19, spots: 6, flush: 0.3, light: 1.01, type: 'quick' },
  { daysAgo: 7, spots: 3, flush: 0.1, light: 0.99, type: 'quick' },
  { daysAgo: 1, spots: 1, flush: 0, light: 1.0, type: 'comprehensive' },
] as const;

const CONCERNS: ScanConcern[] = ['acne', 'redness'];
const LIKED = ['know-your-skin-type', 'sunscreen-and-the-uv-index', 'retinoids-a-beginners-guide'];
const SAVED = ['sunscreen-and-the-uv-index', 'retinoids-a-beginners-guide'];
/** Daily quizzes on the six days before seeding (a streak that today's daily continues). */
const QUIZ_DAYS_AGO = [6, 5, 4, 3, 2, 1];

/** The demo signed up this many days before its first scan (a first look around, then a scan). */
export const DEMO_SIGNED_UP_DAYS_BEFORE_FIRST_SCAN = 2;

/** A day before `now` at a given local-ish hour (UTC), so rows read as made in the evening. */
function daysBefore(now: Date, days: number, hour = 19): Date {
  const d = new Date(now.getTime() - days * DAY_MS);
  d.setUTCHours(hour, 0, 0, 0);
  return d.getTime() > now.getTime() ? new Date(now.getTime() - 60_000) : d;
}

/** Sets created_at/added_at on rows this run inserted "now" (after `since`) to the story's date. */
async function backdate(db: Db, userId: string, since: Date, at: Date): Promise<void> {
  await db
    .update(routineHistory)
    .set({ createdAt: at })
    .where(and(eq(routineHistory.userId, userId), gt(routineHistory.createdAt, since)));
  await db
    .update(routineProducts)
    .set({ addedAt: at })
    .where(and(eq(routineProducts.userId, userId), gt(routineProducts.addedAt, since)));
}

async function playDaily(db: Db, userId: string, timeZone: string, at: Date, wrong: number) {
  const session = await serveDaily(db, { userId, now: at, timeZone });
  const rows = await questionsByIds(
    db,
    session.questions.map((q) => q.id),
  );
  const answers: Record<string, string> = {};
  rows.forEach((row, i) => {
    answers[row.id] =
      i < wrong ? (row.options.find((o) => o !== row.correctAnswer) ?? '') : row.correctAnswer;
  });
  await submitQuiz(
    db,
    { userId, now: new Date(at.getTime() + 95_000), timeZone },
    { quiz_type: 'daily', attempt_id: session.attempt_id ?? undefined, answers, time_taken: 90 },
  );
}

/** Builds the demo account's ten weeks with the real engine (through the app's worker pool). */
async function buildStory(
  app: FastifyInstance,
  userId: string,
  now: Date,
  log: (m: string) => void,
) {
  const db = app.db;
  const started = performance.now();
  const user = await findUserByEmail(db, DEMO_USER.email);
  if (!user) return;
  // The photo-stays-here text: the demo's scans are our engine's alone (no outside service). On a
  // server that uses one, the demo is asked to agree to that text before a scan of its own.
  await recordConsent(db, userId, CONSENT_VERSION);

  const photo = await loadDemoPhoto();
  const baseline = await app.scanPool.analyze({
    image: {
      data: new Uint8Array(photo.data),
      width: photo.width,
      height: photo.height,
      channels: 3,
    },
    analysisType: 'quick',
  });
  if (!baseline.ok) throw new Error(`demo photo refused by the engine: ${baseline.code}`);
  const sites = blemishSites(
    baseline.regions
      .filter((r) => ['forehead', 'left_cheek', 'right_cheek', 'chin'].includes(r.region))
      .flatMap((r) => r.polygons as Array<Array<[number, number]>>),
  );

  const config = app.config.analysis ?? defaultAnalysisConfig;
  const deps = {
    db,
    storage: app.photoStorage,
    pool: app.scanPool,
    weather: null,
    // The demo never calls outside services: its scores are the engine's own.
    config: { ...config, skinApi: null, chatReport: null },
    catalogue: () => app.catalogue.get(),
    saved: (userId: string) => app.forgetUser(userId),
    log: app.log,
  };
  for (const [i, scan] of DEMO_SCANS.entries()) {
    const at = daysBefore(now, scan.daysAgo, 18 + (i % 3));
    const front = await toJpeg(demoVariant(photo, sites, scan));
    await runScan(
      { ...deps, now: () => at },
      {
        user,
        front,
        extras: [],
        location: 'London',
        analysisType: scan.type,
        concerns: CONCERNS,
      },
    );
    // A few changes to the routine the first scan set up, as a person would make them.
    const since = new Date(Date.now() - 1000);
    if (i === 2) {
      await addRoutineProduct(db, userId, {
        name: 'Hydrating toner',
        type: 'toner',
        purpose: 'A splash of hydration after cleansing',
        application_time: 'evening',
        frequency: 'daily',
        notes: 'Pat in with hands, no cotton pad.',
      });
      await backdate(db, userId, since, new Date(at.getTime() + 3_600_000));
    } else if (i === 5) {
      const [toner] = await db
        .select({ id: routineProducts.id })
        .from(routineProducts)
        .where(
          and(eq(routineProducts.userId, userId), eq(routineProducts.name, 'Hydrating toner')),
        );
      if (toner) {
        await removeRoutineProduct(db, userId, toner.id, 'Made no difference; keeping it simple');
        await backdate(db, userId, since, new Date(at.getTime() + 3_600_000));
      }
      await addRoutineProduct(db, userId, {
        name: 'Mineral sunscreen SPF 50',
        type: 'sunscreen',
        purpose: 'Higher protection for the summer',
        application_time: 'morning',
        frequency: 'daily',
        notes: '',
      });
      await backdate(db, userId, since, new Date(at.getTime() + 3_700_000));
    }
  }

  const mixAt = daysBefore(now, 30, 20);
  await db
    .insert(mixItems)
    .values([
      { userId, productId: 'sebobalance', quantity: 1, addedAt: mixAt },
      { userId, productId: 'renewlift', quantity: 1, addedAt: mixAt },
    ])
    .onConflictDoNothing();

  // Articles are read before they are liked or saved: each counts the demo's one view, as the
  // article page's beacon would have (otherwise the admin's list reads "0 views · 1 like").
  const postIds = new Map<string, string>();
  for (const slug of new Set([...LIKED, ...SAVED])) {
    const id = await resolvePostId(db, slug);
    if (id) postIds.set(slug, id);
  }
  for (const [i, id] of [...postIds.values()].entries())
    await recordView(db, id, readerKey(userId), viewDay(daysBefore(now, 40 - 7 * i, 21)));
  for (const slug of LIKED) {
    const id = postIds.get(slug);
    if (id) await likePost(db, id, userId);
  }
  for (const slug of SAVED) {
    const id = postIds.get(slug);
    if (id) await savePost(db, id, userId);
  }

  // Most evenings and many mornings of the last six weeks checked off, a few missed: the
  // consistency tile reads like a real habit (docs/product-rules.md#routine-consistency).
  const checkOffs = Array.from({ length: 42 }, (_, d) => d + 1).flatMap((daysAgo) => {
    const day = localDay(daysBefore(now, daysAgo, 12), user.timezone);
    const rows: { userId: string; day: string; session: 'morning' | 'evening' }[] = [];
    if (daysAgo % 6 !== 0) rows.push({ userId, day, session: 'evening' });
    if (daysAgo % 3 === 0) rows.push({ userId, day, session: 'morning' });
    return rows;
  });
  await db.insert(routineCheckOffs).values(checkOffs).onConflictDoNothing();

  for (const [i, days] of QUIZ_DAYS_AGO.entries()) {
    await playDaily(db, userId, user.timezone, daysBefore(now, days, 20), i % 3 === 1 ? 1 : 0);
  }
  log(
    `built the demo story (${DEMO_SCANS.length} scans) in ${Math.round(performance.now() - started)} ms`,
  );
}

/**
 * What a person who had used the app for ten weeks would have beyond their scans (issue 34): a
 * sign-up date before the first scan (not the day the seeder ran) and a bell with a few of the
 * reminders the scheduler sends, the newest unread. Safe to run again: it only moves a sign-up
 * that is later than the first scan, and adds notifications only to an empty bell.
 */
export async function settleDemoAccount(db: Db, userId: string, now: Date): Promise<void> {
  const [first] = await db
    .select({ at: min(analyses.createdAt) })
    .from(analyses)
    .where(eq(analyses.userId, userId));
  if (!first?.at) return;
  const signedUp = new Date(
    new Date(first.at).getTime() - DEMO_SIGNED_UP_DAYS_BEFORE_FIRST_SCAN * DAY_MS,
  );
  await db
    .update(users)
    .set({ createdAt: signedUp })
    .where(and(eq(users.id, userId), gt(users.createdAt, signedUp)));

  const [bell] = await db
    .select({ n: count() })
    .from(notifications)
    .where(eq(notifications.userId, userId));
  if (bell?.n) return;
  const evening = await db
    .select({ name: routineProducts.name })
    .from(routineProducts)
    .where(and(eq(routineProducts.userId, userId), eq(routineProducts.applicationTime, 'evening')))
    .orderBy(asc(routineProducts.position));
  const [article] = await db
    .select({ slug: blogPosts.slug, title: blogPosts.title, category: blogPosts.category })
    .from(blogPosts)
    .where(eq(blogPosts.status, 'published'))
    .orderBy(desc(blogPosts.publishedAt))
    .limit(1);
  const day = (d: Date) => d.toISOString().slice(0, 10);
  const row = (
    kind: (typeof notifications.$inferInsert)['kind'],
    at: Date,
    isRead: boolean,
    text: { title: string; body: string; link: string },
  ) => ({
    userId,
    kind,
    ...text,
    // Its own keys (they stay as the story moves); the scheduler still sends no reminder of a
    // day that is already in the bell for that day (it checks the kind and the day).
    dedupeKey: `demo:${kind}:${day(at)}`,
    localDay: day(at),
    createdAt: at,
    readAt: isRead ? new Date(at.getTime() + 2 * 3_600_000) : null,
  });
  const rows = [
    row('progress_scan', daysBefore(now, 8, 9), true, {
      title: 'Time for a progress scan',
      body: 'It has been 11 days since your last scan. A new one shows how your skin has changed.',
      link: '/scan',
    }),
    row('routine_evening', daysBefore(now, 1, 20), true, {
      title: 'Your evening routine',
      body:
        evening.length > 0
          ? `${evening.length} ${evening.length === 1 ? 'step' : 'steps'}, starting with ${evening[0]!.name}.`
          : 'Time for your evening routine.',
      link: ROUTINE_REMINDER_LINK,
    }),
    row('daily_quiz', daysBefore(now, 0, 8), false, {
      title: 'Your daily quiz is ready',
      body: "Today's five questions are waiting. A few minutes is all it takes.",
      link: '/quiz/daily',
    }),
  ];
  if (article)
    rows.push(
      row('new_article', daysBefore(now, 2, 12), false, {
        title: `New in ${article.category}`,
        body: article.title,
        link: `/learn/${encodeURIComponent(article.slug)}`,
      }),
    );
  await db
    .insert(notifications)
    .values(rows)
    .onConflictDoNothing({ target: [notifications.userId, notifications.dedupeKey] });
}

/** Days the quiz days are parked by while they move (more than any account's quiz days span). */
const QUIZ_DAY_PARK = 100_000;

/**
 * Moves every dated row of the demo account forward by `days` whole days (calendar days stay
 * whole, so quiz days and streaks keep their shape).
 */
export async function shiftDemoDates(db: Db, userId: string, days: number): Promise<void> {
  const by = sql.raw(`interval '${Math.trunc(days)} days'`);
  await db.transaction(async (tx) => {
    const run = (statement: ReturnType<typeof sql>) => tx.execute(statement);
    await run(sql`update analyses set created_at = created_at + ${by} where user_id = ${userId}`);
    await run(
      // Photos kept in PostgreSQL; an object store keeps its own dates.
      sql`update analysis_photos set created_at = created_at + ${by} where user_id = ${userId}`,
    );
    await run(
      sql`update scan_consents set consented_at = consented_at + ${by} where user_id = ${userId}`,
    );
    await run(
      sql`update routine_products set added_at = added_at + ${by}, from_scan_at = from_scan_at + ${by} where user_id = ${userId}`,
    );
    await run(
      sql`update routine_history set created_at = created_at + ${by} where user_id = ${userId}`,
    );
    await run(sql`update mix_items set added_at = added_at + ${by} where user_id = ${userId}`);
    await run(sql`update post_likes set created_at = created_at + ${by} where user_id = ${userId}`);
    await run(
      sql`update post_views set day = day + ${Math.trunc(days)}::int where visitor = ${readerKey(userId)}`,
    );
    await run(sql`update post_saves set created_at = created_at + ${by} where user_id = ${userId}`);
    // One daily quiz per day is a unique index, checked row by row as an UPDATE goes: moving
    // consecutive days by fewer days than they span would meet a day not yet moved. So the days
    // are parked past every other first, then brought to their place.
    await run(
      sql`update quiz_attempts set quiz_day = quiz_day + ${QUIZ_DAY_PARK}::int where user_id = ${userId}`,
    );
    await run(
      sql`update quiz_attempts set quiz_day = quiz_day - ${QUIZ_DAY_PARK}::int + ${Math.trunc(days)}::int, served_at = served_at + ${by}, last_served_at = last_served_at + ${by}, expires_at = expires_at + ${by}, submitted_at = submitted_at + ${by} where user_id = ${userId}`,
    );
    await run(
      sql`update quiz_answers set answered_at = answered_at + ${by} where user_id = ${userId}`,
    );
    await run(
      sql`update quiz_user_badges set earned_at = earned_at + ${by} where user_id = ${userId}`,
    );
    await run(
      sql`update quiz_player_totals set updated_at = updated_at + ${by} where user_id = ${userId}`,
    );
    await run(sql`update users set created_at = created_at + ${by} where id = ${userId}`);
    await run(
      sql`update notifications set created_at = created_at + ${by}, read_at = read_at + ${by}, local_day = local_day + ${Math.trunc(days)}::int where user_id = ${userId}`,
    );
  });
}

/** The `content_versions` row written when the story was built to its end. */
export const STORY_BUILT = 'demo-story';

async function storyBuilt(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ version: contentVersions.version })
    .from(contentVersions)
    .where(eq(contentVersions.name, STORY_BUILT));
  return row !== undefined;
}

async function markStoryBuilt(db: Db, now: Date): Promise<void> {
  const mark = { version: `${DEMO_SCANS.length} scans`, seededAt: now };
  await db
    .insert(contentVersions)
    .values({ name: STORY_BUILT, ...mark })
    .onConflictDoUpdate({ target: contentVersions.name, set: mark });
}

/**
 * The demo account's story (issue 13): built once with the real engine; at each later start, when
 * its newest scan is older than yesterday, every dated row moves forward by whole days so the
 * newest scan and the last daily quiz are yesterday's again and the demo never looks stale. A
 * build that stopped part-way (the process stopped during the first start, the engine failed) is
 * started again from an empty account: otherwise the demo would stay a fragment for good.
 */
export async function seedDemoStory(
  app: FastifyInstance,
  options: { now?: Date; log: (message: string) => void },
): Promise<void> {
  const now = options.now ?? new Date();
  let user = await findUserByEmail(app.db, DEMO_USER.email);
  if (!user) return;
  const scans = async (userId: string) =>
    (
      await app.db
        .select({ n: count(), newest: max(analyses.createdAt) })
        .from(analyses)
        .where(eq(analyses.userId, userId))
    )[0];
  let row = await scans(user.id);
  if (row?.n && !(await storyBuilt(app.db))) {
    if (row.n >= DEMO_SCANS.length) {
      // Built to its end before the mark was written (or just before it).
      await markStoryBuilt(app.db, now);
    } else {
      options.log(
        `the last build stopped after ${row.n} of ${DEMO_SCANS.length} scans: building it again`,
      );
      await deleteAccount(app.db, user.id);
      void app.photoSweeper.kick();
      await demoUserSeeder.run(app.db, options.log);
      user = await findUserByEmail(app.db, DEMO_USER.email);
      if (!user) return;
      row = await scans(user.id);
    }
  }
  if (!row?.n) {
    await buildStory(app, user.id, now, options.log);
    await settleDemoAccount(app.db, user.id, now);
    await markStoryBuilt(app.db, now);
    return;
  }
  // Calendar days (UTC), as the story was written: its newest scan and last quiz were yesterday.
  const newest = row.newest ? new Date(row.newest) : now;
  const utcDay = (d: Date) => Math.floor(d.getTime() / DAY_MS);
  const shift = utcDay(now) - utcDay(newest) - 1;
  if (shift >= 1) {
    await shiftDemoDates(app.db, user.id, shift);
    options.log(`moved the demo's dates ${shift} ${shift === 1 ? 'day' : 'days'} forward`);
  }
  // A demo built before its sign-up date and bell were seeded gets them now.
  await settleDemoAccount(app.db, user.id, now);
}
