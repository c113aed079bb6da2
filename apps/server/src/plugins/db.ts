import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createDbClient, type Db, type DbClient } from '../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    /** The raw postgres.js client, for health checks and the odd hand-written query. */
    sql: DbClient['sql'];
  }
}

/** Opens the pool on the (already migrated) database and closes it when the app closes. */
async function dbPlugin(app: FastifyInstance, options: { databaseUrl: string }) {
  const client = createDbClient(options.databaseUrl);
  app.decorate('db', client.db);
  app.decorate('sql', client.sql);
  // Runs after the server stopped accepting requests and in-flight ones finished.
  app.addHook('onClose', async () => {
    await client.close();
  });
}

export default fp(dbPlugin, { name: 'db' });
