import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, captureLogs } from './helper';

const logs = captureLogs();
let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp({ logLevel: 'trace', logStream: logs.stream });
  // What a careless later route might do: log the whole request.
  app.addHook('preHandler', async (request) => {
    request.log.info({ headers: request.headers, body: request.body }, 'incoming');
    request.log.info({ req: { headers: request.headers } }, 'incoming again');
  });
});
afterAll(() => app.close());

it('never logs passwords, tokens or Authorization headers', async () => {
  const password = 'Very-Secret-Pass-123';
  const registered = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { name: 'Log Test', email: 'logs@example.test', password, confirmPassword: password },
  });
  expect(registered.statusCode).toBe(201);
  const token = registered.json<{ access_token: string }>().access_token;
  await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: 'logs@example.test', password },
  });
  await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: 'logs@example.test', password: 'wrong-Secret-999' },
  });
  await app.inject({
    method: 'GET',
    url: '/api/auth/me',
    headers: { authorization: `Bearer ${token}`, cookie: 'sid=cookie-secret' },
  });

  const text = logs.text();
  expect(text).toContain('incoming'); // the logging above did happen
  expect(text).toContain('[redacted]');
  for (const secret of [password, 'wrong-Secret-999', token, 'cookie-secret', 'Bearer']) {
    expect(text).not.toContain(secret);
  }
  expect(text).not.toMatch(/\$argon2id\$/);
});

it('logs a browser that left mid-answer as debug, and real errors still as errors', () => {
  app.log.error(new Error('premature close'));
  app.log.error(new Error('database on fire'));
  const levelOf = (message: string) =>
    logs.lines().find((line) => (line.err as { message?: string } | undefined)?.message === message)
      ?.level;
  expect(levelOf('premature close')).toBe(20);
  expect(levelOf('database on fire')).toBe(50);
});
