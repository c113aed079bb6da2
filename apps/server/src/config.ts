import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import { analysisConfigFromEnv, type AnalysisConfig } from './modules/analysis/config';
import type { S3PhotoStorageConfig } from './modules/analysis/photo-storage-s3';
import type { MailRetry } from './modules/mail/mailer';
import { defaultMaxConnections } from './lib/file-limit';
import { defaultWebDist } from './paths';
import type { NotificationsConfig } from './plugins/notifications';
import { DEFAULT_PUSH_HOSTS } from './modules/notifications/web-push';
import type { PhotoSweepConfig } from './plugins/photo-sweeper';
import type { StripeConfig } from './modules/orders/stripe';
import type { Env } from './config-env';

export { ConfigError, EnvSchema, parseEnv, type Env } from './config-env';

/** What `buildApp` needs. Tests build this directly instead of going through the environment. */
export interface AppConfig {
  logLevel: Env['LOG_LEVEL'];
  /** One concise line per request (default on); REQUEST_LOG=false turns them off. */
  requestLog?: boolean;
  /** Extra pino options for tests that capture log output. */
  logStream?: NodeJS.WritableStream;
  tokenTtlDays: number;
  rateLimit: {
    max: number;
    authMax: number;
    authWindowS: number;
    /** Cap of the per-account slow-down of credential attempts (decision 021). */
    slowdownMaxMs?: number;
  };
  /** Fastify's trustProxy: false, a hop count, or proxy addresses/CIDRs (never `true`). */
  trustProxy: false | number | string[];
  /** Shared state for several instances; absent or null means in-process (one instance). */
  redis?: RedisConfig | null;
  /** Load shedding (plugins/under-pressure.ts); absent means off (tests build AppConfig by hand). */
  underPressure?: UnderPressureConfig;
  bodyLimitBytes: number;
  requestTimeoutMs: number;
  /** Idle and slow connections (decision 071); absent means Node's defaults (tests). */
  connections?: ConnectionsConfig;
  /** Directory of the built SPA; null disables SPA serving (API-only). */
  webDist: string | null;
  version: string;
  /** Directory of downloadable files (the Android APK); absent means ./downloads. */
  downloadsDir?: string;
  /** Outgoing mail; absent or smtpUrl null means the mail_outbox table (and the log). */
  mail?: {
    smtpUrl: string | null;
    from: string;
    /** Retries of the mail job; absent means 5 retries from 30 s, doubling (modules/mail). */
    retry?: MailRetry;
  };
  /**
   * Development mailbox: with no SMTP and NODE_ENV not production, reset links are also logged and
   * /dev/mail lists the outbox. Absent means off.
   */
  devMailbox?: boolean;
  /** Public web address for links in emails; absent means http://localhost:3000. */
  appUrl?: string;
  /** The clock for date rules (streaks, link expiry); tests inject one. Absent means real time. */
  now?: () => Date;
  /** Reminders and push; absent means scheduler off and the VAPID pair from the database. */
  notifications?: NotificationsConfig;
  /** Scan settings; absent means the defaults (tests build AppConfig by hand). */
  analysis?: AnalysisConfig;
  /** Photos in an S3-compatible bucket; absent or null means PostgreSQL. */
  photoStorage?: S3PhotoStorageConfig | null;
  /** Card payment through Stripe Checkout; absent or null means orders await payment (staff). */
  stripe?: StripeConfig | null;
  /** The photo sweeps' timer; absent means every minute (deletions) and hour (orphans). */
  photoSweep?: PhotoSweepConfig;
  /** The job queue (decision 029); absent means the defaults below. */
  jobs?: JobsConfig;
  /** What server.ts and worker.ts wait for work in flight on SIGTERM; absent means 30 s. */
  shutdownGraceMs?: number;
}

export interface ConnectionsConfig {
  /** The request head must arrive within this (a silent connection too): 408 and closed. */
  headersTimeoutMs: number;
  keepAliveTimeoutMs: number;
  /** Open connections at most; new ones beyond are closed at once. */
  maxConnections: number;
}

export interface JobsConfig {
  /** Work mail, clean-up and other background jobs in this web process once it listens. */
  workInServer: boolean;
  /** pg-boss maintenance: jobs of dead processes are put back this often. */
  maintenanceIntervalS: number;
}

export const defaultJobsConfig: JobsConfig = { workInServer: true, maintenanceIntervalS: 30 };

/** The grace of a stopping process: SHUTDOWN_GRACE_MS, or the scan limit plus 15 s (≥ 30 s). */
export function shutdownGraceMs(env: Env): number {
  return env.SHUTDOWN_GRACE_MS ?? Math.max(30_000, env.SCAN_TIMEOUT_MS + 15_000);
}

export interface RedisConfig {
  url: string;
  keyPrefix: string;
  commandTimeoutMs: number;
}

export interface UnderPressureConfig {
  /** Mean event-loop delay over a sample; 0 = not checked. */
  maxEventLoopDelayMs: number;
  maxHeapUsedBytes: number;
  maxRssBytes: number;
  retryAfterS: number;
  /** Interval of the database check (`select 1` within 2 s); 0 = not checked. */
  dbCheckIntervalMs: number;
  /** How often the figures are sampled; default 1000 ms (tests sample faster). */
  sampleIntervalMs?: number;
}

const MB = 1024 * 1024;

/**
 * The default resident-memory ceiling of load shedding (decision 072): 75 % of what the process
 * may use — its cgroup's limit (a container) or the machine's RAM — leaving the rest to
 * PostgreSQL and the system, so the process answers 503 before the machine swaps; never below
 * 768 MB (an idle server with the engine loaded uses about 500 MB).
 */
export function defaultMaxRssBytes(
  available = Math.min(
    os.totalmem(),
    (process as { constrainedMemory?: () => number | undefined }).constrainedMemory?.() || Infinity,
  ),
): number {
  return Math.max(768 * MB, Math.floor(available * 0.75));
}

export function appConfigFromEnv(env: Env, version: string): AppConfig {
  return {
    logLevel: env.LOG_LEVEL,
    requestLog: env.REQUEST_LOG,
    tokenTtlDays: env.TOKEN_TTL_DAYS,
    rateLimit: {
      max: env.RATE_LIMIT_MAX,
      authMax: env.RATE_LIMIT_AUTH_MAX,
      authWindowS: env.RATE_LIMIT_AUTH_WINDOW_S,
    },
    trustProxy: env.TRUST_PROXY,
    redis: env.REDIS_URL
      ? {
          url: env.REDIS_URL,
          keyPrefix: env.REDIS_KEY_PREFIX,
          commandTimeoutMs: env.REDIS_COMMAND_TIMEOUT_MS,
        }
      : null,
    underPressure: {
      maxEventLoopDelayMs: env.UNDER_PRESSURE_MAX_EVENT_LOOP_DELAY_MS,
      maxHeapUsedBytes:
        env.UNDER_PRESSURE_MAX_HEAP_MB === undefined
          ? Math.floor(v8.getHeapStatistics().heap_size_limit * 0.9)
          : env.UNDER_PRESSURE_MAX_HEAP_MB * MB,
      maxRssBytes:
        env.UNDER_PRESSURE_MAX_RSS_MB === undefined
          ? defaultMaxRssBytes()
          : env.UNDER_PRESSURE_MAX_RSS_MB * MB,
      retryAfterS: env.UNDER_PRESSURE_RETRY_AFTER_S,
      dbCheckIntervalMs: env.UNDER_PRESSURE_DB_CHECK_MS,
    },
    bodyLimitBytes: env.BODY_LIMIT_BYTES,
    requestTimeoutMs: env.REQUEST_TIMEOUT_MS,
    connections: {
      headersTimeoutMs: env.HEADERS_TIMEOUT_MS,
      keepAliveTimeoutMs: env.KEEP_ALIVE_TIMEOUT_MS,
      maxConnections: env.MAX_CONNECTIONS ?? defaultMaxConnections(),
    },
    webDist: path.resolve(process.cwd(), env.WEB_DIST ?? defaultWebDist),
    version,
    downloadsDir: path.resolve(process.cwd(), env.DOWNLOADS_DIR),
    analysis: analysisConfigFromEnv(env),
    mail: { smtpUrl: env.SMTP_URL ?? null, from: env.MAIL_FROM },
    devMailbox: !env.SMTP_URL && env.NODE_ENV !== 'production',
    appUrl: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    notifications: {
      schedulerIntervalMs: env.NOTIFICATIONS_INTERVAL_S * 1000,
      vapidPublicKey: env.VAPID_PUBLIC_KEY,
      vapidPrivateKey: env.VAPID_PRIVATE_KEY,
      vapidSubject: env.VAPID_SUBJECT ?? vapidSubjectFrom(env.APP_URL),
      pushHosts: env.PUSH_ENDPOINT_HOSTS
        ? env.PUSH_ENDPOINT_HOSTS.split(',')
            .map((h) => h.trim().toLowerCase())
            .filter(Boolean)
        : DEFAULT_PUSH_HOSTS,
      fcmServiceAccountFile: env.FCM_SERVICE_ACCOUNT_FILE
        ? path.resolve(process.cwd(), env.FCM_SERVICE_ACCOUNT_FILE)
        : null,
    },
    photoStorage: env.S3_BUCKET
      ? {
          bucket: env.S3_BUCKET,
          endpoint: env.S3_ENDPOINT,
          region: env.S3_REGION,
          accessKeyId: env.S3_ACCESS_KEY_ID,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY,
          forcePathStyle: env.S3_FORCE_PATH_STYLE,
          keyPrefix: env.S3_KEY_PREFIX,
          serverSideEncryption: env.S3_SSE,
          kmsKeyId: env.S3_SSE_KMS_KEY_ID,
        }
      : null,
    stripe: env.STRIPE_SECRET_KEY
      ? {
          secretKey: env.STRIPE_SECRET_KEY,
          webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? null,
          apiBase: env.STRIPE_API_BASE,
        }
      : null,
    photoSweep: {
      intervalMs: env.PHOTO_SWEEP_INTERVAL_S * 1000,
      orphanIntervalMs: 60 * 60_000,
      orphanAgeMs: env.PHOTO_ORPHAN_AGE_MIN * 60_000,
    },
    jobs: {
      workInServer: env.JOBS_IN_SERVER,
      maintenanceIntervalS: env.JOBS_MAINTENANCE_INTERVAL_S,
    },
    shutdownGraceMs: shutdownGraceMs(env),
  };
}

/** Push services want a way to reach the sender: the site when it is https, else a mailbox. */
function vapidSubjectFrom(appUrl: string | undefined): string {
  return appUrl?.startsWith('https://') ? appUrl : 'mailto:no-reply@lumiskin.app';
}
