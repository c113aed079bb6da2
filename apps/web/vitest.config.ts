import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup.ts'],
    css: false,
    restoreMocks: true,
    // Vitest's default on 2 cores is one worker (cores − 1): two use both cores.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        // Recharts' CommonJS build require()s an ES module (@reduxjs/toolkit), which a VM context
        // cannot; its ES build imports it.
        resolve: { alias: [{ find: /^recharts$/, replacement: 'recharts/es6/index.js' }] },
        test: {
          name: 'app',
          include: ['src/**/*.test.{ts,tsx}'],
          // Each file runs in a fresh VM context of a worker thread that keeps jsdom, React and
          // the other packages loaded: the suite 158 → 93–101 s on 2 cores (decision 163). Its
          // window is the real jsdom window, so `location` cannot be stubbed (lib/platform/leave).
          pool: 'vmThreads',
          // A file's first render of a lazy route imports (and transforms) its chunk cold in the
          // file's fresh context: on a busy 2-core machine that has taken more than Vitest's
          // default 5 s (router.test's admin area, CI run of fa9b46e).
          testTimeout: 20_000,
          server: { deps: { inline: [/recharts/] } },
        },
      },
      {
        extends: true,
        test: {
          name: 'build',
          // These run Vite's bundler (native bindings), which a VM context cannot load.
          include: ['vite/**/*.test.ts', 'bench/**/*.test.mjs'],
          pool: 'threads',
        },
      },
    ],
  },
});
