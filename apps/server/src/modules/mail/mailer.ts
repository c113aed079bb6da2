import type { FastifyInstance } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
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

const transports = new WeakMap<FastifyInstance, Transporter>();

/**
 * Sends through SMTP when SMTP_URL is set; otherwise writes the message to `mail_outbox` and the
 * log (the embedded default has no mail server, and tests read the outbox).
 */
export async function sendMail(app: FastifyInstance, message: MailMessage): Promise<void> {
  const smtpUrl = app.config.mail?.smtpUrl;
  if (!smtpUrl) {
    await app.db.insert(mailOutbox).values(message);
    app.log.info(
      { mail: { to: message.to, subject: message.subject } },
      'mail written to mail_outbox (no SMTP_URL)',
    );
    return;
  }
  let transport = transports.get(app);
  if (!transport) {
    transport = nodemailer.createTransport(smtpUrl);
    transports.set(app, transport);
    app.addHook('onClose', () => transport?.close());
  }
  await transport.sendMail({
    from: app.config.mail?.from ?? 'Lumiskin <no-reply@lumiskin.app>',
    to: message.to,
    subject: message.subject,
    text: message.text,
  });
}

/** Newest first: what was "sent" to `to` while no SMTP server is configured. */
export async function readOutbox(db: Db, to: string): Promise<MailRow[]> {
  return db
    .select()
    .from(mailOutbox)
    .where(eq(sql`lower(${mailOutbox.to})`, to.trim().toLowerCase()))
    .orderBy(desc(mailOutbox.createdAt));
}
