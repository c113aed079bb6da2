import { and, eq, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { deviceLabel } from './device-label';
import { sessions, type UserRow } from './schema';

/**
 * "New sign-in to your Lumiskin account" (decision 184): a sign-in from a kind of device the
 * account has no other session of (live, or ended within the clean-up's week) is mailed to the
 * account's address, with the device's label and the time, and what to do if it was not them.
 * Not for the first sign-in (registration), and only to a proved address (decision 070: no
 * optional mail goes to an address that may be a stranger's). The mail carries no
 * address, place or anything the signer typed. A failure to store it never fails the sign-in.
 */
export async function mailIfNewDevice(
  app: FastifyInstance,
  user: UserRow,
  session: { id: string; userAgent: string | undefined; at: Date },
): Promise<boolean> {
  if (!user.emailConfirmedAt) return false;
  try {
    const label = deviceLabel(session.userAgent);
    const others = await app.db
      .select({ userAgent: sessions.userAgent })
      .from(sessions)
      .where(and(eq(sessions.userId, user.id), ne(sessions.id, session.id)));
    if (others.length === 0) return false;
    if (others.some((other) => deviceLabel(other.userAgent) === label)) return false;
    const appUrl = app.config.appUrl ?? 'http://localhost:3000';
    const when = session.at.toISOString().replace('T', ' ').slice(0, 16);
    await app.mailer.send({
      userId: user.id,
      to: user.email,
      subject: 'New sign-in to your Lumiskin account',
      text: [
        'Hello,',
        '',
        'Your Lumiskin account was just signed in to from a device it has not been used on lately:',
        '',
        `  ${label}, ${when} UTC`,
        '',
        'If this was you, there is nothing to do.',
        '',
        'If it was not, sign that device out and change your password: open your profile,',
        'Settings, "Where you’re signed in".',
        '',
        `${appUrl}/profile`,
      ].join('\n'),
    });
    return true;
  } catch (error) {
    app.log.warn({ err: error, userId: user.id }, 'new sign-in mail not stored');
    return false;
  }
}
