import type { Mailer } from '../mail/mailer';
import { EMAILED_KINDS, type NotificationSender } from './scheduler';

/**
 * Email for the rare kinds (a progress scan due, a new article), only for people with the
 * Settings tab's Email Notifications on (docs/product-rules.md#profile) and a confirmed address. Daily reminders stay in the bell and push.
 */
export function createEmailSender(mailer: Mailer, appUrl: string): NotificationSender {
  return {
    name: 'email',
    async send(recipient, notification) {
      if (!recipient.emailNotifications || !EMAILED_KINDS.has(notification.kind)) return;
      // Someone may have signed up with a stranger's address: optional mail waits until the
      // owner proved it (decision 070).
      if (!recipient.emailConfirmed) return;
      await mailer.send({
        userId: recipient.id,
        to: recipient.email,
        subject: notification.title,
        text: [
          // No display name: it is whatever the account's holder typed (decision 070).
          'Hello,',
          '',
          notification.body,
          '',
          `${appUrl}${notification.link}`,
          '',
          'You get this because Email Notifications are on. Turn them off, or this kind of',
          `notification, in your profile's Settings tab: ${appUrl}/profile?tab=settings`,
        ].join('\n'),
      });
    },
  };
}
