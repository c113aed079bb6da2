import type { Mailer } from '../mail/mailer';
import { EMAILED_KINDS, type NotificationSender } from './scheduler';

/**
 * Email for the rare kinds (a progress scan due, a new article), only for people with the
 * Settings tab's Email Notifications on (spec §2). Daily reminders stay in the bell and push.
 */
export function createEmailSender(mailer: Mailer, appUrl: string): NotificationSender {
  return {
    name: 'email',
    async send(recipient, notification) {
      if (!recipient.emailNotifications || !EMAILED_KINDS.has(notification.kind)) return;
      await mailer.send({
        userId: recipient.id,
        to: recipient.email,
        subject: notification.title,
        text: [
          `Hi ${recipient.name},`,
          '',
          notification.body,
          '',
          `${appUrl}${notification.link}`,
          '',
          'You get this because Email Notifications are on. Turn them off, or this kind of',
          `notification, in your profile's Settings tab: ${appUrl}/profile`,
        ].join('\n'),
      });
    },
  };
}
