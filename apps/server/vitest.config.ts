import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // One PostgreSQL for the run, with a migrated template each test file clones.
    globalSetup: ['./test/global-setup.ts'],
    pool: 'forks',
    // Two cores: argon2 and postgres share them with the test workers.
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
