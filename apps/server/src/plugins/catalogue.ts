import type { Catalogue } from '@lumiskin/skin-advice/catalogue';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { loadFormulationCatalogue } from '../modules/shop/formulations';

declare module 'fastify' {
  interface FastifyInstance {
    /** The bases and boosters a routine may name, read from the database once per process. */
    catalogue: {
      get(): Promise<Catalogue>;
      /**
       * Forget the cached copy (after the products table changed): the next get() reloads, here
       * and, with Redis, on every other instance too.
       */
      invalidate(): Promise<void>;
    };
  }
}

/** Bumped by every invalidation; an instance whose copy was loaded under another value reloads. */
const VERSION_KEY = 'catalogue:version';

/**
 * Loaded on first use, not at start: the seeders fill the table after the app is built. A failed
 * load is not cached, so the next scan tries again. With Redis each get() reads the shared
 * version (one small GET); if Redis cannot answer, the copy in hand is used.
 */
async function cataloguePlugin(app: FastifyInstance) {
  const redis = app.redis;
  let cached: { version: string; catalogue: Promise<Catalogue> } | null = null;

  const sharedVersion = async (): Promise<string> => {
    if (!redis) return '0';
    try {
      return (await redis.get(VERSION_KEY)) ?? '0';
    } catch {
      return cached?.version ?? '0';
    }
  };

  app.decorate('catalogue', {
    async get() {
      const version = await sharedVersion();
      if (!cached || cached.version !== version) {
        const loading = loadFormulationCatalogue(app.db).catch((error: unknown) => {
          if (cached?.catalogue === loading) cached = null;
          throw error;
        });
        cached = { version, catalogue: loading };
      }
      return cached.catalogue;
    },
    async invalidate() {
      cached = null;
      if (!redis) return;
      await redis.incr(VERSION_KEY).catch((error: unknown) => {
        app.log.warn({ err: error }, 'catalogue: other instances not told of the change (redis)');
      });
    },
  });
}

export default fp(cataloguePlugin, { name: 'catalogue', dependencies: ['db', 'redis'] });
