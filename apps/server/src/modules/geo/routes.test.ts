import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GeoPlace,
  IpLookupResponse,
  ReverseResponse,
  SearchResponse,
} from '@lumiskin/contract/geo';
import { buildTestApp } from '../../../test/helper';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

const get = (url: string, remoteAddress?: string) =>
  app.inject({ method: 'GET', url, ...(remoteAddress && { remoteAddress }) });

describe('GET /api/geo/reverse', () => {
  it('answers the nearest town', async () => {
    const res = await get('/api/geo/reverse?lat=51.5072&lon=-0.1276');
    expect(res.statusCode).toBe(200);
    const body = ReverseResponse.parse(res.json());
    expect(body).toMatchObject({
      name: 'London, GB',
      country_code: 'GB',
      timezone: 'Europe/London',
    });
    expect(body.distance_km).toBeLessThan(2);
  });

  it.each([
    ['lat=91&lon=0', 'lat'],
    ['lat=0&lon=-180.5', 'lon'],
    ['lat=abc&lon=0', 'lat'],
    ['lat=&lon=0', 'lat'],
    ['lon=0', 'lat'],
  ])('refuses %s with a 400 JSON error', async (query, field) => {
    const res = await get(`/api/geo/reverse?${query}`);
    expect(res.statusCode).toBe(400);
    const body = res.json<{ code: string; detail: string; fields?: Record<string, string> }>();
    expect(body.code).toBe('validation_error');
    expect(body.detail).toEqual(expect.any(String));
    expect(Object.keys(body.fields ?? {})).toContain(field);
  });
});

describe('GET /api/geo/search', () => {
  it('suggests towns by prefix, most populous first', async () => {
    const res = await get('/api/geo/search?q=sao%20pau');
    expect(res.statusCode).toBe(200);
    const { results } = SearchResponse.parse(res.json());
    expect(results[0]?.name).toBe('São Paulo, BR');
    expect(results.length).toBeLessThanOrEqual(8);
  });

  it('answers an empty list for nonsense and 400 for nothing', async () => {
    expect((await get('/api/geo/search?q=qqqzzz')).json()).toEqual({ results: [] });
    expect((await get('/api/geo/search?q=%20')).statusCode).toBe(400);
    expect((await get('/api/geo/search')).statusCode).toBe(400);
  });
});

describe('GET /api/geo/place', () => {
  it('resolves typed text to the canonical place', async () => {
    const res = await get('/api/geo/place?q=london%2C%20uk');
    expect(res.statusCode).toBe(200);
    expect(GeoPlace.parse(res.json()).name).toBe('London, GB');
  });

  it('answers 400 location_not_found for an unknown place', async () => {
    const res = await get('/api/geo/place?q=Atlantisville');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'location_not_found',
      detail: 'Location not found. Please enter a valid city name.',
    });
  });
});

describe('GET /api/geo/ip', () => {
  it('is unknown for the loopback address', async () => {
    const res = await get('/api/geo/ip');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'unknown' });
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it("answers the caller's country from a public address", async () => {
    const res = await get('/api/geo/ip', '81.2.69.142');
    const body = IpLookupResponse.parse(res.json());
    expect(body).toMatchObject({
      status: 'ok',
      precision: 'country',
      place: { name: 'London, GB' },
    });
  });

  it('ignores X-Forwarded-For unless the proxy is trusted', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/geo/ip',
      headers: { 'x-forwarded-for': '81.2.69.142' },
    });
    expect(res.json()).toEqual({ status: 'unknown' });
  });
});
