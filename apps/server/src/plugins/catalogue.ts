import type { Catalogue } from '@lumiskin/skin-advice';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { versionedCopy } from '../lib/versioned-copy';
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

/**
 * Loaded on first use, not at start: the seeders fill the table after the app is built. With
 * Redis, every instance reloads after any instance's invalidation (lib/versioned-copy.ts).
 */
async function cataloguePlugin(app: FastifyInstance) {
  app.decorate(
    'catalogue',
    versionedCopy({
      redis: app.redis,
      versionKey: 'catalogue:version',
      load: () => loadFormulationCatalogue(app.db),
      log: app.log,
      name: 'catalogue',
    }),
  );
}

export default fp(cataloguePlugin, { name: 'catalogue', dependencies: ['db', 'redis'] });
