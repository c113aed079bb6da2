import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mailOutbox, type MailRow } from './schema';

export interface MailMessage {
  /** The user it is about, so the outbox row goes when the account does. */
  userId: string | null;
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * Sends through SMTP when a transport is given; otherwise writes the message to `mail_outbox` and
 * the log (the embedded default has no mail server, and tests read the outbox). The transport's
 * life (creation, close) is the mailer plugin's (plugins/mailer.ts).
 */
export function createMailer(options: {
  db: Db;
  log: FastifyBaseLogger;
  transport: Transporter | null;
  from: string;
  /** Development only (never production): also log the links in outbox mail, to follow them. */
  logLinks?: boolean;
}): Mailer {
  const { db, log, transport, from, logLinks = false } = options;
  return {
    async send(message) {
      if (!transport) {
        await db.insert(mailOutbox).values(message);
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
      await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
      });
    },
  };
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
