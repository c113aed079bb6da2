import http from 'node:http';
import type { ScanError } from '@lumiskin/contract/scan';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type CreatedUser } from '../../../test/factories';
import { buildTestApp } from '../../../test/helper';
import { PHOTO_DELETIONS_JOB } from './photo-sweeps';
import { productsSeeder } from '../shop/seed';
import { defaultAnalysisConfig } from './config';
import { analyses } from './schema';
import { dataUrl, FACE, multipart, pngHeaderOnly, scanKit } from './test-fixtures/scan-kit';

/** Scans that cannot go ahead: bad input, the per-person limit, a busy pool (split from scan.test.ts). */
let app: FastifyInstance;
const { consent, scanJson, countStored } = scanKit(() => app);

beforeAll(async () => {
  app = await buildTestApp({
    analysis: { ...defaultAnalysisConfig, workers: { min: 1, max: 1, maxQueue: 16 } },
  });
  await app.jobs.work([PHOTO_DELETIONS_JOB]);
  await productsSeeder.run(app.db, () => {});
});

afterAll(async () => {
  await app.close();
});

describe('a scan that cannot go ahead', { timeout: 120_000 }, () => {
  let dave: CreatedUser;
  beforeAll(async () => {
    dave = await createUser(app);
    await consent(dave);
  });

  async function expectFailure(
    res: Awaited<ReturnType<typeof scanJson>>,
    status: number,
    code: string,
    reason?: string,
  ) {
    expect(res.statusCode, res.body).toBe(status);
    const body = res.json<ScanError>();
    expect(body.code).toBe(code);
    if (reason) expect(body.reason).toBe(reason);
    expect(body.detail.length).toBeGreaterThan(10);
    return body;
  }

  it('needs a location the gazetteer knows', async () => {
    await expectFailure(
      await scanJson(dave, { image_data: dataUrl(FACE) }),
      400,
      'location_required',
    );
    await expectFailure(
      await scanJson(dave, { image_data: dataUrl(FACE), location: '   ' }),
      400,
      'location_required',
    );
    const body = await expectFailure(
      await scanJson(dave, { image_data: dataUrl(FACE), location: 'Atlantis, XX' }),
      400,
      'location_not_found',
    );
    expect(body.detail).toBe('Location not found. Please enter a valid city name.');
  });

  it('refuses what is not a supported image, by content', async () => {
    const text = Buffer.from('hello, I am definitely a JPEG');
    await expectFailure(
      await scanJson(dave, { image_data: dataUrl(text), location: 'London' }),
      415,
      'validation_error',
      'not_an_image',
    );
    const gif = await sharp(FACE).gif().toBuffer();
    await expectFailure(
      await scanJson(dave, { image_data: dataUrl(gif, 'image/jpeg'), location: 'London' }),
      415,
      'validation_error',
      'unsupported_type',
    );
    const body = await multipart({ location: 'London' }, [
      { name: 'image', bytes: text, filename: 'face.jpg' },
    ]);
    const upload = await app.inject({
      method: 'POST',
      url: '/api/analysis/scan-upload',
      headers: { ...dave.headers, ...body.headers },
      payload: body.payload,
    });
    await expectFailure(upload, 415, 'validation_error', 'not_an_image');
    // WebP and PNG are accepted formats (they get as far as the engine, which finds no face here).
    const webp = await sharp({
      create: { width: 64, height: 64, channels: 3, background: '#c8a080' },
    })
      .webp()
      .toBuffer();
    await expectFailure(
      await scanJson(dave, { image_data: dataUrl(webp), location: 'London' }),
      422,
      'validation_error',
      'no_face',
    );
  });

  it('refuses a photo over 10 MB with 413, as JSON and as an upload', async () => {
    const big = Buffer.concat([FACE, Buffer.alloc(10 * 1024 * 1024)]);
    await expectFailure(
      await scanJson(dave, { image_data: dataUrl(big), location: 'London' }),
      413,
      'payload_too_large',
    );
    const body = await multipart({ location: 'London' }, [{ name: 'image', bytes: big }]);
    const upload = await app.inject({
      method: 'POST',
      url: '/api/analysis/scan-upload',
      headers: { ...dave.headers, ...body.headers },
      payload: body.payload,
    });
    expect(upload.statusCode).toBe(413);
  });

  it('refuses a decompression bomb quickly, from its header', async () => {
    // 100 MP (over our 50 MP) and 10 gigapixels (over sharp's own ceiling), each in a ~1 kB file.
    for (const side of [10_000, 100_000]) {
      const bomb = pngHeaderOnly(side, side);
      expect(bomb.length).toBeLessThan(2000);
      const started = performance.now();
      await expectFailure(
        await scanJson(dave, { image_data: dataUrl(bomb, 'image/png'), location: 'London' }),
        422,
        'validation_error',
        'image_too_large',
      );
      expect(performance.now() - started).toBeLessThan(1000);
    }
  });

  it("passes on the engine's reason and message for a photo without a face", async () => {
    const noFace = await sharp({
      create: { width: 640, height: 480, channels: 3, background: '#d9c4b0' },
    })
      .composite([
        {
          input: Buffer.from(
            '<svg width="640" height="480"><circle cx="320" cy="240" r="120" fill="#7a5c48"/></svg>',
          ),
        },
      ])
      .jpeg()
      .toBuffer();
    const body = await expectFailure(
      await scanJson(dave, { image_data: dataUrl(noFace), location: 'Paris, FR' }),
      422,
      'validation_error',
      'no_face',
    );
    expect(body.detail).toMatch(/could not find a face/i);
    expect(body.angle).toBe('front');
  });

  it('refuses a black and white photo, as a one-channel JPEG and as a grey PNG (decision 177)', async () => {
    const grey = await sharp(FACE).toColourspace('b-w').jpeg().toBuffer();
    expect((await sharp(grey).metadata()).channels).toBe(1);
    const greyPng = await sharp(FACE).grayscale().toColourspace('srgb').png().toBuffer();
    for (const [photo, type] of [
      [grey, 'image/jpeg'],
      [greyPng, 'image/png'],
    ] as const) {
      const body = await expectFailure(
        await scanJson(dave, { image_data: dataUrl(photo, type), location: 'Paris, FR' }),
        422,
        'validation_error',
        'no_colour',
      );
      expect(body.detail).toMatch(/black and white/i);
    }
    // The same photo in colour is scanned (a control: the face itself is fine).
    const res = await scanJson(dave, { image_data: dataUrl(FACE), location: 'Paris, FR' });
    expect(res.statusCode, res.body).toBe(201);
    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/analysis/${res.json<{ id: string }>().id}`,
      headers: dave.headers,
    });
    expect(removed.statusCode).toBe(204);
  });

  it('stores nothing for any failed scan', async () => {
    expect(await countStored(dave.user.id)).toMatchObject({ analyses: 0 });
  });
});

describe('the per-person scan limit', () => {
  let limited: FastifyInstance;
  afterAll(async () => {
    await limited.close();
  });

  it('answers 429 with a clear message after the hourly allowance', async () => {
    limited = await buildTestApp({ analysis: { ...defaultAnalysisConfig, ratePerHour: 3 } });
    const erin = await createUser(limited);
    const frank = await createUser(limited);
    const send = (user: CreatedUser) =>
      limited.inject({
        method: 'POST',
        url: '/api/analysis/scan',
        headers: user.headers,
        payload: { image_data: dataUrl(FACE), location: 'London' },
      });
    for (let i = 0; i < 3; i++) expect((await send(erin)).statusCode).toBe(403); // no consent: fails fast, still counted
    const blocked = await send(erin);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json<ScanError>()).toMatchObject({ code: 'rate_limited' });
    expect(blocked.json<ScanError>().detail).toMatch(
      /3 scans in an hour.*try again in \d+ minutes?/,
    );
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Another person is not affected.
    expect((await send(frank)).statusCode).toBe(403);
  });
});

describe('a busy scan pool', { timeout: 120_000 }, () => {
  let busy: FastifyInstance;
  // A weather service that answers (an error) after 1.5 s: every scan lasts longer than the app's
  // 1 s limit whatever the machine's speed (the scan goes on without live weather).
  const slowWeather = http.createServer((_request, response) => {
    setTimeout(() => response.writeHead(503).end(), 1_500);
  });
  afterAll(async () => {
    await busy?.close();
    slowWeather.closeAllConnections();
    await new Promise((resolve) => slowWeather.close(resolve));
  });

  it('outlasts the app-wide handlerTimeout, and refuses scans beyond the queue with 503 busy', async () => {
    await new Promise<void>((resolve) => slowWeather.listen(0, '127.0.0.1', resolve));
    const { port } = slowWeather.address() as { port: number };
    // The app-wide limit at its minimum (1 s); one thread and no queue at all.
    busy = await buildTestApp({
      requestTimeoutMs: 1000,
      analysis: {
        ...defaultAnalysisConfig,
        workers: { min: 1, max: 1, maxQueue: 0 },
        weather: { url: `http://127.0.0.1:${port}`, timeoutMs: 3000 },
      },
    });
    await productsSeeder.run(busy.db, () => {});
    const gina = await createUser(busy);
    const accepted = await busy.inject({
      method: 'POST',
      url: '/api/analysis/consent',
      headers: gina.headers,
      payload: { accepted: true },
    });
    expect(accepted.statusCode).toBe(200);
    const send = () =>
      busy.inject({
        method: 'POST',
        url: '/api/analysis/scan',
        headers: gina.headers,
        payload: { image_data: dataUrl(FACE), location: 'London' },
      });

    // Over the app's 1 s (the slow weather), and still answered.
    const t0 = performance.now();
    const first = await send();
    const elapsed = performance.now() - t0;
    expect(first.statusCode, first.body).toBe(201);
    expect(elapsed).toBeGreaterThan(1000);

    // Three at once on one thread with no queue: one runs, the others are refused at once.
    const burst = await Promise.all([send(), send(), send()]);
    const codes = burst.map((r) => r.statusCode).sort();
    expect(codes).toContain(201);
    const refused = burst.filter((r) => r.statusCode === 503);
    expect(refused.length).toBeGreaterThan(0);
    for (const r of refused) {
      expect(r.json<ScanError>()).toMatchObject({
        code: 'busy',
        detail: 'Lots of people are scanning right now. Please try again in a minute.',
      });
    }
    expect((await countStoredIn(busy, gina.user.id)).analyses).toBe(
      1 + codes.filter((c) => c === 201).length,
    );
  });

  it('stores nothing for a scan that outlived its time limit (the client was told it failed)', async () => {
    // Both limits at 50 ms: decoding and analysing alone take longer, so the client gets its 503
    // while the work goes on.
    const slow = await buildTestApp({
      requestTimeoutMs: 50,
      analysis: {
        ...defaultAnalysisConfig,
        timeoutMs: 50,
        workers: { min: 1, max: 1, maxQueue: 4 },
      },
    });
    try {
      await productsSeeder.run(slow.db, () => {});
      const hal = await createUser(slow);
      await slow.inject({
        method: 'POST',
        url: '/api/analysis/consent',
        headers: hal.headers,
        payload: { accepted: true },
      });
      const timedOut = await slow.inject({
        method: 'POST',
        url: '/api/analysis/scan',
        headers: hal.headers,
        payload: { image_data: dataUrl(FACE), location: 'London' },
      });
      expect(timedOut.statusCode, timedOut.body).toBe(503);
      // The analysis goes on in its thread after the answer; give it time to reach the store step.
      await expect
        .poll(async () => (await slow.inject({ method: 'GET', url: '/api/health' })).statusCode, {
          timeout: 20_000,
        })
        .toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 8000));
      expect((await countStoredIn(slow, hal.user.id)).analyses).toBe(0);
    } finally {
      await slow.close();
    }
  }, 60_000);
});

async function countStoredIn(instance: FastifyInstance, userId: string) {
  const [row] = await instance.db
    .select({ n: sql<number>`count(*)::int` })
    .from(analyses)
    .where(eq(analyses.userId, userId));
  return { analyses: row?.n ?? -1 };
}
