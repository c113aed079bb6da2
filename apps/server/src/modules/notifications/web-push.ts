import type { Agent } from 'node:https';
import type { PushPayload } from '@lumiskin/contract/notifications';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import type { Db } from '../../db/client';
import type { NotificationSender } from './scheduler';
import { pushSubscriptions, serverKeys, type NotificationRow } from './schema';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/** How long a push service keeps a message for an offline device: a reminder is stale after. */
const PUSH_TTL_SECONDS = 6 * 60 * 60;

/**
 * The VAPID pair: from the environment when both halves are set, otherwise the one kept in
 * `server_keys`, made at first start. Several instances starting together agree: the insert
 * does nothing when another won, and everyone reads the row that is there.
 */
export async function loadVapidKeys(
  db: Db,
  options: { publicKey?: string; privateKey?: string; subject: string },
): Promise<VapidKeys> {
  if (options.publicKey && options.privateKey) {
    return {
      publicKey: options.publicKey,
      privateKey: options.privateKey,
      subject: options.subject,
    };
  }
  const generated = webpush.generateVAPIDKeys();
  await db
    .insert(serverKeys)
    .values({
      name: 'vapid',
      value: { publicKey: generated.publicKey, privateKey: generated.privateKey },
    })
    .onConflictDoNothing({ target: serverKeys.name });
  const [row] = await db.select().from(serverKeys).where(eq(serverKeys.name, 'vapid'));
  const value = row?.value;
  if (!value?.publicKey || !value.privateKey) throw new Error('server_keys.vapid is malformed');
  return { publicKey: value.publicKey, privateKey: value.privateKey, subject: options.subject };
}

/**
 * Whether a subscription endpoint is a push service we send to (no SSRF through it): https, no
 * credentials, an allowed host or a subdomain of one, and the default port. An allowed entry may
 * name a port (`push.example:8443`); a bare host allows 443 only, so an allowed host cannot be
 * used to reach its other services (`:6379`, `:22`).
 */
export function isAllowedEndpoint(endpoint: string, allowedHosts: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return false;
  const host = url.hostname.toLowerCase();
  return allowedHosts.some((allowed) => {
    const [allowedHost = '', allowedPort = ''] = allowed.toLowerCase().split(/:(?=\d+$)/);
    // URL drops https's default port, so '' is 443.
    if (url.port !== (allowedPort === '443' ? '' : allowedPort)) return false;
    return host === allowedHost || host.endsWith(`.${allowedHost}`);
  });
}

/** The push services of Chrome/Edge/Android, Firefox, Windows and Safari (their hosts). */
export const DEFAULT_PUSH_HOSTS = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'push.services.mozilla.com',
  'notify.windows.com',
  'push.apple.com',
];

export function toPushPayload(row: NotificationRow): PushPayload {
  return { id: row.id, title: row.title, body: row.body, link: row.link };
}

/**
 * Web Push to every browser the person subscribed (one row per endpoint, so one message per
 * device). A 404/410 from the push service means the subscription is gone: its row goes too.
 */
export function createWebPushSender(options: {
  db: Db;
  keys: () => Promise<VapidKeys>;
  log: FastifyBaseLogger;
  /** Tests trust their local stand-in's certificate through this. */
  agent?: Agent;
  timeoutMs?: number;
}): NotificationSender {
  const { db, keys, log } = options;
  return {
    name: 'web-push',
    async send(recipient, notification) {
      const subscriptions = await db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, recipient.id));
      if (subscriptions.length === 0) return;
      const vapidDetails = await keys();
      const payload = JSON.stringify(toPushPayload(notification));
      for (const sub of subscriptions) {
        try {
          await webpush.sendNotification(
            { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
            payload,
            {
              vapidDetails,
              TTL: PUSH_TTL_SECONDS,
              urgency: 'normal',
              contentEncoding: 'aes128gcm',
              timeout: options.timeoutMs ?? 10_000,
              ...(options.agent && { agent: options.agent }),
            },
          );
          await db
            .update(pushSubscriptions)
            .set({ lastSuccessAt: sql`now()` })
            .where(eq(pushSubscriptions.id, sub.id));
        } catch (error) {
          const status = (error as { statusCode?: number }).statusCode;
          if (status === 404 || status === 410) {
            await db
              .delete(pushSubscriptions)
              .where(
                and(eq(pushSubscriptions.id, sub.id), eq(pushSubscriptions.endpoint, sub.endpoint)),
              );
            log.info({ subscriptionId: sub.id, status }, 'web push subscription gone; removed');
          } else {
            // Never the endpoint (it is a capability URL) nor the payload.
            log.warn({ subscriptionId: sub.id, status }, 'web push failed');
          }
        }
      }
    },
  };
}
