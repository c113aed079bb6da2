import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';
import { createMailer, type Mailer } from '../modules/mail/mailer';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

/**
 * SMTP when configured: mail is queued from the outbox and sent by the mail job (its connections
 * closed with the app); otherwise kept in the mail_outbox table (and the log).
 */
async function mailerPlugin(app: FastifyInstance) {
  const smtpUrl = app.config.mail?.smtpUrl;
  const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  app.decorate(
    'mailer',
    createMailer({
      db: app.db,
      log: app.log,
      jobs: app.jobs,
      transport,
      from: app.config.mail?.from ?? 'Lumiskin <no-reply@lumiskin.app>',
      logLinks: !transport && app.config.devMailbox === true,
      retry: app.config.mail?.retry,
      now: app.config.now,
    }),
  );
  // Runs after the jobs plugin stopped taking jobs (preClose), so no send is cut off.
  app.addHook('onClose', async () => {
    transport?.close();
  });
}

export default fp(mailerPlugin, { name: 'mailer', dependencies: ['db', 'jobs'] });
