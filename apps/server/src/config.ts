import path from 'node:path';
import { z } from 'zod';
import {
  analysisConfigFromEnv,
  analysisEnvShape,
  type AnalysisConfig,
} from './modules/analysis/config';
import type { S3PhotoStorageConfig } from './modules/analysis/photo-storage-s3';
import { defaultWebDist } from './paths';
import type { PhotoSweepConfig } from './plugins/photo-sweeper';

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
    /** Scan workers, limits and the optional weather/LLM/skin-API adapters (modules/analysis/config.ts). */
    ...analysisEnvShape,
    /** Photos in an S3-compatible bucket instead of PostgreSQL (decision 031). */
    S3_BUCKET: optionalText.pipe(
      z
        .string()
        .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name (a-z, 0-9, . and -)')
        .optional(),
    ),
    S3_ENDPOINT: optionalText.pipe(
      z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
    ),
    S3_REGION: z.string().trim().min(1).default('us-east-1'),
    S3_ACCESS_KEY_ID: optionalText,
    S3_SECRET_ACCESS_KEY: optionalText,
    S3_FORCE_PATH_STYLE: booleanish.default(false),
    S3_KEY_PREFIX: z
      .string()
      .trim()
      .max(200)
      .regex(
        /^(?!\/)[A-Za-z0-9!_.*'()/-]*$/,
        "must be letters, digits and !_.*'()/- (no leading /)",
      )
      .default('photos/')
      .transform((v) => (v === '' || v.endsWith('/') ? v : `${v}/`)),
    S3_SSE: optionalText.pipe(z.enum(['AES256', 'aws:kms']).optional()),
    S3_SSE_KMS_KEY_ID: optionalText,
    /** Seconds between sweeps of pending photo deletions (0: no timer, so no retries nor orphan sweep). */
    PHOTO_SWEEP_INTERVAL_S: z.coerce.number().int().min(0).max(86_400).default(60),
    /** A photo without a scan is deleted once older than this many minutes. */
    PHOTO_ORPHAN_AGE_MIN: z.coerce.number().int().min(5).max(10_080).default(60),
  })
  .superRefine((env, ctx) => {
    if (Boolean(env.ADMIN_EMAIL) !== Boolean(env.ADMIN_PASSWORD)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.ADMIN_EMAIL ? 'ADMIN_PASSWORD' : 'ADMIN_EMAIL'],
        message: 'ADMIN_EMAIL and ADMIN_PASSWORD must be set together',
      });
    }
    if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'],
        message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together',
      });
    }
    // An S3 setting without a bucket would silently keep photos in PostgreSQL.
    const s3Setting = (
      ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_SSE'] as const
    ).find((key) => env[key]);
    if (!env.S3_BUCKET && s3Setting) {
      ctx.addIssue({
        code: 'custom',
        path: ['S3_BUCKET'],
        message: `is required when ${s3Setting} is set`,
      });
    }
    if (env.S3_SSE_KMS_KEY_ID && env.S3_SSE !== 'aws:kms') {
      ctx.addIssue({
        code: 'custom',
        path: ['S3_SSE_KMS_KEY_ID'],
        message: 'needs S3_SSE=aws:kms',
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
  /** Scan settings; absent means the defaults (tests build AppConfig by hand). */
  analysis?: AnalysisConfig;
  /** Photos in an S3-compatible bucket; absent or null means PostgreSQL. */
  photoStorage?: S3PhotoStorageConfig | null;
  /** The photo sweeps' timer; absent means every minute (deletions) and hour (orphans). */
  photoSweep?: PhotoSweepConfig;
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Variables whose value a start-up error must not print (it goes to the log). */
const SECRET_VARIABLE = /PASSWORD|SECRET|_KEY(_ID)?$/;

/** Parses `process.env` (or any record); throws ConfigError listing every bad variable. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = EnvSchema.safeParse(source);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => {
        const key = issue.path.join('.') || '(environment)';
        const value = source[key] ?? null;
        const shown = value !== null && SECRET_VARIABLE.test(key) ? '[hidden]' : value;
        return `${key}: ${issue.message} (got ${JSON.stringify(shown)})`;
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
    photoSweep: {
      intervalMs: env.PHOTO_SWEEP_INTERVAL_S * 1000,
      orphanIntervalMs: 60 * 60_000,
      orphanAgeMs: env.PHOTO_ORPHAN_AGE_MIN * 60_000,
    },
  };
}
