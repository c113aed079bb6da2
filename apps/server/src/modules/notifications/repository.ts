import type { Notification, NotificationList } from '@lumiskin/contract/notifications';
import { and, count, desc, eq, isNull, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notifications, pushSubscriptions, pushTokens, type NotificationRow } from './schema';

function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    body: row.body,
    link: row.link,
    created_at: row.createdAt.toISOString(),
    read_at: row.readAt?.toISOString() ?? null,
  };
}

export async function unreadCount(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

export async function listNotifications(
  db: Db,
  userId: string,
  page: number,
  pageSize: number,
): Promise<NotificationList> {
  const [rows, [total], unread] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(notifications).where(eq(notifications.userId, userId)),
    unreadCount(db, userId),
  ]);
  return {
    notifications: rows.map(toNotification),
    page,
    page_size: pageSize,
    total: total?.n ?? 0,
    unread,
  };
}

/** Marks one of the owner's notifications read (kept read if it already was); null if not theirs. */
export async function markRead(
  db: Db,
  userId: string,
  id: string,
  now: Date,
): Promise<Notification | null> {
  const [row] = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, ${now.toISOString()}::timestamptz)` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning();
  return row ? toNotification(row) : null;
}

export async function markAllRead(db: Db, userId: string, now: Date): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: now })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.length;
}

/**
 * Devices kept per person. More would let one account make every reminder a burst of requests
 * to the push services; the oldest go first (a browser that re-subscribes comes back).
 */
export const MAX_DEVICES = 10;

/**
 * One row per endpoint: subscribing again from the same browser (even as another person after a
 * sign-out and sign-in) moves the row to whoever subscribed last, so a device never gets another
 * person's notifications nor the same one twice.
 */
export async function saveSubscription(
  db: Db,
  userId: string,
  sub: { endpoint: string; keys: { p256dh: string; auth: string } },
): Promise<void> {
  await db
    .insert(pushSubscriptions)
    .values({ userId, endpoint: sub.endpoint, p256dh: sub.keys.p256dh, auth: sub.keys.auth })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId, p256dh: sub.keys.p256dh, auth: sub.keys.auth, createdAt: sql`now()` },
    });
  const keep = db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
    .limit(MAX_DEVICES);
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.id, keep)));
}

/** Only the owner's row: another person cannot unsubscribe a device they do not hold. */
export async function deleteSubscription(db: Db, userId: string, endpoint: string) {
  const rows = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return rows.length;
}

/** Like subscriptions: one row per device token, owned by whoever registered it last. */
export async function savePushToken(
  db: Db,
  userId: string,
  token: string,
  platform: 'android' | 'ios',
): Promise<void> {
  await db
    .insert(pushTokens)
    .values({ userId, token, platform })
    .onConflictDoUpdate({
      target: pushTokens.token,
      set: { userId, platform, createdAt: sql`now()` },
    });
  const keep = db
    .select({ id: pushTokens.id })
    .from(pushTokens)
    .where(eq(pushTokens.userId, userId))
    .orderBy(desc(pushTokens.createdAt), desc(pushTokens.id))
    .limit(MAX_DEVICES);
  await db
    .delete(pushTokens)
    .where(and(eq(pushTokens.userId, userId), notInArray(pushTokens.id, keep)));
}

export async function deletePushToken(db: Db, userId: string, token: string): Promise<number> {
  const rows = await db
    .delete(pushTokens)
    .where(and(eq(pushTokens.userId, userId), eq(pushTokens.token, token)))
    .returning({ id: pushTokens.id });
  return rows.length;
}

/** The account export's rows (modules/users/export.ts); device keys are never exported. */
export async function exportForUser(db: Db, userId: string) {
  const [bell, web, native] = await Promise.all([
    db
      .select({
        id: notifications.id,
        user_id: notifications.userId,
        kind: notifications.kind,
        title: notifications.title,
        body: notifications.body,
        link: notifications.link,
        created_at: notifications.createdAt,
        read_at: notifications.readAt,
      })
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(desc(notifications.createdAt)),
    db
      .select({
        created_at: pushSubscriptions.createdAt,
        last_success_at: pushSubscriptions.lastSuccessAt,
      })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId)),
    db
      .select({
        type: pushTokens.platform,
        created_at: pushTokens.createdAt,
        last_success_at: pushTokens.lastSuccessAt,
      })
      .from(pushTokens)
      .where(eq(pushTokens.userId, userId)),
  ]);
  return {
    notifications: bell,
    push_devices: [...web.map((row) => ({ type: 'web' as const, ...row })), ...native],
  };
}
