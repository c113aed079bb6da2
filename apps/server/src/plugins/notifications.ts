import fs from 'node:fs';
import type { Agent } from 'node:https';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createEmailSender } from '../modules/notifications/email-sender';
import { createFcmSender, FcmServiceAccount } from '../modules/notifications/fcm';
import { every } from '../modules/jobs/queue';
import { runDueNotifications, type NotificationSender } from '../modules/notifications/scheduler';
import {
  createWebPushSender,
  DEFAULT_PUSH_HOSTS,
  loadVapidKeys,
  type VapidKeys,
} from '../modules/notifications/web-push';

/** What `buildApp` takes for notifications; absent means scheduler off, VAPID pair from the DB. */
export interface NotificationsConfig {
  /**
   * How often the reminder job runs (a minute: the queue's cron; less: each process working jobs
   * enqueues it that often); 0: never on a schedule (tests run it by hand).
   */
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
      /**
       * One scheduler pass now in this process (what the reminder job runs); overlapping calls
       * share one run. Rejects when the run failed.
       */
      runNow(): Promise<void>;
    };
  }
}

/** The reminder run as a job of the queue (decisions 029, 033). */
export const NOTIFICATIONS_JOB = 'notifications-run';

/**
 * Reminders: the VAPID pair (env or made once and kept in the database), the senders (Web Push,
 * FCM when configured, email for the rare kinds) and the scheduler, a recurring job of the queue
 * run by whichever processes work jobs. Runs in several processes at once are safe:
 * runDueNotifications creates each reminder once and keeps the cap (decision 033).
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
        const counts = {
          created: result.created.length,
          checked: result.checked,
          skipped: result.skipped,
        };
        if (result.created.length > 0) app.log.info(counts, 'notifications sent');
        else app.log.debug(counts, 'notifications run');
      } finally {
        running = null;
      }
    })();
    return running;
  };

  // Not retried: the next run, a minute later, looks again (a reminder is due for three hours).
  app.jobs.handle(NOTIFICATIONS_JOB, () => runNow(), {
    retries: 0,
    timeoutS: 10 * 60,
    oneQueued: true,
    pollS: 1,
  });
  const interval = config?.schedulerIntervalMs ?? 0;
  if (interval > 0) app.jobs.schedule(NOTIFICATIONS_JOB, every(interval));

  app.decorate('notifications', {
    vapidPublicKey: async () => (await vapidKeys()).publicKey,
    pushHosts: config?.pushHosts ?? DEFAULT_PUSH_HOSTS,
    senders,
    runNow,
  });
}

export default fp(notificationsPlugin, {
  name: 'notifications',
  dependencies: ['db', 'jobs', 'mailer'],
});
