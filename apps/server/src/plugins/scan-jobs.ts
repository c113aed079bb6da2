import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { defaultAnalysisConfig } from '../modules/analysis/config';
import { runScanJob, SCAN_JOB } from '../modules/analysis/scan-queue';

/**
 * Declares the queued scan (SCAN_MODE=queue, decision 030) in every process; only `npm run worker`
 * processes take these jobs (plugins/jobs.ts). A worker runs as many at once as it has engine
 * threads, and a job still running after the scan limit (plus a margin) is taken to be lost with
 * its worker and is retried.
 */
async function scanJobsPlugin(app: FastifyInstance) {
  const config = app.config.analysis ?? defaultAnalysisConfig;
  app.jobs.handle(
    SCAN_JOB,
    (job) =>
      runScanJob(
        {
          db: app.db,
          storage: app.photoStorage,
          pool: app.scanPool,
          weather: app.weather,
          config,
          catalogue: () => app.catalogue.get(),
          log: app.log.child({ scanJob: job.id }),
          now: app.config.now,
        },
        job,
      ),
    {
      retries: 2,
      retryDelayS: 2,
      backoff: false,
      timeoutS: Math.ceil(config.timeoutMs / 1000) + 30,
      concurrency: config.workers.max,
      pollS: 1,
    },
  );
}

export default fp(scanJobsPlugin, {
  name: 'scan-jobs',
  dependencies: ['db', 'jobs', 'photo-storage', 'scan-pool', 'weather', 'catalogue'],
});
