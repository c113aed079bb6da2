import { createHash } from 'node:crypto';
import {
  CONSENT_VERSION,
  SCAN_RATE_LIMIT_PER_HOUR,
  type OutsideService,
} from '@lumiskin/contract/scan';
import { z } from 'zod';
import type { ChatReportConfig } from './adapters/chat-report';
import { DEFAULT_LLM_TIMEOUT_MS } from './adapters/chat-report';
import type { ExternalSkinApiConfig } from './adapters/external-skin-api';
import { DEFAULT_SKIN_API_TIMEOUT_MS } from './adapters/external-skin-api';

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();
const optionalUrl = optionalText.pipe(
  z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
);
const count = (min: number, max: number, fallback: number) =>
  z.coerce.number().int().min(min).max(max).default(fallback);

/**
 * The scan's environment variables, spread into the server's EnvSchema (config.ts). Every outside
 * service is off unless its URL is set: by default a scan never leaves this server.
 */
export const analysisEnvShape = {
  /** Worker threads running the skin engine (each loads ~100 MB of models once). */
  SCAN_WORKERS_MIN: count(0, 16, 1),
  SCAN_WORKERS_MAX: count(1, 16, 2),
  /** Scans waiting for a free worker beyond this are refused with 503. */
  SCAN_QUEUE_MAX: count(0, 1000, 16),
  SCAN_RATE_LIMIT_PER_HOUR: count(1, 100_000, SCAN_RATE_LIMIT_PER_HOUR),
  /**
   * The scan routes' own handlerTimeout (the app's REQUEST_TIMEOUT_MS, 30 s, is too short for a
   * scan waiting in a full queue behind others on a small machine). Never below the app's.
   */
  SCAN_TIMEOUT_MS: count(5_000, 600_000, 120_000),
  /**
   * inline: the web process runs the engine while the request waits (201 with the analysis).
   * queue: the upload is stored and queued (202 with a job id); `npm run worker` processes run it.
   */
  SCAN_MODE: z.enum(['inline', 'queue']).default('inline'),
  /** Open-Meteo-style live weather (humidity, temperature) for the routine; unknown without it. */
  WEATHER_URL: optionalUrl,
  WEATHER_TIMEOUT_MS: count(100, 60_000, 2500),
  /** OpenAI-compatible chat model that rewrites the report (falls back to ours on any failure). */
  LLM_BASE_URL: optionalUrl,
  LLM_API_KEY: optionalText,
  LLM_MODEL: optionalText,
  LLM_TIMEOUT_MS: count(100, 120_000, DEFAULT_LLM_TIMEOUT_MS),
  /** Face++ `skinanalyze`-shaped API whose scores are merged over ours when it answers. */
  SKIN_API_URL: optionalUrl,
  SKIN_API_KEY: optionalText,
  SKIN_API_SECRET: optionalText,
  SKIN_API_TIMEOUT_MS: count(100, 120_000, DEFAULT_SKIN_API_TIMEOUT_MS),
};

const AnalysisEnv = z.object(analysisEnvShape);
export type AnalysisEnv = z.infer<typeof AnalysisEnv>;

export type ScanMode = 'inline' | 'queue';

export interface AnalysisConfig {
  /** Where the engine runs (decision 030); absent means inline. */
  mode?: ScanMode;
  workers: { min: number; max: number; maxQueue: number };
  ratePerHour: number;
  timeoutMs: number;
  weather: { url: string; timeoutMs: number } | null;
  chatReport: ChatReportConfig | null;
  skinApi: ExternalSkinApiConfig | null;
}

export const defaultAnalysisConfig: AnalysisConfig = analysisConfigFromEnv(AnalysisEnv.parse({}));

export function analysisConfigFromEnv(env: AnalysisEnv): AnalysisConfig {
  return {
    mode: env.SCAN_MODE,
    workers: {
      min: Math.min(env.SCAN_WORKERS_MIN, env.SCAN_WORKERS_MAX),
      max: env.SCAN_WORKERS_MAX,
      maxQueue: env.SCAN_QUEUE_MAX,
    },
    ratePerHour: env.SCAN_RATE_LIMIT_PER_HOUR,
    timeoutMs: env.SCAN_TIMEOUT_MS,
    weather: env.WEATHER_URL ? { url: env.WEATHER_URL, timeoutMs: env.WEATHER_TIMEOUT_MS } : null,
    chatReport:
      env.LLM_BASE_URL && env.LLM_MODEL
        ? {
            baseUrl: env.LLM_BASE_URL,
            apiKey: env.LLM_API_KEY ?? null,
            model: env.LLM_MODEL,
            timeoutMs: env.LLM_TIMEOUT_MS,
          }
        : null,
    skinApi:
      env.SKIN_API_URL && env.SKIN_API_KEY && env.SKIN_API_SECRET
        ? {
            url: env.SKIN_API_URL,
            apiKey: env.SKIN_API_KEY,
            apiSecret: env.SKIN_API_SECRET,
            timeoutMs: env.SKIN_API_TIMEOUT_MS,
          }
        : null,
  };
}

/** The outside services a scan's data goes to on this server, as the consent names them. */
export function outsideServices(config: AnalysisConfig): OutsideService[] {
  const services: OutsideService[] = [];
  if (config.skinApi)
    services.push({ kind: 'skin_analysis', host: new URL(config.skinApi.url).host });
  if (config.chatReport) {
    services.push({ kind: 'report_wording', host: new URL(config.chatReport.baseUrl).host });
  }
  return services;
}

/**
 * The consent text's version on this server: the photo-stays-here text's, or that followed by a
 * digest of the outside services named, so switching one on (or to another host) asks again.
 */
export function consentVersionFor(config: AnalysisConfig): string {
  const services = outsideServices(config);
  if (services.length === 0) return CONSENT_VERSION;
  const named = services.map((s) => `${s.kind}@${s.host}`).join(',');
  return `${CONSENT_VERSION}+${createHash('sha256').update(named).digest('hex').slice(0, 12)}`;
}
