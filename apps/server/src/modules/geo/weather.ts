import { z } from 'zod';

/** Current conditions from a live weather service. */
export interface WeatherNow {
  temperature_c: number;
  /** Relative humidity, percent. */
  humidity: number;
}

export interface WeatherClient {
  /** Conditions now at (lat, lon), or null when the service is slow, down or makes no sense. */
  current(lat: number, lon: number): Promise<WeatherNow | null>;
}

export const DEFAULT_WEATHER_TIMEOUT_MS = 2500;

/** The part of Open-Meteo's /v1/forecast `current` answer we read (https://open-meteo.com/en/docs). */
const OpenMeteoCurrent = z.object({
  current: z.object({
    temperature_2m: z.number().min(-100).max(70),
    relative_humidity_2m: z.number().min(0).max(100),
  }),
});

export interface OpenMeteoOptions {
  /** Service root, e.g. https://api.open-meteo.com or a self-hosted instance. */
  baseUrl: string;
  timeoutMs?: number;
  /** Told why a reading failed (for a log line); the caller just sees null. */
  onError?: (error: unknown) => void;
}

/**
 * Open-Meteo-style adapter: GET {baseUrl}/v1/forecast?latitude&longitude&current=… Any failure —
 * timeout, non-2xx, bad JSON, out-of-range numbers — gives null, so the scan goes on with the
 * climate marked unknown.
 */
export function createOpenMeteoClient(options: OpenMeteoOptions): WeatherClient {
  const base = options.baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? DEFAULT_WEATHER_TIMEOUT_MS;
  return {
    async current(lat, lon) {
      const url =
        `${base}/v1/forecast?latitude=${lat.toFixed(4)}&longitude=${lon.toFixed(4)}` +
        '&current=temperature_2m,relative_humidity_2m';
      try {
        // The same signal bounds the body read, so a server that stalls mid-answer times out too.
        const response = await fetch(url, {
          signal: AbortSignal.timeout(timeoutMs),
          headers: { accept: 'application/json' },
        });
        if (!response.ok) throw new Error(`weather service answered ${response.status}`);
        const body = OpenMeteoCurrent.parse(await response.json());
        return {
          temperature_c: Math.round(body.current.temperature_2m * 10) / 10,
          humidity: Math.round(body.current.relative_humidity_2m),
        };
      } catch (error) {
        options.onError?.(error);
        return null;
      }
    },
  };
}

/**
 * The live weather adapter when WEATHER_URL is set (WEATHER_TIMEOUT_MS optional), else null:
 * by default nothing leaves the server.
 */
export function weatherClientFromEnv(
  env: Record<string, string | undefined> = process.env,
  onError?: (error: unknown) => void,
): WeatherClient | null {
  const baseUrl = env.WEATHER_URL?.trim();
  if (!baseUrl) return null;
  const timeout = Number(env.WEATHER_TIMEOUT_MS);
  return createOpenMeteoClient({
    baseUrl,
    timeoutMs: Number.isFinite(timeout) && timeout > 0 ? timeout : DEFAULT_WEATHER_TIMEOUT_MS,
    onError,
  });
}
