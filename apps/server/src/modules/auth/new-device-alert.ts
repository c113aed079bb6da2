import { and, eq, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { notifications, type NotificationRow } from '../notifications/schema';
import { utcMinute } from '../mail/mailer';
import { recipientOf, safeLocalDay } from '../notifications/scheduler';
import { deviceLabel } from './device-label';
import { sessions, type UserRow } from './schema';

/** Where the bell's alert and the mail send the person: the Settings tab's devices list. */
export const DEVICES_LINK = '/profile?tab=settings#devices';

/**
 * A sign-in from a kind of device the account has no other session of (live, or ended within the
 * clean-up's week) is told to the account's owner: "New sign-in to your Lumiskin account" by mail
 * to a proved address (decision 184), and in the bell, pushed to the account's other devices
 * (decision 185), whoever the address belongs to. Not for the first sign-in (registration). Each
 * names the device's label and nothing the signer sent (no agent string, no address). A failure
 * is logged and never fails the sign-in; the push goes out after the answer.
 */
export async function alertIfNewDevice(
  app: FastifyInstance,
  user: UserRow,
  session: { id: string; userAgent: string | undefined; at: Date },
): Promise<void> {
  let label: string;
  try {
    label = deviceLabel(session.userAgent);
    // Distinct agents: an account signed in a thousand times from one script reads one row.
    const others = await app.db
      .selectDistinct({ userAgent: sessions.userAgent })
      .from(sessions)
      .where(and(eq(sessions.userId, user.id), ne(sessions.id, session.id)));
    if (others.length === 0) return;
    if (others.some((other) => deviceLabel(other.userAgent) === label)) return;
  } catch (error) {
    app.log.warn({ err: error, userId: user.id }, 'new sign-in not checked');
    return;
  }

  try {
    const [row] = await app.db
      .insert(notifications)
      .values({
        userId: user.id,
        kind: 'new_sign_in',
        title: `New sign-in: ${label}`,
        body: 'If this was not you, sign that device out here and change your password.',
        link: DEVICES_LINK,
        // One alert per session, whatever retries the sign-in's answer meets.
        dedupeKey: `new_sign_in:${session.id}`,
        localDay: safeLocalDay(session.at, user.timezone),
        createdAt: session.at,
      })
      .onConflictDoNothing({ target: [notifications.userId, notifications.dedupeKey] })
      .returning();
    if (row) push(app, user, row);
  } catch (error) {
    app.log.warn({ err: error, userId: user.id }, 'new sign-in alert not stored');
  }

  if (user.emailConfirmedAt) await mail(app, user, label, session.at);
}

/** To the account's browsers and phones (Web Push, FCM), after the sign-in's answer. */
function push(app: FastifyInstance, user: UserRow, row: NotificationRow) {
  const recipient = recipientOf(user);
  setImmediate(() => {
    void (async () => {
      // The email sender mails only its own kinds: the alert's mail is mail() below.
      for (const sender of app.notifications.senders) {
        try {
          await sender.send(recipient, row);
        } catch (error) {
          app.log.warn({ err: error, sender: sender.name }, 'new sign-in push failed');
        }
      }
    })();
  });
}

/** Only to a proved address (decision 070): an alert to an unproved one would let anyone mail it. */
async function mail(app: FastifyInstance, user: UserRow, label: string, at: Date) {
  try {
    const appUrl = app.config.appUrl ?? 'http://localhost:3000';
    await app.mailer.send({
      userId: user.id,
      to: user.email,
      subject: 'New sign-in to your Lumiskin account',
      text: [
        'Hello,',
        '',
        'Your Lumiskin account was just signed in to from a device it has not been used on lately:',
        '',
        `  ${label}, ${utcMinute(at)} UTC`,
        '',
        'If this was you, there is nothing to do.',
        '',
        'If it was not, sign that device out and change your password: open your profile,',
        'Settings, "Where you’re signed in".',
        '',
        `${appUrl}${DEVICES_LINK}`,
      ].join('\n'),
    });
  } catch (error) {
    app.log.warn({ err: error, userId: user.id }, 'new sign-in mail not stored');
  }
}
