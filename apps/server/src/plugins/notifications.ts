import fs from 'node:fs';
import type { Agent } from 'node:https';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createEmailSender } from '../modules/notifications/email-sender';
import { createFcmSender, FcmServiceAccount } from '../modules/notifications/fcm';
import { runDueNotifications, type NotificationSender } from '../modules/notifications/scheduler';
import {
  createWebPushSender,
  DEFAULT_PUSH_HOSTS,
  loadVapidKeys,
  type VapidKeys,
} from '../modules/notifications/web-push';

/** What `buildApp` takes for notifications; absent means scheduler off, VAPID pair from the DB. */
export interface NotificationsConfig {
  /** How often the scheduler looks for due reminders; 0 turns it off (tests run it by hand). */
  schedulerIntervalMs: number;
  vapidPublicKey?: string;
  vapidPrivateKey?: string;
  vapidSubject: string;
  /** Hosts (and their subdomains) a Web Push subscription may point at. */
  pushHosts: string[];
  /** Firebase service-account key file: native push on. Absent or null: off. */
  fcmServiceAccountFile?: string | null;
  /** Tests: trust the local push-service stand-in, point FCM at theirs. */
  webPushAgent?: Agent;
  fcmApiBase?: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    notifications: {
      vapidPublicKey(): Promise<string>;
      pushHosts: readonly string[];
      senders: readonly NotificationSender[];
      /** One scheduler pass now (what the interval calls); overlapping calls share one run. */
      runNow(): Promise<void>;
    };
  }
}

/**
 * Reminders: the VAPID pair (env or made once and kept in the database), the senders (Web Push,
 * FCM when configured, email for the rare kinds) and the in-process scheduler. Several instances
 * may each run it: runDueNotifications is safe to run concurrently (decision 033).
 */
async function notificationsPlugin(app: FastifyInstance) {
  const config = app.config.notifications;
  // Made (or read) once, on first use and tried at start; never a reason not to start (a
  // read-only or briefly unreachable database still serves the app).
  let loading: Promise<VapidKeys> | null = null;
  const vapidKeys = () => {
    loading ??= loadVapidKeys(app.db, {
      publicKey: config?.vapidPublicKey,
      privateKey: config?.vapidPrivateKey,
      subject: config?.vapidSubject ?? 'mailto:no-reply@lumiskin.app',
    }).catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
  app.addHook('onReady', async () => {
    await vapidKeys().catch((err: unknown) =>
      app.log.warn({ err }, 'VAPID keys not ready yet; Web Push waits for the database'),
    );
  });
  const senders: NotificationSender[] = [
    createWebPushSender({ db: app.db, keys: vapidKeys, log: app.log, agent: config?.webPushAgent }),
  ];
  if (config?.fcmServiceAccountFile) {
    const account = FcmServiceAccount.parse(
      JSON.parse(fs.readFileSync(config.fcmServiceAccountFile, 'utf8')),
    );
    senders.push(
      createFcmSender({ db: app.db, account, log: app.log, apiBase: config.fcmApiBase }),
    );
    app.log.info('native push (FCM) on');
  }
  senders.push(createEmailSender(app.mailer, app.config.appUrl ?? 'http://localhost:3000'));

  let running: Promise<void> | null = null;
  const runNow = () => {
    running ??= (async () => {
      try {
        const now = app.config.now?.() ?? new Date();
        const result = await runDueNotifications(app.db, now, senders, {
          onSendError: (sender, err) => app.log.warn({ err, sender }, 'notification send failed'),
        });
        if (result.created.length > 0) {
          app.log.info(
            { created: result.created.length, checked: result.checked, skipped: result.skipped },
            'notifications sent',
          );
        }
      } catch (err) {
        app.log.error({ err }, 'notification scheduler run failed');
      } finally {
        running = null;
      }
    })();
    return running;
  };

  app.decorate('notifications', {
    vapidPublicKey: async () => (await vapidKeys()).publicKey,
    pushHosts: config?.pushHosts ?? DEFAULT_PUSH_HOSTS,
    senders,
    runNow,
  });

  const interval = config?.schedulerIntervalMs ?? 0;
  if (interval > 0) {
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      timer = setInterval(() => void runNow(), interval);
      timer.unref();
    });
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await running;
    });
  }
}

export default fp(notificationsPlugin, { name: 'notifications', dependencies: ['db', 'mailer'] });
