import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories';
import { buildTestApp } from '../../../test/helper';
import { createFcmSender } from './fcm';
import { notifications, pushTokens } from './schema';

/**
 * A local stand-in for Google's token endpoint and FCM HTTP v1: it checks the RS256 assertion
 * with the service account's public key, then the bearer token on each send; a token named
 * 'stale-…' answers 404 UNREGISTERED as FCM does for an uninstalled app.
 */
let app: FastifyInstance;
let server: http.Server;
let base = '';
const sent: { token: string; title: string; link: string }[] = [];
const { publicKey, privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
let tokenRequests = 0;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString();
      if (req.url === '/token') {
        const assertion = new URLSearchParams(body).get('assertion') ?? '';
        const [h, p, s] = assertion.split('.') as [string, string, string];
        const ok = crypto.verify(
          'sha256',
          Buffer.from(`${h}.${p}`),
          publicKey,
          Buffer.from(s, 'base64url'),
        );
        const claims = JSON.parse(Buffer.from(p, 'base64url').toString()) as { scope: string };
        if (!ok || !claims.scope.includes('firebase.messaging')) return res.writeHead(401).end();
        tokenRequests += 1;
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ access_token: 'ya29.test', expires_in: 3600 }));
      }
      if (req.url !== '/v1/projects/lumiskin-test/messages:send') return res.writeHead(404).end();
      if (req.headers.authorization !== 'Bearer ya29.test') return res.writeHead(401).end();
      const { message } = JSON.parse(body) as {
        message: { token: string; notification: { title: string }; data: { link: string } };
      };
      if (message.token.startsWith('stale-')) {
        res.writeHead(404, { 'content-type': 'application/json' });
        return res.end(
          JSON.stringify({
            error: { status: 'NOT_FOUND', details: [{ errorCode: 'UNREGISTERED' }] },
          }),
        );
      }
      sent.push({
        token: message.token,
        title: message.notification.title,
        link: message.data.link,
      });
      res.writeHead(200).end('{"name":"projects/lumiskin-test/messages/1"}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
  await new Promise((resolve) => server.close(resolve));
});

describe('FCM sender', () => {
  it('sends to each device token once and deletes the ones FCM no longer knows', async () => {
    const { user } = await createUser(app);
    await app.db.insert(pushTokens).values([
      { userId: user.id, token: 'phone-token', platform: 'android' },
      { userId: user.id, token: 'stale-tablet-token', platform: 'android' },
    ]);
    const [row] = await app.db
      .insert(notifications)
      .values({
        userId: user.id,
        kind: 'daily_quiz',
        title: 'Your daily quiz is ready',
        body: 'Go',
        link: '/quiz/daily',
        dedupeKey: 'daily_quiz:2031-01-01',
        localDay: '2031-01-01',
      })
      .returning();
    const sender = createFcmSender({
      db: app.db,
      log: app.log,
      apiBase: base,
      account: {
        project_id: 'lumiskin-test',
        client_email: 'push@lumiskin-test.iam.gserviceaccount.com',
        private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
        token_uri: `${base}/token`,
      },
    });
    const recipient = {
      id: user.id,
      name: user.name,
      email: user.email,
      emailNotifications: true,
      emailConfirmed: true,
    };
    await sender.send(recipient, row!);
    expect(sent).toEqual([
      { token: 'phone-token', title: 'Your daily quiz is ready', link: '/quiz/daily' },
    ]);
    const left = await app.db
      .select({ token: pushTokens.token })
      .from(pushTokens)
      .where(eq(pushTokens.userId, user.id));
    expect(left).toEqual([{ token: 'phone-token' }]);
    // The access token is reused until it nears expiry.
    await sender.send(recipient, row!);
    expect(tokenRequests).toBe(1);
    expect(sent).toHaveLength(2);
  });
});
