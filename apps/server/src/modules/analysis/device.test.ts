import fs from 'node:fs';
import path from 'node:path';
import type { AccountExport, AccountResponse } from '@lumiskin/contract/account';
import type { Analysis, HistoryItem } from '@lumiskin/contract/analysis-api';
import {
  DEVICE_SCAN_MAX_BYTES,
  type DeviceResult,
  type DeviceScanBody,
} from '@lumiskin/contract/device-scan';
import type { ScanError } from '@lumiskin/contract/scan';
import { ENGINE_METHOD_VERSION } from '@lumiskin/skin-engine';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type CreatedUser } from '../../../test/factories';
import { buildTestApp, captureLogs } from '../../../test/helper';
import { productsSeeder } from '../shop/seed';
import { analyses } from './schema';

/**
 * A real engine result: the Node engine on test-fixtures/astronaut-face.jpg, decoded as the server
 * decodes photos (`npm run fixture:device-result -w @lumiskin/server` writes it).
 */
const FIXTURE = JSON.parse(
  fs.readFileSync(path.join(import.meta.dirname, 'test-fixtures/device-result.json'), 'utf8'),
) as { photo: { width: number; height: number }; result: DeviceResult & { ok?: true } };
const { ok: _ok, ...RESULT } = FIXTURE.result;

/** What the web app sends: the result and the scan's options, never the photo. */
function deviceBody(change: (body: DeviceScanBody & { result: DeviceResult }) => void = () => {}) {
  const body = structuredClone({
    location: 'London, GB',
    concerns: ['acne' as const],
    photo: FIXTURE.photo,
    result: RESULT,
  });
  change(body);
  return body;
}

const logs = captureLogs();
let app: FastifyInstance;
let alice: CreatedUser;

function postDevice(user: CreatedUser | null, payload: unknown) {
  return app.inject({
    method: 'POST',
    url: '/api/analysis/device',
    headers: user?.headers ?? {},
    payload: payload as Record<string, unknown>,
  });
}

async function storedCount(userId: string) {
  const [row] = await app.db
    .select({ n: sql<number>`count(*)::int` })
    .from(analyses)
    .where(eq(analyses.userId, userId));
  return row?.n ?? -1;
}

beforeAll(async () => {
  app = await buildTestApp({ logLevel: 'info', logStream: logs.stream });
  await productsSeeder.run(app.db, () => {});
  // No photo consent: a device scan sends no photo (decision 100).
  alice = await createUser(app, { name: 'Alice' });
});

afterAll(() => app.close());

describe('POST /api/analysis/device', () => {
  it('is made from the current engine (rerun the fixture script after a method change)', () => {
    expect(RESULT.method_version).toBe(ENGINE_METHOD_VERSION);
  });

  it('stores the result with computed_on "device", a routine and no photo', async () => {
    const res = await postDevice(alice, deviceBody());
    expect(res.statusCode, res.body).toBe(201);
    const analysis = res.json<Analysis>();
    expect(analysis).toMatchObject({
      computed_on: 'device',
      analysis_source: 'lumiskin_ai',
      analysis_type: 'quick',
      location: 'London, GB',
      concerns: ['acne'],
      scores: RESULT.scores,
      overall_score: RESULT.overall_score,
      photo: null,
      methods: RESULT.methods,
      capture: RESULT.capture,
      overlays: RESULT.overlays,
    });
    // The interpreter wrote the sentences, the routine and the report.
    expect(analysis.findings.every((f) => f.summary.length > 0)).toBe(true);
    expect(analysis.routine.morning.length).toBeGreaterThan(0);
    expect(analysis.full_response_text.length).toBeGreaterThan(20);
    expect(analysis.zone_notes[0]?.message).toMatch(/\w/);

    const one = await app.inject({ url: `/api/analysis/${analysis.id}`, headers: alice.headers });
    expect(one.json<Analysis>()).toMatchObject({ id: analysis.id, computed_on: 'device' });
    const history = await app.inject({ url: '/api/analysis/history', headers: alice.headers });
    expect(history.json<HistoryItem[]>().find((h) => h.id === analysis.id)?.computed_on).toBe(
      'device',
    );
    const photo = await app.inject({
      url: `/api/analysis/${analysis.id}/photo`,
      headers: alice.headers,
    });
    expect(photo.statusCode).toBe(404);

    const exported = await app.inject({ url: '/api/users/me/export', headers: alice.headers });
    const data = exported.json<AccountExport>();
    expect(data.scans.find((s) => s.id === analysis.id)).toMatchObject({ computed_on: 'device' });
    expect(data.photos).toEqual([]);

    // Nothing of the body is logged: neither the scores' place nor a zone's raw measurement.
    const logged = logs.text();
    expect(logged).toContain('/api/analysis/device');
    expect(logged).not.toContain(String(RESULT.measurements.forehead?.shine_pct));
    expect(logged).not.toContain('London');

    const gone = await app.inject({
      method: 'DELETE',
      url: `/api/analysis/${analysis.id}`,
      headers: alice.headers,
    });
    expect(gone.statusCode).toBe(204);
    expect(await storedCount(alice.user.id)).toBe(0);
  });

  it('dates a result that waited offline by its scan, up to 7 days back', async () => {
    const takenAt = new Date(Date.now() - 3 * 3600_000).toISOString();
    const res = await postDevice(alice, { ...deviceBody(), taken_at: takenAt });
    expect(res.statusCode, res.body).toBe(201);
    expect(Date.parse(res.json<Analysis>().created_at)).toBe(Date.parse(takenAt));

    const before = await storedCount(alice.user.id);
    const old = new Date(Date.now() - 8 * 86_400_000).toISOString();
    const refused = await postDevice(alice, { ...deviceBody(), taken_at: old });
    expect(refused.statusCode).toBe(400);
    expect(await storedCount(alice.user.id)).toBe(before);
  });

  const refusals: Array<[string, number, string, unknown]> = [
    [
      'a score above 100',
      400,
      'validation_error',
      deviceBody((b) => {
        b.result.scores.acne = 101;
      }),
    ],
    [
      'a fractional score',
      400,
      'validation_error',
      deviceBody((b) => {
        b.result.scores.acne = 55.5;
      }),
    ],
    [
      'a zone outside the photo',
      400,
      'validation_error',
      deviceBody((b) => {
        b.result.regions[0]?.polygons[0]?.push([5000, 10]);
      }),
    ],
    [
      'more lesions counted per one found than a compression can hide (decision 171)',
      400,
      'validation_error',
      deviceBody((b) => {
        b.result.capture.compression = { chroma_step: 500, lesion_factor: 30 };
      }),
    ],
    [
      'a photo larger than the analysed size',
      400,
      'validation_error',
      deviceBody((b) => {
        b.photo = { width: 4000, height: 3000 };
      }),
    ],
    [
      'a comprehensive metric in a quick analysis',
      422,
      'inconsistent_result',
      deviceBody((b) => {
        b.result.scores.pores = 80;
      }),
    ],
    [
      'a missing metric',
      422,
      'inconsistent_result',
      deviceBody((b) => {
        delete b.result.scores.hydration;
      }),
    ],
    [
      'an overall score that is not the mean of the scores',
      422,
      'inconsistent_result',
      deviceBody((b) => {
        b.result.overall_score = b.result.overall_score === 100 ? 99 : b.result.overall_score + 1;
      }),
    ],
    [
      'a finding whose score differs from the score',
      422,
      'inconsistent_result',
      deviceBody((b) => {
        const f = b.result.findings[0];
        if (f) f.score = f.score === 0 ? 1 : f.score - 1;
      }),
    ],
    [
      'another method version',
      409,
      'method_mismatch',
      deviceBody((b) => {
        b.result.method_version = '2025-01-01/001';
      }),
    ],
    [
      'another method of one metric',
      409,
      'method_mismatch',
      deviceBody((b) => {
        b.result.methods.acne = (b.result.methods.acne ?? 0) + 1;
      }),
    ],
    [
      'a photo sent along (unknown field)',
      400,
      'unknown_field',
      { ...deviceBody(), image_data: 'data:image/jpeg;base64,AAAA' },
    ],
    [
      'an unknown field inside the result',
      400,
      'unknown_field',
      deviceBody((b) => {
        Object.assign(b.result, { debug: { x: 1 } });
      }),
    ],
    [
      'no location',
      400,
      'location_required',
      deviceBody((b) => {
        delete b.location;
      }),
    ],
  ];

  it.each(refusals)('refuses %s (%i %s) and stores nothing', async (_what, status, code, body) => {
    const before = await storedCount(alice.user.id);
    const logged = logs.text().length;
    const res = await postDevice(alice, body);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json<ScanError>().code).toBe(code);
    expect(await storedCount(alice.user.id)).toBe(before);
    // The refusal's log line has its code, nothing of the body. 5000 as a number of its own: the
    // line's random request id and timestamp may hold those digits (a run failed on one).
    const line = logs.text().slice(logged);
    expect(line).toContain(`/api/analysis/device ${status}`);
    expect(line).not.toMatch(/London|image_data|debug|2025-01-01|\b5000\b/);
  });

  it('refuses a body over 50 KB with 413 before reading it', async () => {
    const body = deviceBody((b) => {
      b.result.overlays.blemishes = Array.from({ length: 400 }, (_, i) => [
        100 + (i % 300) + 0.123456789,
        100.123456789,
        2.123456789,
      ]);
      b.result.overlays.dark_spots = b.result.overlays.blemishes;
      b.result.overlays.blackheads = b.result.overlays.blemishes;
    });
    expect(JSON.stringify(body).length).toBeGreaterThan(DEVICE_SCAN_MAX_BYTES);
    const before = await storedCount(alice.user.id);
    const res = await postDevice(alice, body);
    expect(res.statusCode).toBe(413);
    expect(res.json<ScanError>().code).toBe('payload_too_large');
    expect(await storedCount(alice.user.id)).toBe(before);
  });

  it('needs a signed-in person', async () => {
    const res = await postDevice(null, deviceBody());
    expect(res.statusCode).toBe(401);
  });
});

describe('settings.analyse_on_device', () => {
  it('is off by default and round-trips through PATCH /api/users/me', async () => {
    const bob = await createUser(app);
    const me = () => app.inject({ url: '/api/users/me', headers: bob.headers });
    expect((await me()).json<AccountResponse>().user.settings.analyse_on_device).toBe(false);

    const patch = (payload: unknown) =>
      app.inject({
        method: 'PATCH',
        url: '/api/users/me',
        headers: bob.headers,
        payload: payload as Record<string, unknown>,
      });
    const on = await patch({ settings: { analyse_on_device: true } });
    expect(on.statusCode, on.body).toBe(200);
    expect((await me()).json<AccountResponse>().user.settings).toMatchObject({
      analyse_on_device: true,
      marketing: false,
    });

    const wrong = await patch({ settings: { analyse_on_device: 'yes' } });
    expect(wrong.statusCode).toBe(400);
    const unknown = await patch({ settings: { analyse_on_phone: true } });
    expect(unknown.json<ScanError>().code).toBe('unknown_field');
    const empty = await patch({ settings: {} });
    expect(empty.json<ScanError>().code).toBe('nothing_to_change');
    expect((await me()).json<AccountResponse>().user.settings.analyse_on_device).toBe(true);
  });
});
