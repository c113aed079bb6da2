import type { SiteSettings } from '@lumiskin/contract/settings';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { readSettings } from '../modules/settings/repository';

declare module 'fastify' {
  interface FastifyInstance {
    /** The site settings (admin area), cached per process. */
    settings: {
      get(): Promise<SiteSettings>;
      /** Forget the cached copy (after an admin changed a setting); the next get() reloads. */
      invalidate(): void;
    };
  }
}

/**
 * Read on every page load (the banner) and every registration and scan, so cached. A write here
 * invalidates at once; another server process sharing the database sees it within
 * SETTINGS_TTL_MS (decision 032). A failed read is not cached.
 */
export const SETTINGS_TTL_MS = 15_000;

async function settingsPlugin(app: FastifyInstance) {
  let cached: { value: Promise<SiteSettings>; at: number } | null = null;
  app.decorate('settings', {
    get() {
      if (!cached || Date.now() - cached.at > SETTINGS_TTL_MS) {
        const value = readSettings(app.db).catch((error: unknown) => {
          cached = null;
          throw error;
        });
        cached = { value, at: Date.now() };
      }
      return cached.value;
    },
    invalidate() {
      cached = null;
    },
  });
}

export default fp(settingsPlugin, { name: 'settings', dependencies: ['db'] });
