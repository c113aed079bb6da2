import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { defaultJobsConfig } from '../config';
import { declareCleanupJobs } from '../modules/jobs/cleanup';
import { createJobQueue, type Jobs } from '../modules/jobs/queue';

declare module 'fastify' {
  interface FastifyInstance {
    /** The job queue on PostgreSQL (decision 029): handle, enqueue, schedule, work. */
    jobs: Jobs;
  }
}

/** Kinds of job only `npm run worker` processes take (the web process stays light). */
export const WORKER_ONLY_JOBS = new Set(['scan']);

/**
 * The queue is opened lazily (first enqueue or work). A listening web server works every kind
 * but the worker-only ones when `jobs.workInServer`; `worker.ts` works them all. On close it
 * first stops taking jobs and lets those running finish (preClose, while the database and the
 * handlers' own plugins are still open), then closes its pool.
 */
async function jobsPlugin(app: FastifyInstance, options: { databaseUrl: string }) {
  const config = app.config.jobs ?? defaultJobsConfig;
  const jobs = createJobQueue({
    databaseUrl: options.databaseUrl,
    log: app.log,
    maintenanceIntervalS: config.maintenanceIntervalS,
  });
  app.decorate('jobs', jobs);
  // The scheduled clean-up of expired sessions, spent reset links, old view rows and the like.
  declareCleanupJobs(jobs, { db: app.db, log: app.log, now: app.config.now });
  app.addHook('onListen', async () => {
    if (!config.workInServer) return;
    const names = jobs.names().filter((name) => !WORKER_ONLY_JOBS.has(name));
    // Not awaited: a database that is down at this moment must not keep the server from listening.
    jobs.work(names).catch((error: unknown) => app.log.error({ err: error }, 'jobs not started'));
  });
  app.addHook('preClose', async () => {
    await jobs.stopWorking(Math.max(1000, (app.config.shutdownGraceMs ?? 30_000) - 5000));
  });
  app.addHook('onClose', async () => {
    await jobs.close();
  });
}

export default fp(jobsPlugin, { name: 'jobs', dependencies: ['db'] });
