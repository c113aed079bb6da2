import http from 'node:http';
import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { createUser, type CreatedUser } from './factories';
import { buildTestApp, captureLogs, createTestDatabase, testConfig } from './helper';

const nestedJson = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

describe('request bodies', () => {
  const logs = captureLogs();
  let app: FastifyInstance;
  let user: CreatedUser;
  beforeAll(async () => {
    app = await buildTestApp({ logLevel: 'info', logStream: logs.stream });
    user = await createUser(app);
  });
  afterAll(() => app.close());

  it('refuses JSON nested deeper than 64 levels before parsing it', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: `{"email":${nestedJson(100_000)},"password":"x"}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_error' });
    expect(res.json<{ detail: string }>().detail).toMatch(/nests deeper than 64/);
  });

  it('still parses ordinary JSON (and keeps prototype poisoning out)', async () => {
    const res = await app.inject({
      method: 'PUT',
      url: '/api/mix',
      headers: { ...user.headers, 'content-type': 'application/json' },
      payload: '{"items":[],"__proto__":{"polluted":true}}',
    });
    expect(res.statusCode).toBe(400);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('caps ordinary JSON bodies at 256 KB and the JSON scan at 10 MB', async () => {
    const big = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.test', password: 'x'.repeat(300 * 1024) }),
    });
    expect(big.statusCode).toBe(413);
    const scan = await app.inject({
      method: 'POST',
      url: '/api/analysis/scan',
      headers: { ...user.headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ image_data: 'A'.repeat(10 * 1024 * 1024 + 16) }),
    });
    expect(scan.statusCode).toBe(413);
    expect(scan.json()).toMatchObject({ code: 'payload_too_large' });
  });

  it('answers 401 without reading the body of an authenticated route', async () => {
    for (const [method, url] of [
      ['PUT', '/api/mix'],
      ['POST', '/api/mix/merge'],
      ['PATCH', '/api/users/me'],
      ['POST', '/api/users/me/password'],
      ['POST', '/api/auth/logout'],
      ['POST', '/api/analysis/consent'],
    ] as const) {
      const res = await app.inject({
        method,
        url,
        headers: { 'content-type': 'application/json' },
        payload: '{ not json at all',
      });
      expect(`${method} ${url} ${res.statusCode}`).toBe(`${method} ${url} 401`);
      expect(res.json()).toMatchObject({ code: 'unauthorized' });
    }
  });

  it('closes the connection after refusing a body it did not read, and keeps it for one it read', async () => {
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(url);
    /** Sends the head and a first 16 KB of a body announced as `length` bytes; the answer's head. */
    const partial = (path: string, length: number, headers: Record<string, string> = {}) =>
      new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
        const req = http.request(
          {
            host: '127.0.0.1',
            port,
            path,
            method: 'PUT',
            headers: { 'content-type': 'application/json', 'content-length': length, ...headers },
          },
          (res) => {
            res.resume();
            resolve({ status: res.statusCode ?? 0, connection: res.headers.connection });
          },
        );
        req.on('error', reject);
        req.write('['.repeat(16_384));
      });
    // No token: 401 before the body; too long: 413 on its length alone.
    expect(await partial('/api/mix', 1_000_000)).toEqual({ status: 401, connection: 'close' });
    expect(
      await partial('/api/mix', 1_000_000, { authorization: user.headers.authorization! }),
    ).toEqual({
      status: 413,
      connection: 'close',
    });
    // A body read in full keeps the connection for the next request.
    const read = await fetch(`${url}/api/mix`, {
      method: 'PUT',
      headers: { ...user.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ items: [] }),
    });
    expect(read.status).toBeLessThan(500);
    expect(read.headers.get('connection')).toBe('keep-alive');
  });

  it('answers a NUL byte in any text with 400 validation_error, not 500', async () => {
    const search = await app.inject({ method: 'GET', url: '/api/blog/posts?q=a%00b' });
    expect(search.statusCode).toBe(400);
    expect(search.json()).toMatchObject({ code: 'validation_error' });
    const rename = await app.inject({
      method: 'PATCH',
      url: '/api/users/me',
      headers: user.headers,
      payload: { name: 'Eve\u0000lyn' },
    });
    expect(rename.statusCode).toBe(400);
    expect(rename.json()).toMatchObject({ code: 'validation_error' });
    const upload = await app.inject({
      method: 'POST',
      url: '/api/analysis/scan-upload',
      headers: { ...user.headers, 'content-type': 'multipart/form-data; boundary=XyZ' },
      payload:
        '--XyZ\r\nContent-Disposition: form-data; name="image"; filename="a.jpg"\r\n' +
        'Content-Type: image/jpeg\r\n\r\n\xff\xd8\xff\r\n' +
        '--XyZ\r\nContent-Disposition: form-data; name="location"\r\n\r\nPar\u0000is\r\n--XyZ--\r\n',
    });
    expect(upload.statusCode).toBe(400);
    expect(upload.json()).toMatchObject({ code: 'validation_error' });
    expect(upload.json<{ detail: string }>().detail).toMatch(/location.*NUL/);
  });

  it('answers malformed multipart with 400 logged at info, never error', async () => {
    const cases = {
      'no boundary': { type: 'multipart/form-data', body: '--x\r\n' },
      'huge boundary': {
        type: `multipart/form-data; boundary=${'b'.repeat(5000)}`,
        body: `--${'b'.repeat(5000)}\r\nContent-Disposition: form-data; name="image"; filename="a.jpg"\r\n\r\nabc`,
      },
      truncated: {
        type: 'multipart/form-data; boundary=XyZ',
        body: '--XyZ\r\nContent-Disposition: form-data; name="image"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n\xff\xd8\xff',
      },
    };
    for (const [name, { type, body }] of Object.entries(cases)) {
      const before = logs.lines().length;
      const res = await app.inject({
        method: 'POST',
        url: '/api/analysis/scan-upload',
        headers: { ...user.headers, 'content-type': type },
        payload: body,
      });
      expect(`${name}: ${res.statusCode}`).toBe(`${name}: 400`);
      expect(res.json()).toMatchObject({ code: 'validation_error' });
      const levels = logs
        .lines()
        .slice(before)
        .map((line) => line.level as number);
      expect(Math.max(...levels), name).toBeLessThan(40);
    }
  });
});

describe('rate limit', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({ rateLimit: { ...testConfig.rateLimit, max: 3 } });
  });
  afterAll(() => app.close());

  it('never answers the health check with 429, while the API limit still applies', async () => {
    for (let i = 0; i < 10; i++) {
      const res = await app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(200);
    }
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) {
      codes.push((await app.inject({ method: 'GET', url: '/api/blog/posts' })).statusCode);
    }
    expect(codes).toContain(429);
  });
});

async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('database down', () => {
  const logs = captureLogs();
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp({
      ...testConfig,
      logLevel: 'info',
      logStream: logs.stream,
      databaseUrl: `postgres://nobody:nothing@127.0.0.1:${await closedPort()}/lumiskin`,
    });
  });
  afterAll(() => app.close());

  it('answers 503 database_unavailable with Retry-After, fast, and logs the outage once', async () => {
    for (let i = 0; i < 3; i++) {
      const started = performance.now();
      const res = await app.inject({
        method: 'GET',
        url: '/api/dashboard/stats',
        headers: { authorization: `Bearer ${'a'.repeat(43)}` },
      });
      expect(performance.now() - started).toBeLessThan(4000);
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toMatchObject({ code: 'database_unavailable' });
    }
    const outages = logs
      .lines()
      .filter((line) => line.msg === 'database unreachable: API answers 503');
    expect(outages).toHaveLength(1);
    expect(logs.lines().filter((line) => line.level === 50)).toHaveLength(1);
  });

  it('reports the health as degraded', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 'degraded', database: 'down' });
  });
});

describe('health check', () => {
  it('is degraded when the database answers reads but refuses writes', async () => {
    const database = await createTestDatabase();
    const admin = postgres(database.url, { max: 1, onnotice: () => {} });
    await admin.unsafe(`alter database ${database.name} set default_transaction_read_only = on`);
    await admin.end();
    const app = await buildApp({ ...testConfig, databaseUrl: database.url });
    try {
      expect((await app.sql`select 1 as one`)[0]).toEqual({ one: 1 }); // reads still work
      const res = await app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'degraded', database: 'down' });
    } finally {
      await app.close();
      await database.drop();
    }
  });
});
