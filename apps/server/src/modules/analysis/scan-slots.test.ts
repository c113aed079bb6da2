// Issue 30 item 4: a scan's body is read and its photos decoded only once it holds a scan slot
// (decision 072); waiting scans beyond the queue are refused at once.
import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type CreatedUser } from '../../../test/factories';
import { buildTestApp } from '../../../test/helper';
import { defaultAnalysisConfig } from './config';
import { ImageError, prepareImage } from './image';
import { PoolBusyError } from './pool';
import { recordConsent } from './repository';
import { createScanSlots } from './scan-slots';

describe('scan slots', () => {
  it('lets `capacity` in, queues `maxWaiting` in order, refuses the rest; release is idempotent', async () => {
    const slots = createScanSlots(2, 1);
    const a = await slots.acquire();
    const b = await slots.acquire();
    let cIn = false;
    const c = slots.acquire().then((release) => {
      cIn = true;
      return release;
    });
    await expect(slots.acquire()).rejects.toBeInstanceOf(PoolBusyError);
    expect(slots.stats).toEqual({ running: 2, waiting: 1 });
    a();
    a(); // twice: frees one slot only
    const releaseC = await c;
    expect(cIn).toBe(true);
    expect(slots.stats).toEqual({ running: 2, waiting: 0 });
    b();
    releaseC();
    expect(slots.stats).toEqual({ running: 0, waiting: 0 });
  });
});

describe('the scan routes wait for a slot before reading the photos', () => {
  let app: FastifyInstance;
  let user: CreatedUser;
  beforeAll(async () => {
    app = await buildTestApp({
      analysis: { ...defaultAnalysisConfig, workers: { min: 0, max: 1, maxQueue: 1 } },
    });
    user = await createUser(app);
    await recordConsent(app.db, user.user.id, 'test');
    await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => app.close());

  it('a scan beyond the slot and the queue gets 503 busy before its body is read', async () => {
    const { port } = app.server.address() as { port: number };
    // The one slot busy, and one scan waiting for it.
    const holding = await app.scanSlots.acquire();
    const waiting = app.scanSlots.acquire();
    try {
      // A client that sends its headers and then only part of a large body: answered at once,
      // without waiting for (or buffering) the rest.
      const started = performance.now();
      const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = http.request({
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/analysis/scan',
          headers: {
            ...user.headers,
            'content-type': 'application/json',
            'content-length': String(8 * 1024 * 1024),
          },
        });
        req.on('response', (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        });
        req.on('error', reject);
        req.write('{"image_data":"');
      });
      expect(performance.now() - started).toBeLessThan(5_000);
      expect(answer.status).toBe(503);
      expect(JSON.parse(answer.body)).toMatchObject({
        code: 'busy',
        detail: expect.any(String),
      });
    } finally {
      holding();
      (await waiting)();
    }
    expect(app.scanSlots.stats).toEqual({ running: 0, waiting: 0 });
  });
});

describe('the pixel limit of photos decoded in full', () => {
  const canvas = (side: number) =>
    sharp({ create: { width: side, height: side, channels: 3, background: '#c8aa96' } });
  const reason = (bytes: Buffer) =>
    prepareImage(bytes).then(
      () => 'decoded',
      (error: unknown) => (error instanceof ImageError ? error.reason : String(error)),
    );

  it('a PNG over 4096 × 4096 is refused from its header; a JPEG of 49 MP shrinks on load', async () => {
    expect(await reason(await canvas(4200).png().toBuffer())).toBe('image_too_large');
    expect(await reason(await canvas(4096).png().toBuffer())).toBe('decoded');
    const jpeg = await prepareImage(await canvas(7000).jpeg().toBuffer());
    expect(Math.max(jpeg.width, jpeg.height)).toBe(1600);
  });
});
