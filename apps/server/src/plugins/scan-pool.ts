import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { defaultAnalysisConfig } from '../modules/analysis/config';
import { createAnalysisPool, type AnalysisPool } from '../modules/analysis/pool';
import { createScanSlots, type ScanSlots } from '../modules/analysis/scan-slots';

declare module 'fastify' {
  interface FastifyInstance {
    /** The skin-engine worker threads (piscina), one engine per thread. */
    scanPool: AnalysisPool;
    /** Admission to decoding + the engine, sized to the pool (decision 072). */
    scanSlots: ScanSlots;
  }
}

/**
 * The threads start lazily (on the first scan, or once the server listens when workers.min > 0),
 * so apps that never scan (most tests, scripts) never load TensorFlow; closing the app ends them.
 */
async function scanPoolPlugin(app: FastifyInstance) {
  const { workers, mode } = app.config.analysis ?? defaultAnalysisConfig;
  const pool = createAnalysisPool({
    minThreads: workers.min,
    maxThreads: workers.max,
    maxQueue: workers.maxQueue,
  });
  app.decorate('scanPool', pool);
  app.decorate('scanSlots', createScanSlots(workers.max, workers.maxQueue));
  // Load the engine in the worker threads once the server listens, not on the first scan; a web
  // server whose scans are queued (SCAN_MODE=queue) never runs the engine itself.
  app.addHook('onListen', async () => {
    if (workers.min > 0 && mode !== 'queue') pool.warm();
  });
  app.addHook('onClose', async () => {
    await pool.close();
  });
}

export default fp(scanPoolPlugin, { name: 'scan-pool' });
