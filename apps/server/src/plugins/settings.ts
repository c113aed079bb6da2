import type { SiteSettings } from '@lumiskin/contract/settings';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { readSettings } from '../modules/settings/repository';

declare module 'fastify' {
  interface FastifyInstance {
    /** The site settings (admin area), cached per process. */
    settings: {
      get(): Promise<SiteSettings>;
      /** Forget the cached copy (after an admin changed a setting), on every instance with Redis. */
      invalidate(): Promise<void>;
    };
  }
}

/**
 * Read on every page load (the banner) and every registration and scan, so cached. A write here
 * invalidates at once. With Redis, every instance checks a shared version on each get (one small
 * GET) and reloads when another instance bumped it; without Redis, another server process sharing
 * the database sees a change within SETTINGS_TTL_MS (decision 032). A failed read is not cached.
 */
export const SETTINGS_TTL_MS = 15_000;
const VERSION_KEY = 'settings:version';

async function settingsPlugin(app: FastifyInstance) {
  const redis = app.redis;
  let cached: { value: Promise<SiteSettings>; at: number; version: string } | null = null;

  const sharedVersion = async (): Promise<string> => {
    if (!redis) return '0';
    try {
      return (await redis.get(VERSION_KEY)) ?? '0';
    } catch {
      return cached?.version ?? '0';
    }
  };

  app.decorate('settings', {
    async get() {
      const version = await sharedVersion();
      // Without Redis the copy ages out; with it, the shared version says when it is stale.
      const expired = !redis && cached !== null && Date.now() - cached.at > SETTINGS_TTL_MS;
      if (!cached || cached.version !== version || expired) {
        const value = readSettings(app.db).catch((error: unknown) => {
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
      await redis.incr(VERSION_KEY).catch((error: unknown) => {
        app.log.warn({ err: error }, 'settings: other instances not told of the change (redis)');
      });
    },
  });
}

export default fp(settingsPlugin, { name: 'settings', dependencies: ['db', 'redis'] });
