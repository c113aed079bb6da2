import { defineConfig } from 'vitest/config';

/**
 * The scale proof (scripts/test-scale.mjs, `npm run test:scale`): app instances and a queue
 * worker on Debian's PostgreSQL and redis-server and an S3-compatible server (s3rver), started by
 * test/scale/harness.ts. One file at a time: each starts
 * its own stack of processes on a 2-core machine.
 */
export default defineConfig({
  test: {
    include: ['test/scale/**/*.test.ts'],
    pool: 'forks',
    fileParallelism: false,
    maxWorkers: 1,
    testTimeout: 60_000,
    // starting the stack (PostgreSQL, Redis, s3rver, four instances, a worker) and stopping it
    hookTimeout: 150_000,
    teardownTimeout: 60_000,
  },
});
