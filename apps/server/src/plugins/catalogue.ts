import type { Catalogue } from '@lumiskin/skin-advice/catalogue';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { loadFormulationCatalogue } from '../modules/shop/formulations';

declare module 'fastify' {
  interface FastifyInstance {
    /** The bases and boosters a routine may name, read from the database once per process. */
    catalogue: {
      get(): Promise<Catalogue>;
      /** Forget the cached copy (after the products table changed); the next get() reloads. */
      invalidate(): void;
    };
  }
}

/**
 * Loaded on first use, not at start: the seeders fill the table after the app is built. A failed
 * load is not cached, so the next scan tries again.
 */
async function cataloguePlugin(app: FastifyInstance) {
  let cached: Promise<Catalogue> | null = null;
  app.decorate('catalogue', {
    get() {
      cached ??= loadFormulationCatalogue(app.db).catch((error: unknown) => {
        cached = null;
        throw error;
      });
      return cached;
    },
    invalidate() {
      cached = null;
    },
  });
}

export default fp(cataloguePlugin, { name: 'catalogue', dependencies: ['db'] });
