import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';
import { createMailer, type Mailer } from '../modules/mail/mailer';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

/** SMTP when configured (its connections closed with the app), else the mail_outbox table. */
async function mailerPlugin(app: FastifyInstance) {
  const smtpUrl = app.config.mail?.smtpUrl;
  const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  app.decorate(
    'mailer',
    createMailer({
      db: app.db,
      log: app.log,
      transport,
      from: app.config.mail?.from ?? 'Lumiskin <no-reply@lumiskin.app>',
      logLinks: !transport && app.config.devMailbox === true,
    }),
  );
  app.addHook('onClose', async () => {
    transport?.close();
  });
}

export default fp(mailerPlugin, { name: 'mailer', dependencies: ['db'] });
