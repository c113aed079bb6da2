// Mail with SMTP goes through the outbox and the mail job: retried with backoff when the server
// says "later", recorded on the row, and sent even when the process that took the request stops.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createUser } from '../../../test/factories';
import { captureLogs, createTestDatabase, testConfig, until } from '../../../test/helper';
import { startSmtpServer } from '../../../test/smtp';
import { MAIL_JOB } from './mailer';
import { mailOutbox } from './schema';

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
const apps: FastifyInstance[] = [];
const logs = captureLogs();

beforeAll(async () => {
  smtp = await startSmtpServer();
  database = await createTestDatabase();
});
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});
afterAll(async () => {
  await smtp.close();
  await database.drop();
});

/** An app ("process") on the shared test database; closing it leaves the database. */
async function start(): Promise<FastifyInstance> {
  const app = await buildApp({
    ...testConfig,
    databaseUrl: database.url,
    appUrl: 'https://glow.example',
    logLevel: 'info',
    logStream: logs.stream,
    mail: {
      smtpUrl: smtp.url,
      from: 'Lumiskin <no-reply@glow.example>',
      retry: { retries: 2, delayS: 1 },
    },
  });
  apps.push(app);
  return app;
}

const forgot = (app: FastifyInstance, email: string) =>
  app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });

async function outboxRow(app: FastifyInstance, userId: string) {
  const [row] = await app.db.select().from(mailOutbox).where(eq(mailOutbox.userId, userId));
  return row;
}

describe('mail through the outbox and the mail job', { timeout: 60_000 }, () => {
  it('is queued before the answer, retried when the server says later, and recorded as sent', async () => {
    const app = await start();
    const { user } = await createUser(app);
    smtp.refuseNext(1, 451);
    const before = smtp.received.length;

    expect((await forgot(app, user.email)).statusCode).toBe(200);
    // Answered: the row is pending and its job is waiting (nothing has been sent yet).
    const pending = await outboxRow(app, user.id);
    expect(pending).toMatchObject({ status: 'pending', attempts: 0 });
    expect(await app.jobs.state(MAIL_JOB, pending!.id)).toBe('queued');

    await app.jobs.work([MAIL_JOB]);
    const sent = await until('the mail to be sent', async () => {
      const row = await outboxRow(app, user.id);
      return row?.status === 'sent' ? row : null;
    });
    expect(sent).toMatchObject({ attempts: 2, lastError: null, text: '' });
    expect(sent.sentAt).toBeInstanceOf(Date);

    const delivered = smtp.received.slice(before);
    expect(delivered).toHaveLength(1);
    expect(delivered[0]?.to).toEqual([user.email]);
    // The body as sent (quoted-printable: soft line breaks, "=" written as =3D).
    const body = delivered[0]?.raw.replace(/=\r?\n/g, '').replaceAll('=3D', '=') ?? '';
    const link = body.match(/glow\.example\/reset-password\?token=([A-Za-z0-9_-]+)/)?.[1];
    expect(link).toBeDefined();

    // The refused try was logged by its code, never with the address or the link's token.
    expect(logs.text()).toContain('mail not sent yet; will retry');
    expect(logs.text()).toContain('smtp_451');
    expect(logs.text()).not.toContain(user.email);
    expect(logs.text()).not.toContain(link);
    // The queue keeps the row id only.
    const [stored] = await app.sql`select data from pgboss.job where id = ${sent.id}`;
    expect(stored?.data).toEqual({ outbox_id: sent.id });
  });

  it('is sent by another process when the one that answered stops first', async () => {
    const web = await start();
    const { user } = await createUser(web);
    const before = smtp.received.length;
    expect((await forgot(web, user.email)).statusCode).toBe(200);
    await web.close(); // the process answered, then went away without sending

    const other = await start();
    await other.jobs.work([MAIL_JOB]);
    await until(
      'the mail to be sent',
      async () => (await outboxRow(other, user.id))?.status === 'sent',
    );
    expect(smtp.received.slice(before).map((m) => m.to)).toEqual([[user.email]]);
  });

  it('gives up after its retries, or at once when the server refuses for good', async () => {
    const app = await start();
    await app.jobs.work([MAIL_JOB]);

    const busy = await createUser(app);
    smtp.refuseNext(100, 451);
    await forgot(app, busy.user.email);
    const spent = await until('the retries to be spent', async () => {
      const row = await outboxRow(app, busy.user.id);
      return row?.status === 'failed' ? row : null;
    });
    // The first try and two retries, then no more.
    expect(spent).toMatchObject({ attempts: 3, lastError: 'smtp_451', text: '' });

    const unknown = await createUser(app);
    smtp.refuseNext(1, 550);
    await forgot(app, unknown.user.email);
    const refused = await until('the refusal to be recorded', async () => {
      const row = await outboxRow(app, unknown.user.id);
      return row?.status === 'failed' ? row : null;
    });
    expect(refused).toMatchObject({ attempts: 1, lastError: 'smtp_550' });
    expect(await app.jobs.state(MAIL_JOB, refused.id)).toBe('done');
    smtp.refuseNext(0);
  });
});
