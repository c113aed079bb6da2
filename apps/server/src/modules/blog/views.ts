import crypto from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import { eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { blogPosts, postViews, viewSalts } from './schema';

/**
 * Article views (decision 035): counted by the article page's beacon (POST …/view) once it has
 * been on screen a moment, never by GET, so crawlers, prefetches and server rendering count
 * nothing. A signed-in reader counts once per article; a visitor once per article, IP and UTC day.
 */

export function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/**
 * The part of an address one visitor controls: an IPv4 address (also when IPv4-mapped), or the
 * /64 prefix of an IPv6 one (a home or phone gets a whole /64 and may pick any address in it, so
 * counting per address would let one visitor count thousands of times).
 */
export function addressBucket(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (isIPv4(ip) || !isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::')
    ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/**
 * Today's salt for visitors' keys, made once per UTC day by whichever process asks first (shared
 * through `view_salts`); older salts are deleted at the same moment. Cached per process.
 */
export function dailySalt(db: Db): (day: string) => Promise<string> {
  let cached: { day: string; salt: string } | undefined;
  return async (day) => {
    if (cached?.day === day) return cached.salt;
    await db
      .insert(viewSalts)
      .values({ day, salt: crypto.randomBytes(32).toString('base64url') })
      .onConflictDoNothing();
    await db.delete(viewSalts).where(lt(viewSalts.day, day));
    const [row] = await db.select().from(viewSalts).where(eq(viewSalts.day, day));
    if (!row) throw new Error('view salt missing right after it was written');
    cached = { day, salt: row.salt };
    return row.salt;
  };
}

export const readerKey = (userId: string) => `u:${userId}`;

/** A visitor's key: HMAC of the day and address bucket under the day's salt (no raw IP kept). */
export function visitorKey(salt: string, day: string, ip: string): string {
  const mac = crypto.createHmac('sha256', salt).update(`${day}|${addressBucket(ip)}`);
  return `a:${mac.digest('hex').slice(0, 32)}`;
}

/**
 * Counts a view once per key. One statement: the insert into post_views either adds the
 * (post, key) row or hits its primary key, and the update adds exactly the number of rows
 * inserted, so parallel beacons can neither lose nor double a view. Returns whether it counted.
 * (Someone who reads an article as a visitor and again after signing in counts twice, once per
 * kind of key; with views counted by a beacon, a page rendered on the server no longer does.)
 */
export async function recordView(db: Db, postId: string, key: string, day: string) {
  const rows = await db.execute<{ views: number }>(sql`
    with inserted as (
      insert into ${postViews} (post_id, visitor, day) values (${postId}, ${key}, ${day})
      on conflict do nothing
      returning 1
    )
    update ${blogPosts} set views = views + 1
    where id = ${postId} and exists (select 1 from inserted)
    returning views`);
  return rows.length > 0;
}
