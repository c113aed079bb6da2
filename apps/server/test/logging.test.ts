import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { redactUrl } from '../src/lib/log-serializers';
import { startupLines } from '../src/lib/startup-lines';
import { users } from '../src/modules/auth/schema';
import { hashPassword } from '../src/modules/auth/password';
import { createUser } from './factories';
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
  // A bug that sends secrets to a failing SQL statement: a duplicate email with its hash.
  app.post('/test/failing-sql', { config: { readsItsOwnBody: true } }, async (request) => {
    const { email, hash } = request.body as { email: string; hash: string };
    await app.db.insert(users).values({ name: 'Dup', email, passwordHash: hash });
    return { ok: true };
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

it('keeps SQL parameters, reset tokens, emails and photo bytes out of the log', async () => {
  const email = 'sql-secret@example.test';
  const password = 'Another-Secret-456';
  const existing = await createUser(app, { email, password });
  const hash = await hashPassword('hash-input-789');
  const failed = await app.inject({
    method: 'POST',
    url: '/test/failing-sql',
    payload: { email, hash },
  });
  expect(failed.statusCode).toBe(500);

  const resetToken = 'Rst_tok3n_abcdefghijklmnopqrstuvwxyz0123';
  await app.inject({ method: 'GET', url: `/reset-password?token=${resetToken}` });
  await app.inject({ method: 'GET', url: `/api/blog/posts?code=${resetToken}x&q=spf` });
  await app.inject({
    method: 'POST',
    url: '/api/auth/reset-password',
    payload: {
      token: `${resetToken}y`,
      password: 'New-Secret-000',
      confirmPassword: 'New-Secret-000',
    },
  });
  await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

  const photo = fs.readFileSync(
    path.join(import.meta.dirname, '../src/modules/analysis/test-fixtures/astronaut-face.jpg'),
  );
  const boundary = 'LumiskinBoundary';
  const upload = await app.inject({
    method: 'POST',
    url: '/api/analysis/scan-upload',
    headers: { ...existing.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="face.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      photo,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
  expect(upload.statusCode).toBeGreaterThanOrEqual(200);

  const text = logs.text();
  // The statement did fail and was logged, with its SQL text but none of its values.
  const failure = logs
    .lines()
    .find((line) => (line.err as { type?: string } | undefined)?.type === 'DrizzleQueryError');
  expect(failure?.err).toMatchObject({ query: expect.stringContaining('insert into "users"') });
  // Request lines carry the path only: no query, so no token, code or search term.
  expect(text).toContain('GET /reset-password ');
  expect(text).toContain('GET /api/blog/posts 200');
  expect(text).not.toContain('q=spf');
  for (const secret of [email, hash, resetToken, password, existing.token]) {
    expect(text).not.toContain(secret);
  }
  expect(text).not.toMatch(/\$argon2id\$/);
  expect(text).not.toContain(photo.subarray(0, 48).toString('base64'));
  expect(text).not.toContain(photo.subarray(2000, 2048).toString('base64'));
  expect(text).not.toContain(photo.subarray(2000, 2048).toString('latin1'));
});

it('redacts secret-looking query values and keeps the rest', () => {
  expect(redactUrl('/reset-password?token=abc')).toBe('/reset-password?token=[redacted]');
  expect(redactUrl('/x?q=a&access_token=b&Code=c')).toBe(
    '/x?q=a&access_token=[redacted]&Code=[redacted]',
  );
  expect(redactUrl('/x?%74oken=abc')).toBe('/x?%74oken=[redacted]');
  expect(redactUrl('/plain/path')).toBe('/plain/path');
});

it('logs one concise line per request, with its error code for a 4xx (REQUEST_LOG)', async () => {
  const before = logs.lines().length;
  const ok = await app.inject({ method: 'GET', url: '/api/health?probe=1' });
  const bad = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: 'x@example.test', password: 'p', role: 'admin' },
  });
  const lines = logs
    .lines()
    .slice(before)
    .filter((line) => typeof line.msg === 'string' && /^(GET|POST) \//.test(line.msg));
  expect(lines.map((line) => line.msg)).toEqual([
    expect.stringMatching(/^GET \/api\/health 200 \d+ ms$/),
    expect.stringMatching(/^POST \/api\/auth\/login 400 \d+ ms unknown_field$/),
  ]);
  expect(lines[1]).toMatchObject({ statusCode: 400, code: 'unknown_field', level: 30 });
  // One line per request: nothing else carries those requests' ids but what the test added.
  for (const line of lines) {
    const sameRequest = logs
      .lines()
      .slice(before)
      .filter(
        (other) =>
          other.reqId === line.reqId && other.msg !== 'incoming' && other.msg !== 'incoming again',
      );
    expect(sameRequest).toHaveLength(1);
  }
  expect([ok.statusCode, bad.statusCode]).toEqual([200, 400]);
});

it('logs no request lines when REQUEST_LOG is off', async () => {
  const quiet = captureLogs();
  const off = await buildTestApp({ logLevel: 'info', logStream: quiet.stream, requestLog: false });
  try {
    await off.inject({ method: 'GET', url: '/api/health' });
    await off.inject({ method: 'GET', url: '/api/nowhere' });
    expect(quiet.lines().filter((line) => /^GET \//.test(String(line.msg)))).toEqual([]);
  } finally {
    await off.close();
  }
});

it('ends the start-up with the address, on a line of its own', () => {
  const lines = startupLines({ HOST: '127.0.0.1', SCAN_MODE: 'queue', REQUEST_LOG: false }, 3000);
  expect(lines.filter(Boolean).at(-1)).toBe('Lumiskin is running at http://localhost:3000');
  expect(lines.filter(Boolean)).toHaveLength(4);
  expect(startupLines({ HOST: '0.0.0.0', SCAN_MODE: 'inline', REQUEST_LOG: true }, 8080)).toEqual([
    '',
    'Lumiskin is running at http://localhost:8080',
    '',
  ]);
});
