import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories';
import { buildTestApp, captureLogs } from '../../../test/helper';
import { appConfigFromEnv, parseEnv } from '../../config';

const forgot = (app: FastifyInstance, email: string) =>
  app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
const LINK = /https:\/\/glow\.example\/reset-password\?token=[A-Za-z0-9_-]+/;

describe('development mailbox (no SMTP, not production)', () => {
  const logs = captureLogs();
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({
      devMailbox: true,
      appUrl: 'https://glow.example',
      logLevel: 'info',
      logStream: logs.stream,
    });
  });
  afterAll(() => app.close());

  it('logs the reset link (not the address) and lists the mail at /dev/mail', async () => {
    const { user } = await createUser(app);
    expect((await forgot(app, user.email)).statusCode).toBe(200);
    const link = logs.text().match(LINK)?.[0];
    expect(link).toBeDefined();
    expect(logs.text()).not.toContain(user.email);

    const page = await app.inject({ method: 'GET', url: '/dev/mail' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<h1>Development mailbox</h1>');
    expect(page.body).toContain('Reset your Lumiskin password');
    expect(page.body).toContain(`<a href="${link}">`);
  });

  it('answers only this machine: another host, or anything a proxy forwarded, gets a 404', async () => {
    const { user } = await createUser(app);
    expect((await forgot(app, user.email)).statusCode).toBe(200);
    const from = (remoteAddress: string, headers: Record<string, string> = {}) =>
      app.inject({ method: 'GET', url: '/dev/mail', remoteAddress, headers });
    for (const local of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      expect((await from(local)).statusCode, local).toBe(200);
    }
    for (const remote of ['192.168.1.20', '10.0.0.7', '::ffff:192.168.1.20', 'fe80::1']) {
      const res = await from(remote);
      expect(res.statusCode, remote).toBe(404);
      expect(res.json()).toMatchObject({ code: 'not_found', detail: expect.any(String) });
      expect(res.body).not.toContain('reset-password');
    }
    // A reverse proxy on this machine: the peer is loopback, the visitor is not.
    const proxied = await from('127.0.0.1', { 'x-forwarded-for': '203.0.113.9' });
    expect(proxied.statusCode).toBe(404);
    expect((await from('127.0.0.1', { forwarded: 'for=203.0.113.9' })).statusCode).toBe(404);
  });
});

describe('without the development mailbox', () => {
  const logs = captureLogs();
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({
      appUrl: 'https://glow.example',
      logLevel: 'info',
      logStream: logs.stream,
    });
  });
  afterAll(() => app.close());

  it('answers 404 at /dev/mail and never logs the link', async () => {
    const { user } = await createUser(app);
    expect((await forgot(app, user.email)).statusCode).toBe(200);
    expect(logs.text()).toContain('mail written to mail_outbox');
    expect(logs.text()).not.toMatch(LINK);
    const page = await app.inject({ method: 'GET', url: '/dev/mail' });
    expect(page.statusCode).toBe(404);
  });

  it('listens on this machine only unless HOST opens it (npm start as the README says)', () => {
    expect(parseEnv({}).HOST).toBe('127.0.0.1');
    expect(parseEnv({ HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
  });

  it('is on only when no SMTP is set and NODE_ENV is not production', () => {
    const on = (env: Record<string, string>) => appConfigFromEnv(parseEnv(env), 't').devMailbox;
    expect(on({})).toBe(true);
    expect(on({ NODE_ENV: 'development' })).toBe(true);
    expect(on({ NODE_ENV: 'production', EMBEDDED_DB: 'true' })).toBe(false);
    expect(on({ SMTP_URL: 'smtp://mail.example:587' })).toBe(false);
  });
});
