import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Model load + real-photo analyses: generous per-test limit on a shared 2-core machine.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
