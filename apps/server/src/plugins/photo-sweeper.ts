import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  PHOTO_DELETIONS_JOB,
  PHOTO_ORPHANS_JOB,
  sweepOrphanPhotos,
  sweepPhotoDeletions,
} from '../modules/analysis/photo-sweeps';
import { every } from '../modules/jobs/queue';

export interface PhotoSweepConfig {
  /**
   * How often pending photo deletions are swept (a retry of those that failed); 0: never on a
   * schedule (only right after a delete), and no orphan sweep either.
   */
  intervalMs: number;
  /** How often photos without a scan are looked for. */
  orphanIntervalMs: number;
  /** A photo without a scan younger than this is left alone (its scan may be being saved). */
  orphanAgeMs: number;
}

export const defaultPhotoSweep: PhotoSweepConfig = {
  intervalMs: 60_000,
  orphanIntervalMs: 60 * 60_000,
  orphanAgeMs: 60 * 60_000,
};

declare module 'fastify' {
  interface FastifyInstance {
    photoSweeper: {
      /**
       * Queues a sweep of pending photo deletions, run at once wherever jobs are worked (a burst
       * of deletes makes one job); never rejects. Routes call it right after a delete.
       */
      kick(): Promise<void>;
    };
  }
}

/**
 * The two photo sweeps as jobs of the queue (decision 031): `sweepPhotoDeletions` every
 * `intervalMs` and after each delete, `sweepOrphanPhotos` every `orphanIntervalMs`. Whichever
 * processes work jobs run them (the web server with JOBS_IN_SERVER, `npm run worker`); several at
 * once is safe (claims skip locked rows; deletes are idempotent). The outbox row, committed with
 * the delete, is the guarantee: a lost job, a failed one or a store that is down leaves it for
 * the next sweep.
 */
async function photoSweeperPlugin(app: FastifyInstance) {
  const config = app.config.photoSweep ?? defaultPhotoSweep;
  const deps = {
    db: app.db,
    storage: app.photoStorage,
    log: app.log,
    now: () => app.config.now?.() ?? new Date(),
  };
  // A failure (the database is down) is not retried by the queue: the rows stay for the next
  // sweep, scheduled or kicked.
  app.jobs.handle(
    PHOTO_DELETIONS_JOB,
    async () => {
      await sweepPhotoDeletions(deps);
    },
    { retries: 0, timeoutS: 10 * 60, oneQueued: true, pollS: 1 },
  );
  app.jobs.handle(
    PHOTO_ORPHANS_JOB,
    async () => {
      await sweepOrphanPhotos(deps, { olderThanMs: config.orphanAgeMs });
    },
    { retries: 0, timeoutS: 60 * 60, oneQueued: true },
  );
  if (config.intervalMs > 0) {
    app.jobs.schedule(PHOTO_DELETIONS_JOB, every(config.intervalMs));
    app.jobs.schedule(PHOTO_ORPHANS_JOB, every(config.orphanIntervalMs));
  }

  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.decorate('photoSweeper', {
    async kick() {
      if (closing) return;
      try {
        await app.jobs.enqueue(PHOTO_DELETIONS_JOB, {});
      } catch (error) {
        // The queue is unreachable: the outbox row waits for the next scheduled sweep.
        app.log.warn({ err: error }, 'photo deletion sweep not queued');
      }
    },
  });
}

export default fp(photoSweeperPlugin, {
  name: 'photo-sweeper',
  dependencies: ['db', 'jobs', 'photo-storage'],
});
