import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // The two-instance proof has its own config and runner (vitest.scale.config.ts, npm run test:scale).
    exclude: [...configDefaults.exclude, 'test/scale/**'],
    // One PostgreSQL and one redis-server for the run; each test file clones a migrated template.
    globalSetup: ['./test/global-setup.ts'],
    pool: 'forks',
    // Test files share their worker's modules: importing the app once per worker instead of once
    // per file takes the suite from about 7.5 to 5 minutes here. Each file still builds its own
    // apps on its own database; the one file that needs fresh module state (the gazetteer's
    // singleton, src/modules/geo/startup.test.ts) resets the modules itself.
    isolate: false,
    // Three workers on two cores: a fifth of the suite's time is spent waiting (real processes
    // starting, time limits running out, PostgreSQL), which a third worker fills. Measured on the
    // 2-core machine (2026-11-30): 2 workers 305 s (464 CPU-s), 3 workers 240 s, 4 workers 237 s.
    maxWorkers: 3,
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
