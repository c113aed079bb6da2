import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'vite/**/*.test.ts', 'bench/**/*.test.mjs'],
    css: false,
    restoreMocks: true,
    // Vitest's default on 2 cores is one worker (cores − 1): two use both cores.
    maxWorkers: 2,
  },
});
