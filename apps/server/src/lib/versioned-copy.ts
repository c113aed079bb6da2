import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

/** A per-process copy of something read from the database, kept in step across instances. */
export interface VersionedCopy<T> {
  get(): Promise<T>;
  /** Forget the copy here and, with Redis, on every other instance (bumps the shared version). */
  invalidate(): Promise<void>;
}

/**
 * Loaded on first use; a failed load is not kept, so the next get() tries again. With Redis each
 * get() reads the shared version under `versionKey` (one small GET) and reloads when another
 * instance bumped it; if Redis cannot answer, the copy in hand is used. Without Redis a copy older
 * than `maxAgeMs` (when given) is read again, so other processes' changes arrive within that.
 */
export function versionedCopy<T>(options: {
  redis: Redis | null;
  versionKey: string;
  load: () => Promise<T>;
  log: FastifyBaseLogger;
  /** What the copy is, for the log line when other instances could not be told. */
  name: string;
  maxAgeMs?: number;
}): VersionedCopy<T> {
  const { redis, versionKey, load, log, name, maxAgeMs } = options;
  let cached: { value: Promise<T>; at: number; version: string } | null = null;

  const sharedVersion = async (): Promise<string> => {
    if (!redis) return '0';
    try {
      return (await redis.get(versionKey)) ?? '0';
    } catch {
      return cached?.version ?? '0';
    }
  };

  return {
    async get() {
      const version = await sharedVersion();
      const expired =
        !redis && maxAgeMs !== undefined && cached !== null && Date.now() - cached.at > maxAgeMs;
      if (!cached || cached.version !== version || expired) {
        const value = load().catch((error: unknown) => {
          if (cached?.value === value) cached = null;
          throw error;
        });
        cached = { value, at: Date.now(), version };
      }
      return cached.value;
    },
    async invalidate() {
      cached = null;
      if (!redis) return;
      await redis.incr(versionKey).catch((error: unknown) => {
        log.warn({ err: error }, `${name}: other instances not told of the change (redis)`);
      });
    },
  };
}
