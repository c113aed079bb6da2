import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import { and, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { JobFailed, type Job, type Jobs } from '../jobs/queue';
import { mailOutbox, type MailRow } from './schema';

export interface MailMessage {
  /** The user it is about, so the outbox row goes when the account does. */
  userId: string | null;
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** Resolves once the mail is safely stored (and queued when SMTP is set), not once delivered. */
  send(message: MailMessage): Promise<void>;
}

/** A time as mail says it: `2026-12-02 13:05` (UTC, to the minute; the text adds "UTC"). */
export function utcMinute(at: Date): string {
  return at.toISOString().replace('T', ' ').slice(0, 16);
}

/** The job that sends one outbox row; its payload is the row id only (no address, no text). */
export const MAIL_JOB = 'mail-send';
/** The recurring job that queues again any pending row whose job was never stored. */
export const MAIL_REQUEUE_JOB = 'mail-requeue';

export interface MailRetry {
  /** Tries after the first. */
  retries: number;
  /** Seconds before the first retry; doubled (with jitter) each time after. */
  delayS: number;
}

export const defaultMailRetry: MailRetry = { retries: 5, delayS: 30 };

/**
 * Mail goes through the outbox (decision 029). With SMTP: the row is written as `pending` and a
 * job queued, and the request answers; the job sends it, retrying with backoff, and records the
 * outcome on the row, so nothing is lost when a process stops after answering. Without SMTP: the
 * row is `kept` and logged (the embedded default has no mail server; tests and /dev/mail read it).
 * The transport's life (creation, close) is the mailer plugin's (plugins/mailer.ts).
 */
export function createMailer(options: {
  db: Db;
  log: FastifyBaseLogger;
  jobs: Jobs;
  transport: Transporter | null;
  from: string;
  /** Development only (never production): also log the links in outbox mail, to follow them. */
  logLinks?: boolean;
  retry?: MailRetry;
  now?: () => Date;
}): Mailer {
  const { db, log, jobs, transport, from, logLinks = false } = options;
  const retry = options.retry ?? defaultMailRetry;
  const now = options.now ?? (() => new Date());

  if (transport) {
    jobs.handle<{ outbox_id: string }>(
      MAIL_JOB,
      (job) => deliverMail({ db, log, transport, from, now }, job),
      { retries: retry.retries, retryDelayS: retry.delayS, backoff: true, timeoutS: 120 },
    );
    jobs.handle(
      MAIL_REQUEUE_JOB,
      async () => {
        const queued = await requeuePendingMail(db, jobs, now());
        if (queued > 0) log.warn({ mail: { queued } }, 'pending mail queued again');
      },
      { retries: 0 },
    );
    jobs.schedule(MAIL_REQUEUE_JOB, '*/10 * * * *');
  }

  return {
    async send(message) {
      if (!transport) {
        await db.insert(mailOutbox).values({ ...message, status: 'kept' });
        // No address in the log (house rule); the subject says which mail it was.
        log.info(
          { mail: { subject: message.subject } },
          'mail written to mail_outbox (no SMTP_URL)',
        );
        if (logLinks) {
          const links = message.text.match(/https?:\/\/\S+/g) ?? [];
          for (const link of links)
            log.info(
              `development mail link (also at /dev/mail; never logged in production): ${link}`,
            );
        }
        return;
      }
      const [row] = await db
        .insert(mailOutbox)
        .values({ ...message, status: 'pending' })
        .returning({ id: mailOutbox.id });
      if (!row) throw new Error('outbox insert returned no row');
      // The job id is the row id: queueing it again (requeuePendingMail) is a no-op.
      await jobs.enqueue(MAIL_JOB, { outbox_id: row.id }, { id: row.id });
      log.info({ mail: { id: row.id, subject: message.subject } }, 'mail queued');
    },
  };
}

/** What went wrong, as a code: SMTP servers put the address in their messages. */
function failureCode(error: unknown): { code: string; permanent: boolean } {
  const { responseCode, code } = (error ?? {}) as { responseCode?: unknown; code?: unknown };
  if (typeof responseCode === 'number') {
    // 5xx is the server's final no (unknown mailbox, refused sender): retrying cannot help.
    return { code: `smtp_${responseCode}`, permanent: responseCode >= 500 };
  }
  return { code: typeof code === 'string' ? code.slice(0, 40) : 'error', permanent: false };
}

/** One try of the mail job: send the row, record the outcome. */
export async function deliverMail(
  deps: {
    db: Db;
    log: FastifyBaseLogger;
    transport: Transporter;
    from: string;
    now: () => Date;
  },
  job: Job<{ outbox_id: string }>,
): Promise<void> {
  const { db, log } = deps;
  const id = job.data.outbox_id;
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  // Gone with its account, or already sent by an earlier try whose end was not recorded.
  if (!row || row.status !== 'pending') return;
  try {
    await deps.transport.sendMail({
      from: deps.from,
      to: row.to,
      subject: row.subject,
      text: row.text,
    });
  } catch (error) {
    const { code, permanent } = failureCode(error);
    const final = permanent || job.isLastAttempt;
    await db
      .update(mailOutbox)
      .set({
        attempts: sql`${mailOutbox.attempts} + 1`,
        lastError: code,
        status: final ? 'failed' : 'pending',
        ...(final && { text: '' }),
      })
      .where(eq(mailOutbox.id, id));
    log.warn(
      { mail: { id, subject: row.subject, attempt: job.attempt, code, final } },
      final ? 'mail could not be sent' : 'mail not sent yet; will retry',
    );
    // A final failure is recorded on the row; the job itself is done.
    if (final) return;
    throw new JobFailed(MAIL_JOB, code);
  }
  await db
    .update(mailOutbox)
    .set({
      status: 'sent',
      sentAt: deps.now(),
      attempts: sql`${mailOutbox.attempts} + 1`,
      lastError: null,
      // The text may hold a single-use reset link; it has no use once delivered.
      text: '',
    })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'pending')));
  log.info({ mail: { id, subject: row.subject, attempt: job.attempt } }, 'mail sent');
}

/** Pending mail older than this whose job was never stored (a process died in between) is queued again. */
const REQUEUE_AFTER_MS = 10 * 60_000;

/**
 * Queues a job for every pending row between ten minutes and a day old. A row whose job exists
 * (waiting, retrying) is untouched: the job id is the row id and a repeated enqueue is a no-op.
 */
export async function requeuePendingMail(db: Db, jobs: Jobs, now: Date): Promise<number> {
  const rows = await db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.status, 'pending'),
        lt(mailOutbox.createdAt, new Date(now.getTime() - REQUEUE_AFTER_MS)),
        gt(mailOutbox.createdAt, new Date(now.getTime() - 24 * 60 * 60_000)),
      ),
    )
    .limit(500);
  let queued = 0;
  for (const { id } of rows) {
    if (await jobs.enqueue(MAIL_JOB, { outbox_id: id }, { id })) queued += 1;
  }
  return queued;
}

/** The development mailbox (/dev/mail): the newest outbox mail, to anyone. */
export async function latestOutbox(db: Db, limit = 50): Promise<MailRow[]> {
  return db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(limit);
}

/** Newest first: what was "sent" to `to` while no SMTP server is configured. */
export async function readOutbox(db: Db, to: string): Promise<MailRow[]> {
  return db
    .select()
    .from(mailOutbox)
    .where(eq(sql`lower(${mailOutbox.to})`, to.trim().toLowerCase()))
    .orderBy(desc(mailOutbox.createdAt));
}

/**
 * The account export's rows (modules/users/export.ts): every mail sent to the account, by
 * subject, address and date. Not the text: it may hold a single-use link (a password reset) that
 * an export file lying in a downloads folder must not carry.
 */
export async function exportForUser(db: Db, userId: string) {
  return db
    .select({
      subject: mailOutbox.subject,
      to: mailOutbox.to,
      status: mailOutbox.status,
      created_at: mailOutbox.createdAt,
      sent_at: mailOutbox.sentAt,
    })
    .from(mailOutbox)
    .where(eq(mailOutbox.userId, userId))
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id));
}
