import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LazyRequestLogger } from '../src/lib/lazy-request-logger';
import { buildTestApp, captureLogs } from './helper';

// Decision 145: a request's pino child is made only when something logs for that request; every
// line that carried the request id still carries it.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('the app', () => {
  const logs = captureLogs();
  let app: FastifyInstance;
  let childSpy: ReturnType<typeof vi.spyOn>;
  beforeAll(async () => {
    app = await buildTestApp({ logLevel: 'info', logStream: logs.stream });
    app.get('/api/test/boom', async () => {
      throw new Error('disk on fire');
    });
    app.get('/api/test/logs-a-token', async (request) => {
      request.log.info({ headers: request.headers }, 'route line');
      return { ok: true };
    });
    await app.ready();
    childSpy = vi.spyOn(app.log, 'child');
  });
  afterAll(() => app.close());

  const requestLine = (pattern: RegExp) =>
    logs.lines().find((line) => typeof line.msg === 'string' && pattern.test(line.msg));

  it('makes no pino child for a plain 200, and its request line carries the request id', async () => {
    childSpy.mockClear();
    const res = await app.inject({ method: 'GET', url: '/api/shop/products' });
    expect(res.statusCode).toBe(200);
    expect(childSpy).not.toHaveBeenCalled();
    const line = requestLine(/^GET \/api\/shop\/products 200 \d+ ms$/);
    expect(line).toMatchObject({ level: 30, statusCode: 200, reqId: expect.stringMatching(UUID) });
  });

  it('logs a 500 with its request id, on the error line and the request line', async () => {
    childSpy.mockClear();
    const res = await app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(res.statusCode).toBe(500);
    const requestId = /request ([0-9a-f-]{36})/.exec(res.json<{ detail: string }>().detail)?.[1];
    expect(requestId).toMatch(UUID);
    const error = logs.lines().find((line) => line.level === 50 && line.reqId === requestId);
    expect(error?.msg).toBe('request failed');
    expect(JSON.stringify(error)).toContain('disk on fire');
    expect(requestLine(/^GET \/api\/test\/boom 500 /)).toMatchObject({ reqId: requestId });
    // The error line was written through the request's own child, made once.
    expect(childSpy).toHaveBeenCalledTimes(1);
  });

  it('logs a 4xx with its error code and request id', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'x@example.test', password: 'p', role: 'admin' },
    });
    expect(res.statusCode).toBe(400);
    const line = requestLine(/^POST \/api\/auth\/login 400 \d+ ms unknown_field$/);
    expect(line).toMatchObject({ code: 'unknown_field', reqId: expect.stringMatching(UUID) });
    const missing = await app.inject({ method: 'GET', url: '/api/nowhere' });
    expect(missing.statusCode).toBe(404);
    expect(requestLine(/^GET \/api\/nowhere 404 /)).toMatchObject({
      reqId: expect.stringMatching(UUID),
    });
  });

  it("still redacts what a route logs through the request's logger", async () => {
    const token = 'Bearer secret-token-145';
    const res = await app.inject({
      method: 'GET',
      url: '/api/test/logs-a-token',
      headers: { authorization: token },
    });
    expect(res.statusCode).toBe(200);
    const routeLine = logs.lines().find((line) => line.msg === 'route line');
    const requestLineOf = requestLine(/^GET \/api\/test\/logs-a-token 200 /);
    expect(routeLine?.reqId).toMatch(UUID);
    expect(routeLine?.reqId).toBe(requestLineOf?.reqId);
    expect(logs.text()).not.toContain('secret-token-145');
  });
});

describe('LazyRequestLogger', () => {
  function root(level: string) {
    const lines: Record<string, unknown>[] = [];
    const stream = { write: (line: string) => lines.push(JSON.parse(line)) };
    // Fastify's own pino root, as the app's.
    const logger = Fastify({ logger: { level, stream } }).log;
    return { logger, lines, child: vi.spyOn(logger, 'child') };
  }

  it('makes the child on the first line written, once, with its bindings', () => {
    const { logger, lines, child } = root('info');
    const log = new LazyRequestLogger(logger, { reqId: 'r-1' }, {});
    expect(log.level).toBe('info');
    log.debug('left out');
    expect(child).not.toHaveBeenCalled();
    expect(log.isMade).toBe(false);
    log.warn({ n: 1 }, 'first');
    log.error('second');
    expect(child).toHaveBeenCalledTimes(1);
    expect(lines.map((line) => [line.reqId, line.msg, line.level])).toEqual([
      ['r-1', 'first', 40],
      ['r-1', 'second', 50],
    ]);
  });

  it('writes nothing and makes no child when the root is silent', () => {
    const { logger, lines, child } = root('silent');
    const log = new LazyRequestLogger(logger, { reqId: 'r-2' }, {});
    log.fatal('nothing');
    expect(child).not.toHaveBeenCalled();
    expect(lines).toEqual([]);
  });

  it("follows a level set on it, and a route's own level", () => {
    const { logger, lines } = root('warn');
    const log = new LazyRequestLogger(logger, { reqId: 'r-3' }, {});
    log.level = 'debug';
    log.debug('now written');
    expect(lines.map((line) => line.msg)).toEqual(['now written']);
    const routeLevel = new LazyRequestLogger(logger, { reqId: 'r-4' }, { level: 'trace' });
    expect(routeLevel.level).toBe('trace');
    routeLevel.trace('route level');
    expect(lines.at(-1)).toMatchObject({ reqId: 'r-4', msg: 'route level' });
  });
});
