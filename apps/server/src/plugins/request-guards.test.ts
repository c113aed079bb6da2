import { expect, it } from 'vitest';
import { buildTestApp } from '../../test/helper';

// The unread-body case of the same onSend hook is tested in test/hardening.test.ts.
it('closes the connection of an answer still going out once the app is closing', async () => {
  const app = await buildTestApp();
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  app.get('/api/test/slow-answer', async () => {
    await gate;
    return { ok: true };
  });
  try {
    const before = await app.inject({ method: 'GET', url: '/api/health' });
    expect(before.statusCode).toBe(200);
    expect(before.headers.connection).not.toBe('close');

    const inFlight = app.inject({ method: 'GET', url: '/api/test/slow-answer' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const closed = app.close();
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    const answer = await inFlight;
    expect(answer.statusCode).toBe(200);
    expect(answer.headers.connection).toBe('close');
    await closed;
  } finally {
    release();
    await app.close();
  }
});
