import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp } from '../../test/helper';
import { ScanFailure } from '../modules/analysis/scan-service';
import { readOutbox } from '../modules/mail/mailer';
import photoStoragePlugin from './photo-storage';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
  app.get('/api/test/scan-failure', async () => {
    throw new ScanFailure(
      422,
      'validation_error',
      'Your face is too far away.',
      'face_too_small',
      'left',
    );
  });
});
afterAll(() => app.close());

describe('infrastructure plugins', () => {
  it('decorates the app with the scan pool, photo storage and sweeper, weather client, mailer and catalogue', () => {
    for (const name of [
      'scanPool',
      'photoStorage',
      'photoSweeper',
      'weather',
      'mailer',
      'catalogue',
    ])
      expect(app.hasDecorator(name), name).toBe(true);
    // No weather service configured in tests: the scan uses the season's defaults.
    expect(app.weather).toBeNull();
  });

  it('declares what it needs: photo storage without the db plugin refuses to start', async () => {
    const bare = Fastify({ logger: false });
    const start = async () => {
      await bare.register(photoStoragePlugin);
      await bare.ready();
    };
    await expect(start()).rejects.toThrow(/dependency 'db' of plugin 'photo-storage'/);
    await bare.close();
  });

  it('closes the scan pool with the app', async () => {
    const other = await buildTestApp();
    const close = vi.spyOn(other.scanPool, 'close');
    await other.close();
    expect(close).toHaveBeenCalledTimes(1);
  });

  it('writes mail to the outbox when no SMTP server is configured', async () => {
    await app.mailer.send({ userId: null, to: 'Ada@example.com', subject: 'Hi', text: 'Hello' });
    expect((await readOutbox(app.db, 'ada@example.com'))[0]).toMatchObject({ subject: 'Hi' });
  });
});

describe('scan failures through the one error handler', () => {
  it('keeps the status, code and detail, and adds the reason and angle', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test/scan-failure' });
    expect(res.statusCode).toBe(422);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toEqual({
      detail: 'Your face is too far away.',
      code: 'validation_error',
      reason: 'face_too_small',
      angle: 'left',
    });
  });
});
