import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper';
import { gazetteerLoadReport } from './gazetteer';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
  await app.ready();
});
afterAll(() => app.close());

describe('the gazetteer at start-up', () => {
  it('is not loaded by building the app or by requests that do not need it', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect(gazetteerLoadReport()).toBeNull();
  });

  it('is loaded on first use when the app was not started by server.ts', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/geo/place?q=London,%20UK' });
    expect(res.statusCode).toBe(200);
    expect(gazetteerLoadReport()?.cities).toBeGreaterThan(10_000);
  });
});
