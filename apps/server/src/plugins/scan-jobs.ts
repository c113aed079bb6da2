import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { defaultAnalysisConfig } from '../modules/analysis/config';
import {
  REQUEUE_JOB,
  requeueStrandedScans,
  runScanJob,
  SCAN_JOB,
} from '../modules/analysis/scan-queue';

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
          saved: (userId: string) => app.forgetUser(userId),
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
  // Rows whose enqueue never happened (a process died between commit and enqueue), every minute,
  // by whichever process works jobs (a web server or a worker).
  app.jobs.handle(
    REQUEUE_JOB,
    async () => {
      const enqueued = await requeueStrandedScans({
        db: app.db,
        jobs: app.jobs,
        now: app.config.now,
      });
      if (enqueued > 0) app.log.warn({ enqueued }, 'stranded queued scans enqueued again');
    },
    { retries: 0, timeoutS: 120 },
  );
  app.jobs.schedule(REQUEUE_JOB, '* * * * *');
}

export default fp(scanJobsPlugin, {
  name: 'scan-jobs',
  dependencies: ['db', 'jobs', 'photo-storage', 'scan-pool', 'weather', 'catalogue'],
});
