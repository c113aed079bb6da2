import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client';
import type { NotificationSender } from './scheduler';
import { pushTokens } from './schema';

/** The fields of a Firebase service-account key file that sending needs. */
export const FcmServiceAccount = z.object({
  project_id: z.string().min(1),
  client_email: z.string().min(1),
  private_key: z.string().includes('PRIVATE KEY'),
  token_uri: z.url().default('https://oauth2.googleapis.com/token'),
});
export type FcmServiceAccount = z.infer<typeof FcmServiceAccount>;

const SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';
const TTL_SECONDS = 6 * 60 * 60;

const b64url = (data: string | Buffer) => Buffer.from(data).toString('base64url');

/** A signed OAuth 2.0 JWT-bearer assertion for the service account (RFC 7523, RS256). */
function assertion(account: FcmServiceAccount, nowS: number): string {
  const header = b64url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }));
  const claims = b64url(
    JSON.stringify({
      iss: account.client_email,
      scope: SCOPE,
      aud: account.token_uri,
      iat: nowS,
      exp: nowS + 3600,
    }),
  );
  const signature = crypto.sign('sha256', Buffer.from(`${header}.${claims}`), account.private_key);
  return `${header}.${claims}.${b64url(signature)}`;
}

/**
 * Firebase Cloud Messaging (HTTP v1) to the person's native app installs: one message per stored
 * token (tokens are unique, so one per device). A token FCM reports unregistered (404, or
 * errorCode UNREGISTERED) is deleted, as Web Push does with 404/410. Off unless
 * FCM_SERVICE_ACCOUNT_FILE is set.
 */
export function createFcmSender(options: {
  db: Db;
  account: FcmServiceAccount;
  log: FastifyBaseLogger;
  /** https://fcm.googleapis.com unless a test points it at its stand-in. */
  apiBase?: string;
  fetch?: typeof fetch;
}): NotificationSender {
  const { db, account, log } = options;
  const doFetch = options.fetch ?? fetch;
  const apiBase = options.apiBase ?? 'https://fcm.googleapis.com';
  let cached: { token: string; expiresAt: number } | null = null;

  async function accessToken(): Promise<string> {
    const now = Date.now();
    if (cached && cached.expiresAt - 60_000 > now) return cached.token;
    const res = await doFetch(account.token_uri, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
        assertion: assertion(account, Math.floor(now / 1000)),
      }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) throw new Error(`FCM token exchange answered ${res.status}`);
    const body = z
      .object({ access_token: z.string(), expires_in: z.number().default(3600) })
      .parse(await res.json());
    cached = { token: body.access_token, expiresAt: now + body.expires_in * 1000 };
    return cached.token;
  }

  return {
    name: 'fcm',
    async send(recipient, notification) {
      const tokens = await db.select().from(pushTokens).where(eq(pushTokens.userId, recipient.id));
      if (tokens.length === 0) return;
      const bearer = await accessToken();
      for (const row of tokens) {
        const res = await doFetch(
          `${apiBase}/v1/projects/${encodeURIComponent(account.project_id)}/messages:send`,
          {
            method: 'POST',
            headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
            body: JSON.stringify({
              message: {
                token: row.token,
                notification: { title: notification.title, body: notification.body },
                data: { id: notification.id, link: notification.link },
                android: { ttl: `${TTL_SECONDS}s`, notification: { tag: notification.id } },
              },
            }),
            signal: AbortSignal.timeout(10_000),
          },
        ).catch((error: unknown) => error as Error);
        if (res instanceof Error) {
          log.warn({ tokenId: row.id, err: res }, 'fcm send failed');
          continue;
        }
        if (res.ok) {
          await db
            .update(pushTokens)
            .set({ lastSuccessAt: sql`now()` })
            .where(eq(pushTokens.id, row.id));
          continue;
        }
        const text = await res.text();
        if (res.status === 404 || res.status === 410 || text.includes('UNREGISTERED')) {
          await db.delete(pushTokens).where(eq(pushTokens.id, row.id));
          log.info({ tokenId: row.id, status: res.status }, 'fcm token unregistered; removed');
        } else {
          log.warn({ tokenId: row.id, status: res.status }, 'fcm send failed');
        }
      }
    },
  };
}
