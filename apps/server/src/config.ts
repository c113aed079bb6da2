import path from 'node:path';
import { z } from 'zod';
import {
  analysisConfigFromEnv,
  analysisEnvShape,
  type AnalysisConfig,
} from './modules/analysis/config';
import { defaultWebDist } from './paths';
import type { NotificationsConfig } from './plugins/notifications';
import { DEFAULT_PUSH_HOSTS } from './modules/notifications/web-push';

const booleanish = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

/**
 * Every setting the server reads from the environment, parsed once at start (server.ts).
 * `.env.example` lists the same variables; keep them in step.
 */
export const EnvSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    /** External PostgreSQL. Without it a private PostgreSQL runs in DATA_DIR/pg. */
    DATABASE_URL: optionalText.pipe(
      z
        .url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' })
        .optional(),
    ),
    DATA_DIR: z.string().min(1).default('./data'),
    /** 'production' turns off development helpers (the logged reset link, /dev/mail). */
    NODE_ENV: z.string().default('development'),
    WEB_DIST: optionalText,
    TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    ADMIN_EMAIL: optionalText.pipe(z.email({ error: 'must be an email address' }).optional()),
    ADMIN_PASSWORD: optionalText.pipe(
      z.string().min(8, 'must be at least 8 characters').optional(),
    ),
    ADMIN_NAME: optionalText,
    /** Demo content on the embedded database (the demo user of the login page hint). */
    SEED_DEMO: booleanish.default(true),
    /** Files offered for download; a built Android app goes in DOWNLOADS_DIR/lumiskin.apk. */
    DOWNLOADS_DIR: z.string().min(1).default('./downloads'),
    /** Requests per minute per IP for all /api routes. */
    RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(300),
    /** Failed logins per IP and per (email, IP) within RATE_LIMIT_AUTH_WINDOW_S (decision 021). */
    RATE_LIMIT_AUTH_MAX: z.coerce.number().int().min(1).default(10),
    RATE_LIMIT_AUTH_WINDOW_S: z.coerce.number().int().min(1).default(900),
    /** Trust X-Forwarded-For (set when running behind a reverse proxy). */
    TRUST_PROXY: booleanish.default(false),
    BODY_LIMIT_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .default(256 * 1024),
    REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).default(30_000),
    /** Outgoing mail (password reset). Without it mail goes to the mail_outbox table and the log. */
    SMTP_URL: optionalText.pipe(
      z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
    ),
    MAIL_FROM: z.string().min(3).default('Lumiskin <no-reply@lumiskin.app>'),
    /** Public address of the web app, for links in emails (default http://localhost:PORT). */
    APP_URL: optionalText.pipe(z.url({ error: 'must be a URL' }).optional()),
    /** Seconds between reminder scheduler runs (decision 033); 0 turns it off. */
    NOTIFICATIONS_INTERVAL_S: z.coerce.number().int().min(0).max(3600).default(60),
    /** Web Push VAPID pair (base64url); without both, one is made at first start and kept in the DB. */
    VAPID_PUBLIC_KEY: optionalText,
    VAPID_PRIVATE_KEY: optionalText,
    /** Contact the push services see: a mailto: or https: URL. */
    VAPID_SUBJECT: optionalText.pipe(
      z
        .string()
        .regex(/^(mailto:|https:\/\/)/, 'must be a mailto: or https:// URL')
        .optional(),
    ),
    /** Comma-separated push-service hosts a browser subscription may point at (default: the major ones). */
    PUSH_ENDPOINT_HOSTS: optionalText,
    /** Firebase service-account key file: native (Android) push through FCM. Off when unset. */
    FCM_SERVICE_ACCOUNT_FILE: optionalText,
    /** Scan workers, limits and the optional weather/LLM/skin-API adapters (modules/analysis/config.ts). */
    ...analysisEnvShape,
  })
  .superRefine((env, ctx) => {
    if (Boolean(env.ADMIN_EMAIL) !== Boolean(env.ADMIN_PASSWORD)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.ADMIN_EMAIL ? 'ADMIN_PASSWORD' : 'ADMIN_EMAIL'],
        message: 'ADMIN_EMAIL and ADMIN_PASSWORD must be set together',
      });
    }
    if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY'],
        message: 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together',
      });
    }
  });

export type Env = z.infer<typeof EnvSchema>;

/** What `buildApp` needs. Tests build this directly instead of going through the environment. */
export interface AppConfig {
  logLevel: Env['LOG_LEVEL'];
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
  trustProxy: boolean;
  bodyLimitBytes: number;
  requestTimeoutMs: number;
  /** Directory of the built SPA; null disables SPA serving (API-only). */
  webDist: string | null;
  version: string;
  /** Directory of downloadable files (the Android APK); absent means ./downloads. */
  downloadsDir?: string;
  /** Outgoing mail; absent or smtpUrl null means the mail_outbox table (and the log). */
  mail?: { smtpUrl: string | null; from: string };
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
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses `process.env` (or any record); throws ConfigError listing every bad variable. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = EnvSchema.safeParse(source);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => {
        const key = issue.path.join('.') || '(environment)';
        return `${key}: ${issue.message} (got ${JSON.stringify(source[key] ?? null)})`;
      }),
    );
  }
  return result.data;
}

export function appConfigFromEnv(env: Env, version: string): AppConfig {
  return {
    logLevel: env.LOG_LEVEL,
    tokenTtlDays: env.TOKEN_TTL_DAYS,
    rateLimit: {
      max: env.RATE_LIMIT_MAX,
      authMax: env.RATE_LIMIT_AUTH_MAX,
      authWindowS: env.RATE_LIMIT_AUTH_WINDOW_S,
    },
    trustProxy: env.TRUST_PROXY,
    bodyLimitBytes: env.BODY_LIMIT_BYTES,
    requestTimeoutMs: env.REQUEST_TIMEOUT_MS,
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
  };
}

/** Push services want a way to reach the sender: the site when it is https, else a mailbox. */
function vapidSubjectFrom(appUrl: string | undefined): string {
  return appUrl?.startsWith('https://') ? appUrl : 'mailto:no-reply@lumiskin.app';
}
