import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { appConfigFromEnv, type Env } from './config';
import { prepareDatabase, runningClusterUrl, type PreparedDatabase } from './db/database';
import { serverVersion } from './paths';

export interface RunningWorker {
  app: FastifyInstance;
  /** Kinds of job this worker takes. */
  queues: string[];
  /**
   * Stops taking jobs, lets the running ones finish within `graceMs` (the rest are handed back
   * to the queue for another worker), then closes the app and its database connections.
   */
  stop(graceMs: number): Promise<void>;
}

/**
 * The database a worker uses: DATABASE_URL (migrated, like the server does), or on the server's
 * own machine the embedded PostgreSQL the running server started in DATA_DIR. A worker never
 * starts a database of its own: it would be a private one no server sends jobs to.
 */
async function workerDatabase(env: Env, cwd: string): Promise<PreparedDatabase> {
  if (env.DATABASE_URL) {
    return prepareDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, log: () => {} });
  }
  const running = runningClusterUrl(path.resolve(cwd, env.DATA_DIR));
  if (!running) {
    throw new Error(
      `no database: set DATABASE_URL, or start the server first (npm start) so this worker can use its database in ${env.DATA_DIR}`,
    );
  }
  return { url: running, embedded: null, release: async () => {} };
}

/**
 * One worker process's work: the app built as the server builds it (same plugins, same job
 * handlers, no HTTP), the skin engine loaded, then every kind of job taken (queued scans, mail,
 * clean-up). Any number of these may run, on any machines with the same environment.
 */
export async function startWorker(
  env: Env,
  options: { cwd?: string } = {},
): Promise<RunningWorker> {
  const database = await workerDatabase(env, options.cwd ?? process.cwd());
  let app: FastifyInstance | undefined;
  try {
    app = await buildApp({
      ...appConfigFromEnv(env, serverVersion()),
      webDist: null,
      databaseUrl: database.url,
    });
    await app.ready();
    // Load the engine before the first job, so a scan never waits for the models here. A blank
    // frame is refused (no face) once the thread is up.
    await app.scanPool.analyze({
      image: { data: new Uint8Array(64 * 64 * 3).fill(128), width: 64, height: 64, channels: 3 },
      analysisType: 'quick',
    });
    const queues = app.jobs.names();
    await app.jobs.work(queues);
    const running = app;
    return {
      app: running,
      queues,
      async stop(graceMs) {
        await running.jobs.stopWorking(graceMs);
        await running.close();
        await database.release();
      },
    };
  } catch (error) {
    await app?.close();
    await database.release();
    throw error;
  }
}
