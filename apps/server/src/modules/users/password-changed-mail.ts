import type { FastifyInstance } from 'fastify';
import { deviceLabel } from '../auth/device-label';
import type { UserRow } from '../auth/schema';
import { utcMinute } from '../mail/mailer';

const PASSWORD_CHANGED_SUBJECT = 'Your Lumiskin password was changed';

/**
 * "Your Lumiskin password was changed" (decision 186): after a change in the profile's Settings
 * or with a reset link, the account's address is told when, on which kind of device and how, that
 * the other devices were signed out, and what to do if it was not them (a reset link goes to this
 * very address, so someone who took only the session cannot keep the account). A change in
 * Settings is mailed only to a proved address (decision 070); a reset is, since the link it used
 * went to that address. Names nothing the person typed, and never the password. A failure to
 * store it is logged and never undoes or fails the change.
 */
export async function mailPasswordChanged(
  app: FastifyInstance,
  user: UserRow,
  change: { via: 'settings' | 'reset'; userAgent: string | undefined; at: Date },
): Promise<void> {
  if (change.via === 'settings' && !user.emailConfirmedAt) return;
  try {
    const appUrl = app.config.appUrl ?? 'http://localhost:3000';
    const how =
      change.via === 'settings' ? 'in your profile’s Settings' : 'with a reset link sent here';
    await app.mailer.send({
      userId: user.id,
      to: user.email,
      subject: PASSWORD_CHANGED_SUBJECT,
      text: [
        'Hello,',
        '',
        'The password of your Lumiskin account was just changed:',
        '',
        `  ${utcMinute(change.at)} UTC, ${how}, on ${deviceLabel(change.userAgent)}`,
        '',
        change.via === 'settings'
          ? 'Every other device was signed out.'
          : 'Every device was signed out.',
        '',
        'If this was you, there is nothing to do.',
        '',
        'If it was not, reset your password now (the link goes to this address only), then',
        'check where your account is signed in:',
        '',
        `${appUrl}/forgot-password`,
      ].join('\n'),
    });
  } catch (error) {
    app.log.warn({ err: error, userId: user.id }, 'password-changed mail not stored');
  }
}
