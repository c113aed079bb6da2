// SCAN_MODE=queue: the API checks and stores the scan and answers 202 with a job; a worker runs
// the real engine and stores the analysis exactly as an inline scan would, once, however often
// the job is tried.
import fs from 'node:fs';
import path from 'node:path';
import { Analysis, type HistoryItem } from '@lumiskin/contract/analysis-api';
import { ScanJob } from '@lumiskin/contract/scan';
import { METRIC_METHODS } from '@lumiskin/skin-engine';
import { advise as realAdvise, type Advice } from '@lumiskin/skin-advice';
import { count, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createUser, type CreatedUser } from '../../../test/factories';
import { buildTestApp, until } from '../../../test/helper';
import { routineHistory } from '../routine/schema';
import { productsSeeder } from '../shop/seed';
import { defaultAnalysisConfig, type AnalysisConfig } from './config';
import { REQUEUE_AFTER_MS, requeueStrandedScans, runScanJob, SCAN_JOB } from './scan-queue';
import type { ScanDeps } from './scan-service';
import { analyses, scanJobPhotos, scanJobs } from './schema';

const FACE = fs.readFileSync(path.join(import.meta.dirname, 'test-fixtures/astronaut-face.jpg'));
const dataUrl = (bytes: Buffer) => `data:image/jpeg;base64,${bytes.toString('base64')}`;

let app: FastifyInstance;
let analysisConfig: AnalysisConfig;
let alice: CreatedUser;
let bob: CreatedUser;

beforeAll(async () => {
  analysisConfig = {
    ...defaultAnalysisConfig,
    mode: 'queue',
    workers: { min: 1, max: 1, maxQueue: 16 },
  };
  app = await buildTestApp({ analysis: analysisConfig });
  await productsSeeder.run(app.db, () => {});
  alice = await createUser(app, { name: 'Alice' });
  bob = await createUser(app, { name: 'Bob' });
  for (const user of [alice, bob]) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/analysis/consent',
      headers: user.headers,
      payload: { accepted: true },
    });
    expect(res.statusCode).toBe(200);
  }
});
afterAll(() => app.close());

const scan = (user: CreatedUser, payload: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/api/analysis/scan', headers: user.headers, payload });
const getJob = (user: CreatedUser, id: string) =>
  app.inject({ method: 'GET', url: `/api/analysis/jobs/${id}`, headers: user.headers });

async function analysesOf(userId: string): Promise<number> {
  const [row] = await app.db
    .select({ n: count() })
    .from(analyses)
    .where(eq(analyses.userId, userId));
  return row?.n ?? -1;
}

async function waitUntilFinished(user: CreatedUser, id: string): Promise<ScanJob> {
  return until(
    'the scan job to finish',
    async () => {
      const job = ScanJob.parse((await getJob(user, id)).json());
      return job.status === 'done' || job.status === 'failed' ? job : null;
    },
    120_000,
  );
}

/** The worker's dependencies, as plugins/scan-jobs.ts builds them (with a spy on advise). */
function workerDeps(overrides: Partial<ScanDeps> = {}): ScanDeps {
  return {
    db: app.db,
    storage: app.photoStorage,
    pool: app.scanPool,
    weather: null,
    config: analysisConfig,
    catalogue: () => app.catalogue.get(),
    log: app.log,
    ...overrides,
  };
}

/** A value's shape: its keys (recursively) and the types of its leaves. */
function shape(value: unknown): unknown {
  if (Array.isArray(value)) return value.length > 0 ? [shape(value[0])] : [];
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => [k, shape(v)]),
    );
  }
  return value === null ? 'null' : typeof value;
}

describe('queued scans', { timeout: 240_000 }, () => {
  let queuedAnalysis: Analysis;

  it('answer 202 with a job that a worker turns into the analysis an inline scan stores', async () => {
    const res = await scan(alice, { image_data: dataUrl(FACE), location: 'London, UK' });
    expect(res.statusCode, res.body).toBe(202);
    const accepted = ScanJob.parse(res.json());
    expect(accepted).toMatchObject({
      status: 'queued',
      status_url: `/api/analysis/jobs/${accepted.job_id}`,
      ahead: 0,
      analysis_id: null,
      error: null,
      started_at: null,
    });
    expect(res.headers.location).toBe(accepted.status_url);

    // Stored, not analysed: the decoded photo waits (lossless PNG, no metadata), no analysis yet.
    expect(await analysesOf(alice.user.id)).toBe(0);
    const [photo] = await app.db
      .select()
      .from(scanJobPhotos)
      .where(eq(scanJobPhotos.jobId, accepted.job_id));
    expect(photo).toMatchObject({ position: 0, angle: 'front', width: 500, height: 500 });
    const meta = await sharp(photo!.data).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 500, height: 500, channels: 3 });
    expect(meta.exif).toBeUndefined();
    expect(await app.jobs.state(SCAN_JOB, accepted.job_id)).toBe('queued');
    expect(ScanJob.parse((await getJob(alice, accepted.job_id)).json()).status).toBe('queued');

    // A worker (here, in this process) takes the job.
    await app.jobs.work([SCAN_JOB]);
    const done = await waitUntilFinished(alice, accepted.job_id);
    expect(done).toMatchObject({ status: 'done', error: null, ahead: null });
    expect(done.started_at).not.toBeNull();
    expect(done.finished_at).not.toBeNull();

    const read = await app.inject({
      method: 'GET',
      url: `/api/analysis/${done.analysis_id}`,
      headers: alice.headers,
    });
    expect(read.statusCode).toBe(200);
    queuedAnalysis = Analysis.parse(read.json());
    expect(queuedAnalysis.location).toMatch(/^London/);
    // The worker stored which method measured each metric (decision 037).
    expect(queuedAnalysis.methods).toEqual(METRIC_METHODS);
    const [row] = await app.db
      .select({ methods: analyses.methods })
      .from(analyses)
      .where(eq(analyses.id, queuedAnalysis.id));
    expect(row?.methods).toEqual(METRIC_METHODS);
    expect(await analysesOf(alice.user.id)).toBe(1);
    // Its photo is served like any scan's; the job's copy is gone.
    const served = await app.inject({
      method: 'GET',
      url: queuedAnalysis.photo!.url,
      headers: alice.headers,
    });
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(
      await app.db.select().from(scanJobPhotos).where(eq(scanJobPhotos.jobId, accepted.job_id)),
    ).toEqual([]);
    // The first scan set Alice's routine up, in the same transaction, as inline.
    const setups = await app.db
      .select()
      .from(routineHistory)
      .where(eq(routineHistory.userId, alice.user.id));
    expect(setups.map((s) => s.type)).toEqual(['setup']);
    const history = await app.inject({
      method: 'GET',
      url: '/api/analysis/history',
      headers: alice.headers,
    });
    expect(history.json<HistoryItem[]>().map((h) => h.id)).toEqual([queuedAnalysis.id]);
  });

  it('the same photo scanned inline gives the same measurements in the same shape', async () => {
    // The same server switched to inline for one scan.
    analysisConfig.mode = 'inline';
    try {
      const res = await scan(bob, { image_data: dataUrl(FACE), location: 'London, UK' });
      expect(res.statusCode, res.body).toBe(201);
      const inline = Analysis.parse(res.json());
      expect(shape(queuedAnalysis)).toEqual(shape(inline));
      // The queued photo was kept losslessly: the engine measured the very same pixels.
      for (const key of [
        'scores',
        'overall_score',
        'findings',
        'regions',
        'region_scores',
        'skin_tone',
        'estimated_skin_type',
        'angles',
        'photo',
        'overlays',
        'capture',
        'methods',
      ] as const) {
        const strip = (a: Analysis) =>
          key === 'photo' ? { ...a.photo, url: null } : (a[key] as unknown);
        expect(strip(queuedAnalysis), key).toEqual(strip(inline));
      }
    } finally {
      analysisConfig.mode = 'queue';
    }
  });

  it('refuses at once what an inline scan refuses, with the same answer, queueing nothing', async () => {
    const carol = await createUser(app);
    const before = await app.db.select({ n: count() }).from(scanJobs);
    const noConsent = await scan(carol, { image_data: dataUrl(FACE), location: 'London, UK' });
    expect(noConsent.statusCode).toBe(403);
    expect(noConsent.json()).toMatchObject({ code: 'consent_required' });
    const nowhere = await scan(alice, { image_data: dataUrl(FACE), location: 'Atlantis, XX' });
    expect(nowhere.statusCode).toBe(400);
    expect(nowhere.json()).toMatchObject({ code: 'location_not_found' });
    const text = await scan(alice, {
      image_data: `data:image/jpeg;base64,${Buffer.from('hello').toString('base64')}`,
      location: 'London, UK',
    });
    expect(text.statusCode).toBe(415);
    expect(await app.db.select({ n: count() }).from(scanJobs)).toEqual(before);
  });

  it('ends as failed with the inline error when the engine refuses the photo', async () => {
    const blank = await sharp({
      create: { width: 640, height: 480, channels: 3, background: '#8a8a8a' },
    })
      .jpeg()
      .toBuffer();
    const res = await scan(alice, { image_data: dataUrl(blank), location: 'London, UK' });
    expect(res.statusCode).toBe(202);
    const failed = await waitUntilFinished(alice, ScanJob.parse(res.json()).job_id);
    expect(failed).toMatchObject({
      status: 'failed',
      analysis_id: null,
      error: { code: 'validation_error', reason: 'no_face', angle: 'front' },
    });
    expect(failed.error?.detail).toMatch(/face/i);
    expect(await analysesOf(alice.user.id)).toBe(1);
  });

  it('shows a job to its owner only', async () => {
    const res = await scan(alice, { image_data: dataUrl(FACE), location: 'Paris, FR' });
    const { job_id } = ScanJob.parse(res.json());
    const bobs = await getJob(bob, job_id);
    expect(bobs.statusCode).toBe(404);
    expect(bobs.json()).toEqual({ detail: 'Scan not found', code: 'not_found' });
    const anonymous = await app.inject({ method: 'GET', url: `/api/analysis/jobs/${job_id}` });
    expect(anonymous.statusCode).toBe(401);
    const unknown = await getJob(alice, crypto.randomUUID());
    expect(unknown.statusCode).toBe(404);
    expect((await waitUntilFinished(alice, job_id)).status).toBe('done');
  });

  it('stores one analysis when a worker dies after saving, before telling the queue', async () => {
    await app.jobs.stopWorking(60_000); // no other worker takes it meanwhile
    const dave = await createUser(app);
    await app.inject({
      method: 'POST',
      url: '/api/analysis/consent',
      headers: dave.headers,
      payload: { accepted: true },
    });
    const res = await scan(dave, { image_data: dataUrl(FACE), location: 'Oslo, NO' });
    const { job_id } = ScanJob.parse(res.json());

    // The first worker runs the job to the end but dies before acknowledging it: the queue
    // still holds it, so it is tried again.
    const advise = vi.fn(realAdvise);
    await runScanJob(workerDeps({ advise }), {
      id: job_id,
      data: {},
      attempt: 1,
      isLastAttempt: false,
    });
    expect(advise).toHaveBeenCalledTimes(1);
    expect(await app.jobs.state(SCAN_JOB, job_id)).toBe('queued');
    const first = ScanJob.parse((await getJob(dave, job_id)).json());
    expect(first.status).toBe('done');
    // What was saved is that one interpretation.
    const saved = await app.inject({
      method: 'GET',
      url: `/api/analysis/${first.analysis_id}`,
      headers: dave.headers,
    });
    expect(saved.json<Analysis>().routine).toEqual(
      (advise.mock.results[0]!.value as Advice).routine,
    );

    // The retry finds the job done and stores nothing.
    await app.jobs.work([SCAN_JOB]);
    await until(
      'the retry to finish',
      async () => (await app.jobs.state(SCAN_JOB, job_id)) === 'done',
    );
    expect(await analysesOf(dave.user.id)).toBe(1);
    expect(ScanJob.parse((await getJob(dave, job_id)).json()).analysis_id).toBe(first.analysis_id);
  });

  it('stores one analysis when a retry overlaps a slow first try', async () => {
    await app.jobs.stopWorking(60_000);
    const erin = await createUser(app);
    await app.inject({
      method: 'POST',
      url: '/api/analysis/consent',
      headers: erin.headers,
      payload: { accepted: true },
    });
    const res = await scan(erin, { image_data: dataUrl(FACE), location: 'Rome, IT' });
    const { job_id } = ScanJob.parse(res.json());
    // Two workers on the same job at once (the first was thought dead, but was only slow).
    const run = (attempt: number) =>
      runScanJob(workerDeps(), { id: job_id, data: {}, attempt, isLastAttempt: false });
    await Promise.all([run(1), run(2)]);
    expect(await analysesOf(erin.user.id)).toBe(1);
    const [row] = await app.db.select().from(scanJobs).where(eq(scanJobs.id, job_id));
    expect(row).toMatchObject({ status: 'done', attempts: 2 });
    const setups = await app.db
      .select()
      .from(routineHistory)
      .where(eq(routineHistory.userId, erin.user.id));
    expect(setups).toHaveLength(1);
  });
});

describe('a queued scan whose enqueue never happened', { timeout: 60_000 }, () => {
  it('is enqueued again once a minute old, once, and a job already there is not doubled', async () => {
    const res = await scan(alice, { image_data: dataUrl(FACE), location: 'London, UK' });
    expect(res.statusCode, res.body).toBe(202);
    const queued = ScanJob.parse(res.json());
    // A process that died between its commit and its enqueue: a row, photos, no job.
    const id = crypto.randomUUID();
    const [source] = await app.db.select().from(scanJobs).where(eq(scanJobs.id, queued.job_id));
    const old = new Date(Date.now() - REQUEUE_AFTER_MS - 5_000);
    await app.db.insert(scanJobs).values({ ...source!, id, status: 'queued', createdAt: old });
    const young = crypto.randomUUID();
    await app.db.insert(scanJobs).values({ ...source!, id: young, status: 'queued' });
    expect(await app.jobs.state(SCAN_JOB, id)).toBeNull();

    // The first job (enqueued by the route) is there already, and the young row may still be
    // between its commit and its enqueue: only the stranded one is enqueued.
    await app.db.update(scanJobs).set({ createdAt: old }).where(eq(scanJobs.id, queued.job_id));
    expect(await requeueStrandedScans({ db: app.db, jobs: app.jobs })).toBe(1);
    expect(await app.jobs.state(SCAN_JOB, id)).not.toBeNull();
    expect(await app.jobs.state(SCAN_JOB, young)).toBeNull();
    expect(await requeueStrandedScans({ db: app.db, jobs: app.jobs })).toBe(0);
    await app.db.delete(scanJobs).where(inArray(scanJobs.id, [id, young, queued.job_id]));
  });
});

describe('closing the server (SIGTERM) with an inline scan in flight', { timeout: 120_000 }, () => {
  it('waits for the scan to finish and answer before it stops', async () => {
    analysisConfig.mode = 'inline';
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    let inEngine: () => void = () => {};
    const reachedEngine = new Promise<void>((resolve) => (inEngine = resolve));
    const analyze = app.scanPool.analyze.bind(app.scanPool);
    vi.spyOn(app.scanPool, 'analyze').mockImplementation(async (input) => {
      inEngine();
      await new Promise((resolve) => setTimeout(resolve, 1500)); // a slow scan
      return analyze(input);
    });

    const answer = fetch(`${address}/api/analysis/scan`, {
      method: 'POST',
      headers: { ...alice.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ image_data: dataUrl(FACE), location: 'London, UK' }),
    });
    await reachedEngine;
    let closedAt = 0;
    const closing = app.close().then(() => (closedAt = Date.now()));
    const res = await answer;
    const answeredAt = Date.now();
    expect(closedAt, 'closed before the scan answered').toBe(0);
    expect(res.status).toBe(201);
    expect(Analysis.parse(await res.json()).overall_score).toBeGreaterThan(0);
    await closing;
    // Promptly after it: the answer closed its kept-alive connection (no 72 s keep-alive wait).
    expect(closedAt - answeredAt).toBeLessThan(15_000);
  });
});
