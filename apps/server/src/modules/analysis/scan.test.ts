import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import type { AccountExport } from '@lumiskin/contract/account';
import { LEGACY_METHODS } from '@lumiskin/contract/analysis';
import type { Analysis, HistoryItem } from '@lumiskin/contract/analysis-api';
import { METRIC_METHODS } from '@lumiskin/skin-engine';
import type { ConsentStatus, ScanError } from '@lumiskin/contract/scan';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createUser, type CreatedUser } from '../../../test/factories';
import { buildTestApp } from '../../../test/helper';
import { PHOTO_DELETIONS_JOB } from './photo-sweeps';
import { productsSeeder } from '../shop/seed';
import { defaultAnalysisConfig } from './config';
import { analyses, analysisPhotos, photoDeletions } from './schema';

const FACE = fs.readFileSync(path.join(import.meta.dirname, 'test-fixtures/astronaut-face.jpg'));
const dataUrl = (bytes: Buffer, type = 'image/jpeg') =>
  `data:${type};base64,${bytes.toString('base64')}`;

/** A multipart body as a browser would send it. */
async function multipart(
  fields: Record<string, string | string[]>,
  files: Array<{ name: string; bytes: Buffer; filename?: string; type?: string }>,
) {
  const form = new FormData();
  for (const file of files) {
    form.append(
      file.name,
      new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'image/jpeg' }),
      file.filename ?? 'photo.jpg',
    );
  }
  for (const [key, value] of Object.entries(fields))
    for (const v of [value].flat()) form.append(key, v);
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type') ?? '' },
  };
}

/** A PNG whose header claims width × height pixels, with no image data at all (a "bomb" header). */
function pngHeaderOnly(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(zlib.crc32(body) >>> 0, 8 + data.length);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const idat = zlib.deflateSync(Buffer.alloc(1024));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

let app: FastifyInstance;
let alice: CreatedUser;
let bob: CreatedUser;

async function consent(user: CreatedUser) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/analysis/consent',
    headers: user.headers,
    payload: { accepted: true },
  });
  expect(res.statusCode).toBe(200);
  return res.json<ConsentStatus>();
}

function scanJson(user: CreatedUser, payload: Record<string, unknown>) {
  return app.inject({ method: 'POST', url: '/api/analysis/scan', headers: user.headers, payload });
}

async function countStored(userId: string) {
  const [row] = await app.db
    .select({ n: sql<number>`count(*)::int` })
    .from(analyses)
    .where(eq(analyses.userId, userId));
  const [photos] = await app.db.select({ n: sql<number>`count(*)::int` }).from(analysisPhotos);
  return { analyses: row?.n ?? -1, photos: photos?.n ?? -1 };
}

beforeAll(async () => {
  app = await buildTestApp({
    analysis: { ...defaultAnalysisConfig, workers: { min: 1, max: 1, maxQueue: 16 } },
  });
  // Deleted scans' photos go through the queue: work it here, as a listening server does.
  await app.jobs.work([PHOTO_DELETIONS_JOB]);
  await productsSeeder.run(app.db, () => {});
  alice = await createUser(app, { name: 'Alice' });
  bob = await createUser(app, { name: 'Bob' });
});

afterAll(async () => {
  await app.close();
});

describe('consent', () => {
  it('is required before the first scan, then recorded with its time', async () => {
    const carol = await createUser(app);
    const before = await app.inject({
      method: 'GET',
      url: '/api/analysis/consent',
      headers: carol.headers,
    });
    expect(before.json<ConsentStatus>()).toMatchObject({ consented: false, consented_at: null });

    const refused = await scanJson(carol, { image_data: dataUrl(FACE), location: 'London, UK' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<ScanError>().code).toBe('consent_required');

    const unticked = await app.inject({
      method: 'POST',
      url: '/api/analysis/consent',
      headers: carol.headers,
      payload: { accepted: false },
    });
    expect(unticked.statusCode).toBe(400);

    const t0 = Date.now();
    const status = await consent(carol);
    expect(status.consented).toBe(true);
    expect(Math.abs(Date.parse(status.consented_at ?? '') - t0)).toBeLessThan(60_000);
    expect((await countStored(carol.user.id)).analyses).toBe(0);
  });
});

// Scans run the real engine: the first one also loads it into the worker thread, which takes
// seconds on a busy 2-core machine.
describe('a scan', { timeout: 120_000 }, () => {
  let jsonScan: Analysis;

  beforeAll(async () => {
    await consent(alice);
    await consent(bob);
  });

  it('analyses a JSON data URL and returns the stored analysis', async () => {
    const res = await scanJson(alice, {
      image_data: dataUrl(FACE),
      location: 'london, uk',
      concerns: ['acne', 'redness'],
    });
    expect(res.statusCode, res.body).toBe(201);
    jsonScan = res.json<Analysis>();
    expect(jsonScan).toMatchObject({
      _id: jsonScan.id,
      analysis_source: 'lumiskin_ai',
      computed_on: 'server',
      analysis_type: 'quick',
      location: 'London, GB',
      concerns: ['acne', 'redness'],
      report_source: 'engine',
    });
    expect(Object.keys(jsonScan.scores).sort()).toEqual([
      'acne',
      'dark_spots',
      'hydration',
      'oiliness',
      'radiance',
      'redness',
      'texture',
    ]);
    for (const score of Object.values(jsonScan.scores)) expect(score).toBeGreaterThanOrEqual(0);
    expect(jsonScan.overall_score).toBeGreaterThan(0);
    expect(jsonScan.routine.morning.length).toBeGreaterThan(0);
    expect(jsonScan.routine.evening.length).toBeGreaterThan(0);
    expect(jsonScan.recommendations.base.id).toMatch(/aquahydra|sebobalance|barrierrepair/);
    expect(jsonScan.full_response_text.length).toBeGreaterThan(100);
    expect(jsonScan.environment.uv_index).not.toBeNull();
    expect(jsonScan.environment.weather_source).toBe('unknown');
    expect(jsonScan.regions.map((r) => r.region)).toContain('left_cheek');
    expect(jsonScan.photo).toEqual({
      url: `/api/analysis/${jsonScan.id}/photo`,
      width: 500,
      height: 500,
    });

    const again = await app.inject({
      method: 'GET',
      url: `/api/analysis/${jsonScan.id}`,
      headers: alice.headers,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json<Analysis>().scores).toEqual(jsonScan.scores);
  });

  it('keeps what the engine saw: capture conditions, and overlays placed on the stored photo', async () => {
    const { capture, overlays, photo } = jsonScan;
    expect(capture).not.toBeNull();
    for (const value of [...(capture?.white_point ?? []), capture?.cast, capture?.exposure]) {
      expect(Number.isFinite(value)).toBe(true);
    }
    expect(capture?.face_px).toBeGreaterThan(0);
    expect(capture?.sharpness).toBeGreaterThan(0);

    expect(overlays).not.toBeNull();
    const { width = 0, height = 0 } = photo ?? {};
    const points = [
      ...[overlays?.blemishes, overlays?.dark_spots, overlays?.blackheads].flatMap((marks) => {
        expect(Array.isArray(marks)).toBe(true);
        return (marks ?? []).map(([x, y, r]) => {
          expect(r).toBeGreaterThan(0);
          return [x, y];
        });
      }),
      ...(overlays?.lines ?? []).flat(),
      ...(overlays?.excluded ?? []).flatMap((area) => area.polygons.flat()),
    ];
    // The fixture shows fine lines and hair over the forehead: there is something to place.
    expect(points.length).toBeGreaterThan(0);
    for (const [x = -1, y = -1] of points) {
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThanOrEqual(width);
      expect(y).toBeGreaterThanOrEqual(0);
      expect(y).toBeLessThanOrEqual(height);
    }
    // An unmeasured metric has no score and no finding.
    for (const { metric } of jsonScan.unmeasured) {
      expect(jsonScan.scores[metric]).toBeUndefined();
      expect(jsonScan.findings.map((f) => f.metric)).not.toContain(metric);
    }

    const again = await app.inject({
      method: 'GET',
      url: `/api/analysis/${jsonScan.id}`,
      headers: alice.headers,
    });
    const read = again.json<Analysis>();
    expect({
      overlays: read.overlays,
      zone_notes: read.zone_notes,
      unmeasured: read.unmeasured,
      capture: read.capture,
    }).toEqual({
      overlays: jsonScan.overlays,
      zone_notes: jsonScan.zone_notes,
      unmeasured: jsonScan.unmeasured,
      capture: jsonScan.capture,
    });
    const history = await app.inject({
      method: 'GET',
      url: '/api/analysis/history',
      headers: alice.headers,
    });
    const listed = history.json<HistoryItem[]>().find((item) => item.id === jsonScan.id);
    expect(listed?.capture).toEqual(jsonScan.capture);
    // The methods that measured each metric (decision 037), as the engine reported them.
    expect(jsonScan.methods).toEqual(METRIC_METHODS);
    expect(read.methods).toEqual(METRIC_METHODS);
    expect(listed?.methods).toEqual(METRIC_METHODS);
    // The person's own export carries them too.
    const exported = await app.inject({
      method: 'GET',
      url: '/api/users/me/export',
      headers: alice.headers,
    });
    expect(exported.statusCode).toBe(200);
    const row = exported.json<AccountExport>().scans.find((scan) => scan.id === jsonScan.id);
    expect(row?.details).toMatchObject({ capture: jsonScan.capture, overlays: jsonScan.overlays });
    expect(row).toMatchObject({ methods: METRIC_METHODS });
  });

  it('reads a scan stored before overlays, capture and methods were kept as having none', async () => {
    const olga = await createUser(app, { name: 'Olga' });
    const [stored] = await app.db.select().from(analyses).where(eq(analyses.id, jsonScan.id));
    if (!stored) throw new Error('the JSON scan was not stored');
    const { overlays, zone_notes, unmeasured, capture, ...oldDetails } = stored.details;
    expect([overlays, zone_notes, unmeasured, capture]).not.toContain(undefined);
    const [old] = await app.db
      .insert(analyses)
      .values({
        ...stored,
        id: undefined,
        userId: olga.user.id,
        details: oldDetails,
        methods: null,
      })
      .returning({ id: analyses.id });

    const res = await app.inject({
      method: 'GET',
      url: `/api/analysis/${old?.id}`,
      headers: olga.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Analysis>()).toMatchObject({
      scores: jsonScan.scores,
      overlays: null,
      zone_notes: [],
      unmeasured: [],
      capture: null,
      // What measured every scan before methods were recorded.
      methods: LEGACY_METHODS,
    });
    const history = await app.inject({
      method: 'GET',
      url: '/api/analysis/history',
      headers: olga.headers,
    });
    expect(history.json<HistoryItem[]>()).toMatchObject([
      { id: old?.id, capture: null, methods: LEGACY_METHODS },
    ]);
  });

  it("sets a new user's routine up from their first scan, once (no GET /api/routine needed)", async () => {
    const dave = await createUser(app, { name: 'Dave' });
    await consent(dave);
    const history = async () => {
      const res = await app.inject({
        method: 'GET',
        url: '/api/routine/history',
        headers: dave.headers,
      });
      expect(res.statusCode).toBe(200);
      return res.json<Array<{ type: string; reason: string }>>();
    };
    expect(await history()).toEqual([]);

    const first = await scanJson(dave, { image_data: dataUrl(FACE), location: 'Paris, FR' });
    expect(first.statusCode, first.body).toBe(201);
    const analysis = first.json<Analysis>();
    const entries = await history();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ type: 'setup', reason: 'Set up from your skin analysis' });

    const routine = await app.inject({ method: 'GET', url: '/api/routine', headers: dave.headers });
    const products = routine.json<{ morning: Array<{ name: string }>; evening: unknown[] }>();
    expect(products.morning.map((p) => p.name)).toEqual(
      analysis.routine.morning.map((step) => step.name),
    );
    expect(products.evening).toHaveLength(analysis.routine.evening.length);

    // A second scan leaves the routine and its history alone.
    const second = await scanJson(dave, { image_data: dataUrl(FACE), location: 'Paris, FR' });
    expect(second.statusCode, second.body).toBe(201);
    expect(await history()).toHaveLength(1);
  });

  it('gives the same scores for the same photo sent as multipart, and strips EXIF/GPS and applies orientation', async () => {
    // The same face, rotated on disk and tagged with a GPS position and a camera: the EXIF
    // orientation (6 = rotate 90° clockwise to view) must be applied and every tag dropped.
    const sideways = await sharp(FACE).rotate(-90).jpeg({ quality: 100 }).toBuffer();
    const tagged = await sharp(sideways)
      .withMetadata({ orientation: 6 })
      .withExifMerge({
        IFD0: { Make: 'SpyCam', Model: 'Tracker 9000' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '51/1 30/1 1234/100',
          GPSLongitudeRef: 'W',
          GPSLongitude: '0/1 7/1 3939/100',
        },
      })
      .jpeg({ quality: 100 })
      .toBuffer();
    const tags = await sharp(tagged).metadata();
    expect(tags.orientation).toBe(6);
    expect(tags.exif?.toString('latin1')).toContain('SpyCam');

    const body = await multipart({ location: 'London, UK', concerns: 'acne,redness' }, [
      { name: 'image', bytes: tagged, filename: 'selfie.txt', type: 'text/plain' },
    ]);
    const res = await app.inject({
      method: 'POST',
      url: '/api/analysis/scan-upload',
      headers: { ...alice.headers, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    const viaUpload = res.json<Analysis>();
    expect(viaUpload.location).toBe('London, GB');

    const photo = await app.inject({
      method: 'GET',
      url: `/api/analysis/${viaUpload.id}/photo`,
      headers: alice.headers,
    });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');
    expect(photo.headers['cache-control']).toBe('no-store');
    expect(photo.headers['x-content-type-options']).toBe('nosniff');
    const stored = await sharp(photo.rawPayload).metadata();
    expect(stored.format).toBe('jpeg');
    expect(stored.exif).toBeUndefined();
    expect(stored.icc).toBeUndefined();
    expect(stored.xmp).toBeUndefined();
    expect(stored.orientation).toBeUndefined();
    expect(photo.rawPayload.includes(Buffer.from('SpyCam'))).toBe(false);
    expect([stored.width, stored.height]).toEqual([500, 500]);

    // Same pixels after orientation → the same scores as the upright JSON scan, within JPEG noise.
    const upright = await scanJson(alice, { image_data: dataUrl(tagged), location: 'London, UK' });
    expect(upright.statusCode).toBe(201);
    expect(upright.json<Analysis>().scores).toEqual(viaUpload.scores);
    for (const [metric, score] of Object.entries(viaUpload.scores)) {
      expect(
        Math.abs(score - (jsonScan.scores[metric as keyof typeof jsonScan.scores] ?? -100)),
        metric,
      ).toBeLessThanOrEqual(5);
    }
  });

  it('uses every angle of a multi-angle scan', async () => {
    const left = await sharp(FACE).jpeg({ quality: 92 }).toBuffer();
    const res = await scanJson(alice, {
      image_data: dataUrl(FACE),
      images: [dataUrl(left), { image_data: dataUrl(FACE), angle: 'right' }],
      location: 'New York, US',
      analysis_type: 'comprehensive',
    });
    expect(res.statusCode, res.body).toBe(201);
    const scan = res.json<Analysis>();
    expect(scan.angles).toEqual(['front', 'left', 'right']);
    expect(Object.keys(scan.scores)).toHaveLength(14);
    expect(scan.location).toBe('New York City, US');
  });

  it('keeps scans private: another person gets 404 for the analysis, the photo and delete', async () => {
    for (const [method, url] of [
      ['GET', `/api/analysis/${jsonScan.id}`],
      ['GET', `/api/analysis/${jsonScan.id}/photo`],
      ['DELETE', `/api/analysis/${jsonScan.id}`],
    ] as const) {
      const res = await app.inject({ method, url, headers: bob.headers });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const anonymous = await app.inject({
      method: 'GET',
      url: `/api/analysis/${jsonScan.id}/photo`,
    });
    expect(anonymous.statusCode).toBe(401);
    const history = await app.inject({
      method: 'GET',
      url: '/api/analysis/history',
      headers: bob.headers,
    });
    expect(history.json<HistoryItem[]>()).toEqual([]);
  });

  it('lists history newest first with paging, period and source filters', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/analysis/history',
      headers: alice.headers,
    });
    expect(res.statusCode).toBe(200);
    const items = res.json<HistoryItem[]>();
    expect(items.length).toBe(4);
    expect(res.headers['x-total-count']).toBe('4');
    expect(items[3]?.id).toBe(jsonScan.id);
    expect(items[0]).toMatchObject({ _id: items[0]?.id, analysis_source: 'lumiskin_ai' });
    const times = items.map((i) => Date.parse(i.created_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    const page = await app.inject({
      method: 'GET',
      url: '/api/analysis/history?limit=2&offset=1',
      headers: alice.headers,
    });
    expect(page.json<HistoryItem[]>().map((i) => i.id)).toEqual(items.slice(1, 3).map((i) => i.id));

    // An old scan drops out of the 7-day period.
    await app.db
      .update(analyses)
      .set({ createdAt: new Date(Date.now() - 20 * 86_400_000) })
      .where(eq(analyses.id, jsonScan.id));
    const week = await app.inject({
      method: 'GET',
      url: '/api/analysis/history?period=7days',
      headers: alice.headers,
    });
    expect(week.json<HistoryItem[]>().map((i) => i.id)).not.toContain(jsonScan.id);
    expect(week.headers['x-total-count']).toBe('3');

    const external = await app.inject({
      method: 'GET',
      url: '/api/analysis/history?source=external_api',
      headers: alice.headers,
    });
    expect(external.json<HistoryItem[]>()).toEqual([]);
    const tooMany = await app.inject({
      method: 'GET',
      url: '/api/analysis/history?limit=101',
      headers: alice.headers,
    });
    expect(tooMany.statusCode).toBe(400);
  });

  it('deletes a scan together with its photo', async () => {
    const before = await countStored(alice.user.id);
    const res = await app.inject({
      method: 'DELETE',
      url: `/api/analysis/${jsonScan.id}`,
      headers: alice.headers,
    });
    expect(res.statusCode).toBe(204);
    expect((await countStored(alice.user.id)).analyses).toBe(before.analyses - 1);
    // The photo goes right after the answer, through the photo_deletions outbox and a queued
    // sweep (decision 031).
    await vi.waitFor(async () => {
      expect(await countStored(alice.user.id)).toEqual({
        analyses: before.analyses - 1,
        photos: before.photos - 1,
      });
      const [pending] = await app.db.select({ n: sql<number>`count(*)::int` }).from(photoDeletions);
      expect(pending?.n).toBe(0);
    });
    const gone = await app.inject({
      method: 'GET',
      url: `/api/analysis/${jsonScan.id}/photo`,
      headers: alice.headers,
    });
    expect(gone.statusCode).toBe(404);
  });
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
