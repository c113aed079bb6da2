import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { gazetteerLoadReport } from './gazetteer';

// The gazetteer is a process-wide singleton, and test files share a worker's modules
// (vitest.config.ts: isolate false), so another file may have loaded it already. This file takes
// fresh copies of the app's modules, as a newly started server has.
let app: FastifyInstance;
let loadReport: typeof gazetteerLoadReport;
beforeAll(async () => {
  vi.resetModules();
  ({ gazetteerLoadReport: loadReport } = await import('./gazetteer'));
  const { buildTestApp } = await import('../../../test/helper');
  app = await buildTestApp();
  await app.ready();
});
afterAll(() => app.close());

describe('the gazetteer at start-up', () => {
  it('is not loaded by building the app or by requests that do not need it', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect(loadReport()).toBeNull();
  });

  it('is loaded on first use when the app was not started by server.ts', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/geo/place?q=London,%20UK' });
    expect(res.statusCode).toBe(200);
    expect(loadReport()?.cities).toBeGreaterThan(10_000);
  });
});
