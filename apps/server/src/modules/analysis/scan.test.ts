import { readFileSync } from 'node:fs';
import type { AccountExport } from '@lumiskin/contract/account';
import { LEGACY_METHODS } from '@lumiskin/contract/analysis';
import type { Analysis, HistoryItem } from '@lumiskin/contract/analysis-api';
import type { ConsentStatus, ScanError } from '@lumiskin/contract/scan';
import { METRIC_METHODS } from '@lumiskin/skin-engine';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createUser, type CreatedUser } from '../../../test/factories';
import { buildTestApp } from '../../../test/helper';
import { PHOTO_DELETIONS_JOB } from './photo-sweeps';
import { productsSeeder } from '../shop/seed';
import { defaultAnalysisConfig } from './config';
import { analyses, photoDeletions } from './schema';
import { dataUrl, FACE, multipart, scanKit } from './test-fixtures/scan-kit';

let app: FastifyInstance;
let alice: CreatedUser;
let bob: CreatedUser;
const { consent, scanJson, countStored } = scanKit(() => app);

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
    // By default the photo stays on this server: no outside service to name.
    expect(before.json<ConsentStatus>()).toMatchObject({
      consented: false,
      consented_at: null,
      current_version: '2025-01',
      outside_services: [],
    });

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
    // Another text's version (not the one this server shows) is not agreeing to this one.
    const other = await app.inject({
      method: 'POST',
      url: '/api/analysis/consent',
      headers: carol.headers,
      payload: { accepted: true, version: '2024-07' },
    });
    expect(other.statusCode).toBe(409);
    expect(other.json<ScanError>().code).toBe('consent_outdated');

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
    // How the JPEG stored its colour (decision 171): q92 at 4:2:0 on a face 206 px high, whose
    // chroma blocks are large against a papule, so the acne count is scaled by more than 1.
    expect(capture?.compression?.chroma_step).toBeGreaterThan(20);
    expect(capture?.compression?.lesion_factor).toBeGreaterThan(1.1);

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

  it('analyses a HEIC photo as it does the JPEG it was made from (decision 178)', async () => {
    const heic = readFileSync(new URL('./test-fixtures/astronaut-face.heic', import.meta.url));
    const res = await scanJson(alice, {
      image_data: dataUrl(heic, 'image/heic'),
      location: 'london, uk',
    });
    expect(res.statusCode, res.body).toBe(201);
    const scan = res.json<Analysis>();
    for (const [metric, score] of Object.entries(jsonScan.scores))
      expect(
        Math.abs((scan.scores[metric as keyof typeof scan.scores] ?? -99) - score),
        metric,
      ).toBeLessThanOrEqual(3);
    // What is kept is our own JPEG of the analysed pixels, never the HEIC.
    const photo = await app.inject({
      method: 'GET',
      url: `/api/analysis/${scan.id}/photo`,
      headers: alice.headers,
    });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');
    expect(photo.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/analysis/${scan.id}`,
      headers: alice.headers,
    });
    expect(removed.statusCode).toBe(204);
  });

  it('counts the lesions a strongly compressed JPEG hid; a PNG of the same pixels says nothing of it', async () => {
    const small = await sharp(FACE).jpeg({ quality: 40, chromaSubsampling: '4:2:0' }).toBuffer();
    const png = await sharp(small).png().toBuffer();
    const erin = await createUser(app);
    await consent(erin);
    const scan = async (bytes: Buffer, type: string) => {
      const res = await scanJson(erin, {
        image_data: dataUrl(bytes, type),
        location: 'London, UK',
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<Analysis>();
    };
    const fromJpeg = await scan(small, 'image/jpeg');
    const fromPng = await scan(png, 'image/png');
    // The same pixels: the same marks; the JPEG's headers say how much colour it lost.
    expect(fromJpeg.overlays?.blemishes).toEqual(fromPng.overlays?.blemishes);
    expect(fromJpeg.capture?.compression?.lesion_factor).toBe(3);
    expect(fromPng.capture?.compression).toBeUndefined();
    // The clear face stays clear whatever the count is scaled by.
    expect(fromJpeg.scores.acne).toBe(fromPng.scores.acne);
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
