import { describe, expect, it } from 'vitest';
import { createAnalysisPool } from './pool';

describe('the analysis pool', () => {
  it(
    'closing while a thread still loads the engine waits for it instead of terminating it mid-WASM',
    { timeout: 60_000 },
    async () => {
      const pool = createAnalysisPool({ minThreads: 1, maxThreads: 1, maxQueue: 4 });
      pool.warm();
      // The thread counts itself as loading once its module starts running.
      const started = Date.now();
      while (pool.stats.loading === 0 && Date.now() - started < 20_000)
        await new Promise((resolve) => setTimeout(resolve, 5));
      expect(pool.stats.loading).toBe(1);
      await pool.close();
      // Terminated mid-load, the thread would never have counted itself out.
      expect(pool.stats.loading).toBe(0);
      expect(pool.stats.threads).toBe(0);
    },
  );
});
