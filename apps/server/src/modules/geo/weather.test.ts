import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createOpenMeteoClient, weatherClientFromEnv } from './weather';

/** What the stub weather service does with the next request. */
type Mode = 'ok' | 'error' | 'bad-json' | 'out-of-range' | 'hang' | 'stall-body';

let mode: Mode = 'ok';
let lastUrl = '';
const server = http.createServer((req, res) => {
  lastUrl = req.url ?? '';
  if (mode === 'ok' || mode === 'out-of-range') {
    res.setHeader('content-type', 'application/json');
    const humidity = mode === 'ok' ? 81.4 : 180;
    res.end(JSON.stringify({ current: { temperature_2m: 7.26, relative_humidity_2m: humidity } }));
  } else if (mode === 'error') {
    res.statusCode = 500;
    res.end('{"error":true}');
  } else if (mode === 'bad-json') {
    res.setHeader('content-type', 'application/json');
    res.end('{"current": {"temperature_2m": 7.2,');
  } else if (mode === 'stall-body') {
    res.setHeader('content-type', 'application/json');
    res.write('{"current": ');
  }
  // 'hang': never answer.
});
let baseUrl = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  mode = 'ok';
  lastUrl = '';
});

describe('Open-Meteo weather adapter', () => {
  it('reads the current temperature and humidity', async () => {
    const client = createOpenMeteoClient({ baseUrl });
    expect(await client.current(51.5074, -0.1278)).toEqual({ temperature_c: 7.3, humidity: 81 });
    expect(lastUrl).toBe(
      '/v1/forecast?latitude=51.5074&longitude=-0.1278&current=temperature_2m,relative_humidity_2m',
    );
  });

  it.each(['error', 'bad-json', 'out-of-range'] as const)('answers null on %s', async (m) => {
    mode = m;
    const errors: unknown[] = [];
    const client = createOpenMeteoClient({ baseUrl, onError: (e) => errors.push(e) });
    expect(await client.current(0, 0)).toBeNull();
    expect(lastUrl).not.toBe('');
    expect(errors).toHaveLength(1);
  });

  it.each(['hang', 'stall-body'] as const)('gives up after the timeout (%s)', async (m) => {
    mode = m;
    const client = createOpenMeteoClient({ baseUrl, timeoutMs: 200 });
    const started = performance.now();
    expect(await client.current(0, 0)).toBeNull();
    const elapsed = performance.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(150);
    expect(elapsed).toBeLessThan(2000);
  });

  it('answers null when nothing listens', async () => {
    const client = createOpenMeteoClient({ baseUrl: 'http://127.0.0.1:9', timeoutMs: 1000 });
    expect(await client.current(0, 0)).toBeNull();
  });
});

describe('weatherClientFromEnv', () => {
  it('is off unless WEATHER_URL is set', async () => {
    expect(weatherClientFromEnv({})).toBeNull();
    expect(weatherClientFromEnv({ WEATHER_URL: '  ' })).toBeNull();
    const client = weatherClientFromEnv({ WEATHER_URL: baseUrl, WEATHER_TIMEOUT_MS: '500' });
    expect(await client?.current(10, 20)).toEqual({ temperature_c: 7.3, humidity: 81 });
  });
});
