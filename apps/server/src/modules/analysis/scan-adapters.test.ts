import fs from 'node:fs';
import path from 'node:path';
import type { Analysis } from '@lumiskin/contract/analysis-api';
import { CONSENT_VERSION, ScanMessages, type ConsentStatus } from '@lumiskin/contract/scan';
import { scoreBand, type MetricKey } from '@lumiskin/contract/analysis';
import { ENGINE_METHOD_VERSION, METRIC_METHODS, type AnalysisResult } from '@lumiskin/skin-engine';
import { advise as realAdvise, type Advice } from '@lumiskin/skin-advice';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createUser, type CreatedUser } from '../../../test/factories';
import { buildTestApp } from '../../../test/helper';
import { users } from '../auth/schema';
import { productsSeeder } from '../shop/seed';
import { sendJson, startStub } from './adapters/stub-server.test-helper';
import { defaultAnalysisConfig } from './config';
import { createPostgresPhotoStorage } from './photo-storage';
import type { AnalysisPool } from './pool';
import { recordConsent } from './repository';
import { runScan } from './scan-service';

const FACE = fs.readFileSync(path.join(import.meta.dirname, 'test-fixtures/astronaut-face.jpg'));
const image_data = `data:image/jpeg;base64,${FACE.toString('base64')}`;

/** The optional outside services, wired through config, against local stubs. */
describe('scan with the optional adapters', { timeout: 120_000 }, () => {
  let skinApi: Awaited<ReturnType<typeof startStub>>;
  let chat: Awaited<ReturnType<typeof startStub>>;
  let weather: Awaited<ReturnType<typeof startStub>>;
  let skinApiUp = true;
  let app: FastifyInstance;
  let user: CreatedUser;

  beforeAll(async () => {
    skinApi = await startStub((_req, res) => {
      if (!skinApiUp)
        return sendJson(res, 500, { error_message: 'INTERNAL_ERROR', request_id: 'r2' });
      sendJson(res, 200, {
        request_id: 'r1',
        time_used: 100,
        face_rectangle: { top: 50, left: 100, width: 290, height: 290 },
        result: { score_info: { acne_score: 41, melanin_score: 55 } },
      });
    });
    chat = await startStub((_req, res) => sendJson(res, 500, { error: 'model overloaded' }));
    weather = await startStub((_req, res) =>
      sendJson(res, 200, { current: { temperature_2m: 4.2, relative_humidity_2m: 31 } }),
    );
    app = await buildTestApp({
      analysis: {
        ...defaultAnalysisConfig,
        workers: { min: 1, max: 1, maxQueue: 8 },
        skinApi: {
          url: `${skinApi.origin}/facepp/v1/skinanalyze`,
          apiKey: 'k',
          apiSecret: 's',
          timeoutMs: 3000,
        },
        chatReport: {
          baseUrl: `${chat.origin}/v1`,
          model: 'stub',
          apiKey: 'secret',
          timeoutMs: 3000,
        },
        weather: { url: weather.origin, timeoutMs: 3000 },
      },
    });
    await productsSeeder.run(app.db, () => {});
    user = await createUser(app);
    await app.inject({
      method: 'POST',
      url: '/api/analysis/consent',
      headers: user.headers,
      payload: { accepted: true },
    });
  });

  afterAll(async () => {
    await app.close();
    await Promise.all([skinApi.close(), chat.close(), weather.close()]);
  });

  it('merges the external API scores over ours and says so; a failing chat model keeps our text', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/analysis/scan',
      headers: user.headers,
      payload: { image_data, location: 'Oslo, NO' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const scan = res.json<Analysis>();
    expect(scan.analysis_source).toBe('external_api');
    expect(scan.scores.acne).toBe(41);
    expect(scan.scores.dark_spots).toBe(55);
    expect(scan.findings.find((f) => f.metric === 'acne')).toMatchObject({
      score: 41,
      band: 'poor',
    });
    expect(scan.report_source).toBe('engine');
    expect(scan.full_response_text.length).toBeGreaterThan(100);
    // Live weather reached the environment (and the routine saw dry, cold air).
    expect(scan.environment).toMatchObject({
      weather_source: 'live',
      humidity: 31,
      temperature_c: 4.2,
    });
    // The external API got our re-encoded JPEG, never the original upload.
    const sent = skinApi.requests[0]?.body.toString('latin1') ?? '';
    expect(sent).toContain('image_base64');
    expect(chat.requests).toHaveLength(1);
    expect(chat.requests[0]?.headers.authorization).toBe('Bearer secret');
  });

  it('interprets once per scan, after the outside scores are merged in', async () => {
    skinApiUp = true;
    const advise = vi.fn(realAdvise);
    const measured = {
      ...result,
      ok: true,
      analysis_type: 'quick',
      regions: [],
      region_scores: {},
      measurements: {},
      raw: {},
      counts: { blemishes: 1, dark_spots: 0, blackheads: 0, pores: 0 },
      skin_tone: { ita: 40, category: 'intermediate' },
      face: { box: [0, 0, 10, 10], yaw: 0, pitch: 0, roll: 0 },
      quality: { sharpness: 1.4, angles_used: ['front'] },
      timings_ms: { detect: 1, measure: 1, total: 2 },
    } as unknown as AnalysisResult;
    const pool = { analyze: vi.fn(async () => measured) } as unknown as AnalysisPool;
    const [row] = await app.db.select().from(users).where(eq(users.id, user.user.id));
    const scan = await runScan(
      {
        db: app.db,
        storage: createPostgresPhotoStorage(app.db),
        pool,
        weather: null,
        // The app's own (its chat model fails, so the report is the interpreter's): the person's
        // consent names this server's outside services.
        config: app.config.analysis!,
        catalogue: () => app.catalogue.get(),
        log: app.log,
        advise,
      },
      {
        user: row!,
        front: FACE,
        extras: [],
        location: 'Oslo, NO',
        analysisType: 'quick',
        concerns: [],
      },
    );
    expect(scan.analysis_source).toBe('external_api');
    expect(advise).toHaveBeenCalledTimes(1);
    // It saw the merged scores (the API's acne 41 and dark spots 55), not the engine's own.
    const [seen] = advise.mock.calls[0]!;
    expect(seen.scores).toMatchObject({ acne: 41, dark_spots: 55, oiliness: 70 });
    expect(seen.findings.find((f) => f.metric === 'acne')).toMatchObject({ band: 'poor' });
    // What is saved is that one interpretation.
    const advice = advise.mock.results[0]!.value as Advice;
    expect(scan.recommendations).toEqual(advice.recommendation);
    expect(scan.routine).toEqual(advice.routine);
    expect(scan.full_response_text).toBe(advice.report);
    expect(scan.full_response_text).toMatch(/dark spots/i);
  });

  it('names the outside services in the consent, and asks again whoever agreed to the photo staying here', async () => {
    const status = await app.inject({
      method: 'GET',
      url: '/api/analysis/consent',
      headers: user.headers,
    });
    const current = status.json<ConsentStatus>();
    expect(current).toMatchObject({
      consented: true,
      outside_services: [
        { kind: 'skin_analysis', host: new URL(skinApi.origin).host },
        { kind: 'report_wording', host: new URL(chat.origin).host },
      ],
    });
    expect(current.current_version).toMatch(/^2025-01\+[0-9a-f]{12}$/);
    expect(current.version).toBe(current.current_version);

    // Agreed before the outside services were set up: asked again, and told why.
    const earlier = await createUser(app);
    await recordConsent(app.db, earlier.user.id, CONSENT_VERSION);
    const asked = await app.inject({
      method: 'GET',
      url: '/api/analysis/consent',
      headers: earlier.headers,
    });
    expect(asked.json<ConsentStatus>()).toMatchObject({ consented: false, version: '2025-01' });
    const refused = await app.inject({
      method: 'POST',
      url: '/api/analysis/scan',
      headers: earlier.headers,
      payload: { image_data, location: 'Oslo, NO' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'consent_required',
      detail: ScanMessages.consentChanged,
    });
    // Agreeing to the old text again is not agreeing to this one.
    const stale = await app.inject({
      method: 'POST',
      url: '/api/analysis/consent',
      headers: earlier.headers,
      payload: { accepted: true, version: CONSENT_VERSION },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'consent_outdated' });
    const agreed = await app.inject({
      method: 'POST',
      url: '/api/analysis/consent',
      headers: earlier.headers,
      payload: { accepted: true, version: current.current_version },
    });
    expect(agreed.json<ConsentStatus>()).toMatchObject({ consented: true });
  });

  it('falls back to our own scores when the external API fails', async () => {
    skinApiUp = false;
    const res = await app.inject({
      method: 'POST',
      url: '/api/analysis/scan',
      headers: user.headers,
      payload: { image_data, location: 'Oslo, NO' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const scan = res.json<Analysis>();
    expect(scan.analysis_source).toBe('lumiskin_ai');
    expect(scan.scores.acne).toBeGreaterThan(60);
  });
});

const ours: Partial<Record<MetricKey, number>> = { acne: 90, oiliness: 70, texture: 85 };
/**
 * What the engine returns (measured findings and notes, no sentences: skin-advice writes them),
 * with three scores and two unmeasured metrics; the merge itself is tested in the engine.
 */
const result = {
  scores: ours,
  overall_score: 82,
  findings: Object.entries(ours).map(([metric, score]) => ({
    metric: metric as MetricKey,
    score,
    band: scoreBand(score),
    regions: [],
    confidence: 0.9,
    estimated: false,
  })),
  unmeasured: [
    { metric: 'dark_spots', cause: 'skin_hidden' },
    { metric: 'redness', cause: 'skin_hidden' },
  ],
  estimated_skin_type: 'combination',
  overlays: { blemishes: [], dark_spots: [], blackheads: [], lines: [], excluded: [] },
  zone_notes: [{ region: 'chin', reason: 'beard', share: 0.6 }],
  capture: {
    white_point: [1, 1, 1],
    white_point_source: 'eyes_teeth',
    cast: 0,
    exposure: 60,
    face_px: 300,
    sharpness: 1.4,
  },
  methods: { ...METRIC_METHODS },
  method_version: ENGINE_METHOD_VERSION,
} as unknown as AnalysisResult;
