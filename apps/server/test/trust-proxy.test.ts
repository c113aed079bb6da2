import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from './helper';

/*
 * TRUST_PROXY (decision 028): with a hop count or the proxies' addresses, the client is the
 * address our proxy appended to X-Forwarded-For; whatever the client itself wrote further left is
 * ignored, so it cannot pick the IP its rate limits are counted under.
 */
const AUTH_MAX = 2;

async function appTrusting(trustProxy: false | number | string[]): Promise<FastifyInstance> {
  const app = await buildTestApp({
    trustProxy,
    rateLimit: { max: 10_000, authMax: AUTH_MAX, authWindowS: 60 },
  });
  // what the limits and logs see as the client address
  app.get('/test/ip', async (request) => ({ ip: request.ip }));
  return app;
}

const ipSeen = async (
  app: FastifyInstance,
  remoteAddress: string,
  forwardedFor?: string,
): Promise<string> =>
  (
    await app.inject({
      method: 'GET',
      url: '/test/ip',
      remoteAddress,
      headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    })
  ).json<{ ip: string }>().ip;

describe('TRUST_PROXY=1 (one load balancer in front)', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await appTrusting(1);
  });
  afterAll(() => app.close());

  it('takes the address the proxy appended and ignores what the client wrote to its left', async () => {
    // the client sent "X-Forwarded-For: 6.6.6.6"; the balancer (10.0.0.2) appended 203.0.113.7
    expect(await ipSeen(app, '10.0.0.2', '6.6.6.6, 203.0.113.7')).toBe('203.0.113.7');
    expect(await ipSeen(app, '10.0.0.2', '203.0.113.7')).toBe('203.0.113.7');
    expect(await ipSeen(app, '10.0.0.2')).toBe('10.0.0.2');
  });

  it('counts a forger who varies the leftmost address as the one client it is', async () => {
    const attempt = (forged: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '10.0.0.2',
        headers: { 'x-forwarded-for': `${forged}, 203.0.113.9` },
        payload: { email: 'target@example.test', password: 'guess-guess' },
      });
    for (let i = 0; i < AUTH_MAX; i++) expect((await attempt(`6.6.6.${i}`)).statusCode).toBe(401);
    expect((await attempt('6.6.6.99')).statusCode).toBe(429);
    // a different real client behind the same balancer is not affected
    const other = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '10.0.0.2',
      headers: { 'x-forwarded-for': '203.0.113.10' },
      payload: { email: 'target@example.test', password: 'guess-guess' },
    });
    expect(other.statusCode).toBe(401);
  });
});

describe('TRUST_PROXY as addresses', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await appTrusting(['10.0.0.0/8', '127.0.0.1']);
  });
  afterAll(() => app.close());

  it('walks back through trusted proxies only, and ignores the header from anyone else', async () => {
    // client → 10.1.1.1 (edge) → 10.0.0.2 (balancer) → us
    expect(await ipSeen(app, '10.0.0.2', '6.6.6.6, 203.0.113.7, 10.1.1.1')).toBe('203.0.113.7');
    // a client reaching us directly cannot claim another address
    expect(await ipSeen(app, '198.51.100.4', '203.0.113.7')).toBe('198.51.100.4');
  });
});

describe('TRUST_PROXY off (the default)', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await appTrusting(false);
  });
  afterAll(() => app.close());

  it('ignores X-Forwarded-For entirely', async () => {
    expect(await ipSeen(app, '10.0.0.2', '203.0.113.7')).toBe('10.0.0.2');
  });
});
