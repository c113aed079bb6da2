import type { SiteSettings } from '@lumiskin/contract/settings';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { versionedCopy } from '../lib/versioned-copy';
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

async function settingsPlugin(app: FastifyInstance) {
  app.decorate(
    'settings',
    versionedCopy({
      redis: app.redis,
      versionKey: 'settings:version',
      load: () => readSettings(app.db),
      log: app.log,
      name: 'settings',
      maxAgeMs: SETTINGS_TTL_MS,
    }),
  );
}

export default fp(settingsPlugin, { name: 'settings', dependencies: ['db', 'redis'] });
