import { z } from 'zod';
import { analysisEnvShape } from './modules/analysis/config';
import { trustProxy } from './lib/trust-proxy';

/**
 * The environment the server reads: its schema, and the parse that lists every bad variable
 * (without printing secrets). config.ts turns it into the app's configuration.
 */

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
    /**
     * This machine only by default (a single-machine install, whose development mailbox holds
     * reset links); HOST=0.0.0.0 opens the server to the network on purpose (decision 070).
     */
    HOST: z.string().min(1).default('127.0.0.1'),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    /** One line per request (`GET /api/x 200 4 ms`); false turns request lines off. */
    REQUEST_LOG: booleanish.default(true),
    /** External PostgreSQL. Without it a private PostgreSQL runs in DATA_DIR/pg (see EMBEDDED_DB). */
    DATABASE_URL: optionalText.pipe(
      z
        .url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' })
        .optional(),
    ),
    DATA_DIR: z.string().min(1).default('./data'),
    /** With NODE_ENV=production and no DATABASE_URL, say that the private database is meant. */
    EMBEDDED_DB: booleanish.default(false),
    /** 'production' turns off development helpers (the logged reset link, /dev/mail). */
    NODE_ENV: z.string().default('development'),
    WEB_DIST: optionalText,
    TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    ADMIN_EMAIL: optionalText.pipe(z.email({ error: 'must be an email address' }).optional()),
    ADMIN_PASSWORD: optionalText.pipe(
      z.string().min(8, 'must be at least 8 characters').optional(),
    ),
    ADMIN_NAME: optionalText,
    /**
     * ADMIN_EMAIL may promote an account that already exists under that address (a non-admin):
     * its password is replaced, its sessions revoked and the promotion audited (decision 070).
     * Off: such an account is left alone and the start says why.
     */
    ADMIN_PROMOTE_EXISTING: booleanish.default(false),
    /** Demo content on the embedded database (the demo user of the login page hint). */
    SEED_DEMO: booleanish.default(true),
    /** Files offered for download; a built Android app goes in DOWNLOADS_DIR/lumiskin.apk. */
    DOWNLOADS_DIR: z.string().min(1).default('./downloads'),
    /** Requests per minute per IP for all /api routes. */
    RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(300),
    /** Failed logins per IP and per (email, IP) within RATE_LIMIT_AUTH_WINDOW_S (decision 021). */
    RATE_LIMIT_AUTH_MAX: z.coerce.number().int().min(1).default(10),
    RATE_LIMIT_AUTH_WINDOW_S: z.coerce.number().int().min(1).default(900),
    /**
     * Behind proxies: how many hops (e.g. 1) or which proxy addresses/CIDRs to trust for
     * X-Forwarded-For. Never "true" (trust all): the client writes the leftmost address itself.
     */
    TRUST_PROXY: trustProxy,
    BODY_LIMIT_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .default(256 * 1024),
    REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).default(30_000),
    /**
     * A connection that has not sent a whole request head (method, path, headers) within this is
     * closed with 408, a connection that sends nothing at all included (decision 071).
     */
    HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1000).max(120_000).default(10_000),
    /** An idle kept-alive connection is closed after this (behind a load balancer: above its own). */
    KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(5_000),
    /**
     * Open connections at most; beyond it new ones are closed at once. Default: half the process's
     * open-file soft limit (ulimit -n), between 16 and 16,384.
     */
    MAX_CONNECTIONS: z.coerce.number().int().min(1).max(1_000_000).optional(),
    /** Outgoing mail (password reset). Without it mail goes to the mail_outbox table and the log. */
    SMTP_URL: optionalText.pipe(
      z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
    ),
    MAIL_FROM: z.string().min(3).default('Lumiskin <no-reply@lumiskin.app>'),
    /** Public address of the web app, for links in emails (default http://localhost:PORT). */
    APP_URL: optionalText.pipe(z.url({ error: 'must be a URL' }).optional()),
    /**
     * Seconds between runs of the reminder job (decision 033): 60, the queue's every-minute cron;
     * under a minute (development, tests) each process working jobs enqueues it that often; 0 off.
     */
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
    /**
     * Seconds between queued sweeps of pending photo deletions (retries; each delete queues one at
     * once too). 0: none scheduled, so no retries and no orphan sweep (decision 031).
     */
    PHOTO_SWEEP_INTERVAL_S: z.coerce.number().int().min(0).max(86_400).default(60),
    /** A photo without a scan is deleted once older than this many minutes. */
    PHOTO_ORPHAN_AGE_MIN: z.coerce.number().int().min(5).max(10_080).default(60),
    /**
     * Card payment through Stripe Checkout (decision 084). Without it orders are placed as
     * "awaiting payment" for staff to settle.
     */
    STRIPE_SECRET_KEY: optionalText.pipe(
      z
        .string()
        .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9]+$/, 'must be a Stripe secret key (sk_… or rk_…)')
        .optional(),
    ),
    /** The signing secret of the webhook endpoint (whsec_…); without it no webhook is accepted. */
    STRIPE_WEBHOOK_SECRET: optionalText,
    /** Stripe's API address; only tests and local stand-ins change it. */
    STRIPE_API_BASE: z
      .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
      .default('https://api.stripe.com'),
    /** Redis or Valkey shared by every instance: rate limits, page and Markdown caches. */
    REDIS_URL: optionalText.pipe(
      z.url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' }).optional(),
    ),
    /** Put before every key, so several deployments can share one Redis. */
    REDIS_KEY_PREFIX: z.string().max(64).default('lumiskin:'),
    /** A Redis command slower than this fails (limits then fail as decision 027 says). */
    REDIS_COMMAND_TIMEOUT_MS: z.coerce.number().int().min(20).max(60_000).default(500),
    /** Load shedding (@fastify/under-pressure): 503 + Retry-After past these; 0 turns one off. */
    UNDER_PRESSURE_MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).default(1000),
    /** Default: 90% of the V8 heap limit (node --max-old-space-size). */
    UNDER_PRESSURE_MAX_HEAP_MB: z.coerce.number().int().min(0).optional(),
    /** Default: 75 % of the memory the process may use (cgroup limit or RAM), at least 768 MB. */
    UNDER_PRESSURE_MAX_RSS_MB: z.coerce.number().int().min(0).optional(),
    UNDER_PRESSURE_RETRY_AFTER_S: z.coerce.number().int().min(1).max(3600).default(10),
    /** How often `select 1` must answer within 2 s (a starved pool sheds load); 0 = never. */
    UNDER_PRESSURE_DB_CHECK_MS: z.coerce.number().int().min(0).default(5000),
    /**
     * How long a stopping process (SIGTERM) waits for scans and jobs in flight before it exits.
     * Default: the scan limit plus 15 s, so an inline scan that started just before the signal
     * still finishes; never below SCAN_TIMEOUT_MS.
     */
    SHUTDOWN_GRACE_MS: z.coerce.number().int().min(1000).max(3_600_000).optional(),
    /**
     * The web server also works the background jobs (mail, clean-up, reminders, photo sweeps) of
     * the shared queue (decision 029). Scans in SCAN_MODE=queue are only ever run by `npm run worker`.
     */
    JOBS_IN_SERVER: booleanish.default(true),
    /** How often a job whose process died (no answer within its time limit) is put back. */
    JOBS_MAINTENANCE_INTERVAL_S: z.coerce.number().int().min(1).max(3600).default(30),
  })
  .superRefine((env, ctx) => {
    if (env.SHUTDOWN_GRACE_MS !== undefined && env.SHUTDOWN_GRACE_MS < env.SCAN_TIMEOUT_MS) {
      ctx.addIssue({
        code: 'custom',
        path: ['SHUTDOWN_GRACE_MS'],
        message: `must be at least SCAN_TIMEOUT_MS (${env.SCAN_TIMEOUT_MS}) so a scan in flight can finish`,
      });
    }
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
    if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_WEBHOOK_SECRET'],
        message: 'is required with STRIPE_SECRET_KEY: without it no payment is ever marked paid',
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
  })
  .refine((env) => env.NODE_ENV !== 'production' || env.DATABASE_URL || env.EMBEDDED_DB, {
    path: ['DATABASE_URL'],
    message:
      'NODE_ENV=production needs DATABASE_URL (the PostgreSQL every instance shares); to run a ' +
      'private database in DATA_DIR on purpose (one instance only), set EMBEDDED_DB=true',
    // Checked even when other variables are wrong, so one start lists every problem.
    when: (payload) => productionFields.safeParse(payload.value).success,
  });

/** The variables the production-database rule reads (checked on their own, see `when`). */
const productionFields = z.object({
  NODE_ENV: z.string().optional(),
  DATABASE_URL: z.string().optional(),
  EMBEDDED_DB: z.boolean(),
});

export type Env = z.infer<typeof EnvSchema>;

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
