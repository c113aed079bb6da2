import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Model load + real-photo analyses: generous per-test limit on a shared 2-core machine.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Vitest's default on 2 cores is one worker (cores − 1); the analyses are CPU-bound, so two
    // workers use both cores and take this suite from about 2 minutes to about 1.
    maxWorkers: 2,
    // Test files share their worker's modules. The engine's module state is grow-only scratch
    // buffers and a model-loader flag, which a long-lived server keeps across analyses too; each
    // file importing tfjs, Human and the engine afresh was a third of the suite's time (80 → 58 s
    // on 2 cores; it passes with the files shuffled, seeds 31 and 4242).
    isolate: false,
  },
});
