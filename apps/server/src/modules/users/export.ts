import type { AccountExport } from '@lumiskin/contract/account';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { UserRow } from '../auth/schema';
import { toAccount } from './repository';

type Rows = Record<string, unknown>[];

/**
 * Everything held about a person (GDPR art. 15/20 access and portability), one query per table.
 * Left out on purpose: password and token hashes (secrets, not personal data) and outbox mail
 * (it holds reset links).
 */
export async function exportAccount(db: Db, user: UserRow, now: Date): Promise<AccountExport> {
  const id = user.id;
  const rows = async (query: SQL): Promise<Rows> => [
    ...(await db.execute<Record<string, unknown>>(query)),
  ];
  const [
    scans,
    photos,
    scanConsents,
    routine,
    routineHistory,
    mix,
    favourites,
    likedPosts,
    savedPosts,
    quizAttempts,
    quizAnswers,
    quizBadges,
    sessions,
  ] = await Promise.all([
    rows(sql`select * from analyses where user_id = ${id} order by created_at desc`),
    rows(sql`
      select p.analysis_id, p.content_type, p.width, p.height, p.created_at,
             encode(p.data, 'base64') as data_base64
      from analysis_photos p join analyses a on a.id = p.analysis_id
      where a.user_id = ${id} order by p.created_at desc`),
    rows(sql`select version, consented_at from scan_consents where user_id = ${id}`),
    rows(
      sql`select * from routine_products where user_id = ${id} order by application_time, position`,
    ),
    rows(sql`select * from routine_history where user_id = ${id} order by created_at desc`),
    rows(sql`
      select m.*, p.name as product_name, p.type as product_type
      from mix_items m join products p on p.id = m.product_id where m.user_id = ${id}`),
    rows(sql`
      select f.*, p.name as product_name
      from product_favorites f join products p on p.id = f.product_id where f.user_id = ${id}`),
    rows(sql`
      select l.*, b.title as post_title
      from post_likes l join blog_posts b on b.id = l.post_id where l.user_id = ${id}`),
    rows(sql`
      select s.*, b.title as post_title
      from post_saves s join blog_posts b on b.id = s.post_id where s.user_id = ${id}`),
    rows(sql`select * from quiz_attempts where user_id = ${id}`),
    rows(sql`select * from quiz_answers where user_id = ${id}`),
    rows(sql`select * from quiz_user_badges where user_id = ${id}`),
    rows(sql`
      select id, created_at, expires_at, revoked_at, last_used_at, user_agent
      from sessions where user_id = ${id} order by created_at desc`),
  ]);
  return {
    format: 'lumiskin-export/1',
    exported_at: now.toISOString(),
    user: toAccount(user),
    scans,
    photos,
    scan_consents: scanConsents,
    routine,
    routine_history: routineHistory,
    mix,
    favourites,
    liked_posts: likedPosts,
    saved_posts: savedPosts,
    quiz_attempts: quizAttempts,
    quiz_answers: quizAnswers,
    quiz_badges: quizBadges,
    sessions,
  };
}
