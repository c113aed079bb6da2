import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DatabaseAvailability } from '../db/availability';
import { createDbClient, type Db, type DbClient } from '../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    /** The raw postgres.js client, for health checks and the odd hand-written query. */
    sql: DbClient['sql'];
    /** Up/down state of the database, logged once per change (errors plugin, health). */
    databaseAvailability: DatabaseAvailability;
  }
}

/** Opens the pool on the (already migrated) database and closes it when the app closes. */
async function dbPlugin(app: FastifyInstance, options: { databaseUrl: string }) {
  const client = createDbClient(options.databaseUrl);
  app.decorate('db', client.db);
  app.decorate('sql', client.sql);
  const availability = new DatabaseAvailability(app.log, () => client.sql`select 1`);
  app.decorate('databaseAvailability', availability);
  // Runs after the server stopped accepting requests and in-flight ones finished.
  app.addHook('onClose', async () => {
    availability.stop();
    await client.close();
  });
}

export default fp(dbPlugin, { name: 'db' });
