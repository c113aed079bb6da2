import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sweepOrphanPhotos, sweepPhotoDeletions } from '../modules/analysis/photo-sweeps';

export interface PhotoSweepConfig {
  /** How often pending photo deletions are swept; 0 turns the timer (and the orphan sweep) off. */
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
       * Sweeps pending photo deletions now (or once more after the sweep under way); never
       * rejects. Routes call it right after a delete so the photo goes at once.
       */
      kick(): Promise<void>;
    };
  }
}

/**
 * Runs `sweepPhotoDeletions` every `intervalMs` and `sweepOrphanPhotos` every `orphanIntervalMs`
 * in this process, one sweep at a time. A job queue can schedule the same two functions instead;
 * with several instances each sweeps, which is safe (claims skip locked rows; deletes are
 * idempotent). Stops before the database pool closes, waiting for the sweep under way.
 */
async function photoSweeperPlugin(app: FastifyInstance) {
  const config = app.config.photoSweep ?? defaultPhotoSweep;
  const deps = {
    db: app.db,
    storage: app.photoStorage,
    log: app.log,
    now: () => app.config.now?.() ?? new Date(),
  };
  let running: Promise<void> | null = null;
  let again = false;
  let orphansDue = false;
  let closing = false;
  let nextOrphanSweep = Date.now() + config.orphanIntervalMs;

  async function sweep() {
    do {
      again = false;
      try {
        await sweepPhotoDeletions(deps);
        if (orphansDue) {
          orphansDue = false;
          await sweepOrphanPhotos(deps, { olderThanMs: config.orphanAgeMs });
        }
      } catch (error) {
        // The store or the database is down: pending rows stay, and a later sweep retries.
        app.log.warn({ err: error }, 'photo sweep failed');
      }
    } while (again && !closing);
  }

  /** One sweep at a time; a call during a sweep asks for one more after it. */
  function run(): Promise<void> {
    if (closing) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = sweep().finally(() => {
      running = null;
    });
    return running;
  }

  app.decorate('photoSweeper', { kick: run });

  let timer: NodeJS.Timeout | undefined;
  if (config.intervalMs > 0) {
    timer = setInterval(() => {
      if (Date.now() >= nextOrphanSweep) {
        nextOrphanSweep = Date.now() + config.orphanIntervalMs;
        orphansDue = true;
      }
      void run();
    }, config.intervalMs);
    timer.unref();
  }
  // preClose: before any onClose hook (the db plugin's closes the pool).
  app.addHook('preClose', async () => {
    closing = true;
    clearInterval(timer);
    await running;
  });
}

export default fp(photoSweeperPlugin, {
  name: 'photo-sweeper',
  dependencies: ['db', 'photo-storage'],
});
