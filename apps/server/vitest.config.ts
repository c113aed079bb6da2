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
    // Two cores: argon2 and postgres share them with the test workers.
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
