import type { Analysis, ComputedOn } from '@lumiskin/contract/analysis-api';
import type { AnalysisType, CaptureAngle, ScanConcern } from '@lumiskin/contract/analysis';
import type { SkinType } from '@lumiskin/contract/auth';
import type { GeoPlace } from '@lumiskin/contract/geo';
import { ScanErrorCode, ScanMessages } from '@lumiskin/contract/scan';
import { mergeExternal, type AnalysisResult } from '@lumiskin/skin-engine';
import {
  advise as defaultAdvise,
  describeMeasurements,
  describeRefusal,
  type Advice,
  type Catalogue,
} from '@lumiskin/skin-advice';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { HttpError } from '../../http/errors';
import type { UserRow } from '../auth/schema';
import { getEnvironment } from '../geo/environment';
import { setupRoutineFromAnalysis } from '../routine/repository';
import { getGazetteer } from '../geo/gazetteer';
import type { WeatherClient } from '../geo/weather';
import { rewriteReport } from './adapters/chat-report';
import { analyzeWithExternalSkinApi, type ExternalSkinResult } from './adapters/external-skin-api';
import { consentVersionFor, type AnalysisConfig } from './config';
import { encodeStoredPhoto, ImageError, prepareImage, type PreparedImage } from './image';
import type { PhotoStorage, StoredPhoto } from './photo-storage';
import { PoolBusyError, type AnalysisPool } from './pool';
import { findConsent, insertAnalysis, toAnalysis, type Tx } from './repository';
import type { AnalysisRow, NewAnalysisRow } from './schema';

/**
 * A scan that cannot go ahead: thrown, and sent by the one error handler (plugins/errors.ts) as
 * `{detail, code, reason?, angle?}` with its status.
 */
export class ScanFailure extends HttpError {
  constructor(
    status: number,
    code: string,
    detail: string,
    public readonly reason?: string,
    public readonly angle?: CaptureAngle,
  ) {
    super(status, code, detail, undefined, {
      ...(reason && { reason }),
      ...(angle && { angle }),
    });
    this.name = 'ScanFailure';
  }
}

export interface ScanDeps {
  db: Db;
  storage: PhotoStorage;
  pool: AnalysisPool;
  weather: WeatherClient | null;
  config: AnalysisConfig;
  /** The bases and boosters a routine may name (the database's, cached per process). */
  catalogue: () => Promise<Catalogue>;
  log: FastifyBaseLogger;
  /** The interpreter; tests pass a spy to count its calls. */
  advise?: typeof defaultAdvise;
  fetch?: typeof fetch;
  now?: () => Date;
  /** Told once a scan is saved (every instance's dashboard figures of that person). */
  saved?: (userId: string) => Promise<void>;
}

export interface ScanInput {
  user: UserRow;
  front: Buffer;
  extras: Array<{ bytes: Buffer; angle: CaptureAngle }>;
  location: string | undefined;
  analysisType: AnalysisType;
  concerns: ScanConcern[];
  /** True once the client can no longer get this scan's answer (timed out, or went away). */
  isAbandoned?: () => boolean;
}

/** What analysing and saving need of the request once its photos are prepared. */
export type ScanRequest = Pick<ScanInput, 'user' | 'analysisType' | 'concerns'>;

function imageFailure(error: ImageError, angle: CaptureAngle): ScanFailure {
  if (error.reason === 'too_many_bytes') {
    return new ScanFailure(
      413,
      ScanErrorCode.payloadTooLarge,
      error.message,
      'image_too_large',
      angle,
    );
  }
  const status = error.reason === 'unsupported_type' || error.reason === 'not_an_image' ? 415 : 422;
  return new ScanFailure(status, ScanErrorCode.validation, error.message, error.reason, angle);
}

async function decode(bytes: Buffer, angle: CaptureAngle): Promise<PreparedImage> {
  try {
    return await prepareImage(bytes);
  } catch (error) {
    if (error instanceof ImageError) throw imageFailure(error, angle);
    throw error;
  }
}

/**
 * The profile's skin type steers the routine only when the person chose one: 'normal' is also the
 * account default, so it is treated as "not set" and the engine's estimate is used instead.
 */
function profileSkinType(user: UserRow): SkinType | null {
  return user.skinType === 'normal' ? null : user.skinType;
}

/** Step 1's output: everything checked and looked up before the engine runs. */
export interface PreparedScan {
  place: GeoPlace;
  front: PreparedImage;
  extras: Array<{ angle: CaptureAngle; image: PreparedImage }>;
  now: Date;
  environment: Analysis['environment'];
}

/** Step 2's output: the measurements (merged), their interpretation, and the photo to keep. */
/** The engine's result with the sentences skin-advice writes: findings, zone notes, unmeasured metrics. */
export type DescribedResult = ReturnType<typeof describeMeasurements<AnalysisResult>>;

export interface AnalysedScan {
  measured: DescribedResult;
  advice: Advice;
  adviseMs: number;
  source: 'lumiskin_ai' | 'external_api';
  external: ExternalSkinResult | null;
  reportText: string;
  reportSource: 'engine' | 'llm';
  jpeg: Buffer;
}

const busy = () =>
  new ScanFailure(
    503,
    ScanErrorCode.busy,
    'Lots of people are scanning right now. Please try again in a minute.',
  );

/** Consent and the place: the cheap checks, answered before a scan waits for a slot. */
async function checkScanRequest(deps: ScanDeps, input: ScanInput): Promise<GeoPlace> {
  const consent = await findConsent(deps.db, input.user.id);
  if (consent?.version !== consentVersionFor(deps.config)) {
    const message = consent ? ScanMessages.consentChanged : ScanMessages.consentRequired;
    throw new ScanFailure(403, ScanErrorCode.consentRequired, message);
  }

  return findScanPlace(input.location);
}

/** The place typed for a scan, as the gazetteer knows it; 400 with the spec's codes otherwise. */
export function findScanPlace(location: string | undefined): GeoPlace {
  const typed = location?.trim() ?? '';
  if (typed === '')
    throw new ScanFailure(400, ScanErrorCode.locationRequired, ScanMessages.locationRequired);
  const place = getGazetteer().find(typed);
  if (!place)
    throw new ScanFailure(400, ScanErrorCode.locationNotFound, ScanMessages.locationNotFound);
  return place;
}

/** The photos decoded and checked (one at a time), and the climate there now. */
async function decodeScan(
  deps: ScanDeps,
  input: ScanInput,
  place: GeoPlace,
): Promise<PreparedScan> {
  const front = await decode(input.front, 'front');
  const extras = [];
  for (const extra of input.extras)
    extras.push({ angle: extra.angle, image: await decode(extra.bytes, extra.angle) });

  const now = deps.now?.() ?? new Date();
  const environment = await getEnvironment(place, now, deps.weather);
  return { place, front, extras, now, environment };
}

/**
 * Consent, the place, the photos decoded and checked, and the climate there now. The scan routes
 * call it holding a scan slot (decision 072): at most `workers` scans hold decoded pixels.
 */
export async function prepareScan(deps: ScanDeps, input: ScanInput): Promise<PreparedScan> {
  const place = await checkScanRequest(deps, input);
  return decodeScan(deps, input, place);
}

/** The engine's measurements (in a worker thread); a refused photo becomes a 422. */
async function measure(
  deps: ScanDeps,
  input: ScanRequest,
  prepared: PreparedScan,
): Promise<{ result: AnalysisResult; jpeg: Buffer }> {
  // The engine gets its own copies (moved to the worker); the JPEG is encoded meanwhile.
  const pixels = (img: PreparedImage) => ({
    data: new Uint8Array(img.pixels),
    width: img.width,
    height: img.height,
    channels: 3 as const,
  });
  let outcome;
  let jpeg: Buffer;
  try {
    [outcome, jpeg] = await Promise.all([
      deps.pool.analyze({
        image: pixels(prepared.front),
        ...(prepared.front.encoding ? { encoding: prepared.front.encoding } : {}),
        analysisType: input.analysisType,
        angle: 'front',
        extraImages: prepared.extras.map((e) => ({
          angle: e.angle,
          image: pixels(e.image),
          ...(e.image.encoding ? { encoding: e.image.encoding } : {}),
        })),
      }),
      encodeStoredPhoto(prepared.front),
    ]);
  } catch (error) {
    if (error instanceof PoolBusyError) throw busy();
    throw error;
  }
  if (!outcome.ok) {
    throw new ScanFailure(
      422,
      ScanErrorCode.validation,
      describeRefusal(outcome.code),
      outcome.code,
      outcome.angle,
    );
  }
  return { result: outcome, jpeg };
}

/**
 * Measure, merge the outside API's scores when it answers, then interpret once: the routine and
 * report always describe the scores that are saved. The optional chat model only rewords the report.
 */
export async function analyseScan(
  deps: ScanDeps,
  input: ScanRequest,
  prepared: PreparedScan,
): Promise<AnalysedScan> {
  const { config, log } = deps;
  const { result, jpeg } = await measure(deps, input, prepared);

  let merged = result;
  let source: AnalysedScan['source'] = 'lumiskin_ai';
  let external: ExternalSkinResult | null = null;
  if (config.skinApi) {
    external = await analyzeWithExternalSkinApi(config.skinApi, jpeg, {
      fetch: deps.fetch,
      onFailure: (reason) => log.warn({ reason }, 'external skin API failed; using our own scores'),
    });
    if (external) {
      merged = mergeExternal(merged, external);
      source = 'external_api';
    }
  }
  const interpreted = await interpretScan(deps, input, merged, {
    environment: prepared.environment,
    estimatedSkinType: external?.skinType ?? null,
  });
  return { ...interpreted, source, external, jpeg };
}

/** What the interpreter made of the measurements: the sentences, the routine, the report. */
export type InterpretedScan = Pick<
  AnalysedScan,
  'measured' | 'advice' | 'adviseMs' | 'reportText' | 'reportSource'
>;

/**
 * The interpreter once, after every score is known (a server scan's merged scores, or the result
 * a device sent): the words a person reads, the routine and the report. The optional chat model
 * only rewords the report.
 */
export async function interpretScan(
  deps: Pick<ScanDeps, 'config' | 'log' | 'catalogue' | 'advise' | 'fetch'>,
  input: ScanRequest,
  merged: AnalysisResult,
  context: { environment: Analysis['environment']; estimatedSkinType: SkinType | null },
): Promise<InterpretedScan> {
  const { config, log } = deps;
  // The words a person reads come from the interpreter, after every score is known.
  const measured = describeMeasurements(merged);

  const catalogue = await deps.catalogue();
  const adviseStarted = performance.now();
  const advice = (deps.advise ?? defaultAdvise)({
    analysisType: input.analysisType,
    scores: measured.scores,
    overall_score: measured.overall_score,
    findings: measured.findings,
    profileSkinType: profileSkinType(input.user),
    estimatedSkinType: context.estimatedSkinType ?? measured.estimated_skin_type,
    concerns: input.concerns,
    environment: context.environment,
    catalogue,
  });
  const adviseMs = performance.now() - adviseStarted;

  let reportText = advice.report;
  let reportSource: AnalysedScan['reportSource'] = 'engine';
  if (config.chatReport) {
    const rewritten = await rewriteReport(
      config.chatReport,
      {
        report: advice.report,
        findings: measured.findings,
        recommendation: advice.recommendation,
        scores: measured.scores,
        overall_score: measured.overall_score,
      },
      { fetch: deps.fetch },
    );
    if (rewritten.fallback_reason)
      log.warn({ reason: rewritten.fallback_reason }, 'chat report failed; using our own text');
    reportText = rewritten.text;
    reportSource = rewritten.source;
  }
  return { measured, advice, adviseMs, reportText, reportSource };
}

/** Everything a stored analysis is made of, for a server scan and a device scan alike. */
export interface ScanToStore {
  input: ScanRequest;
  place: GeoPlace;
  environment: Analysis['environment'];
  createdAt: Date;
  interpreted: InterpretedScan;
  source: AnalysedScan['source'];
  computedOn: ComputedOn;
  external: ExternalSkinResult | null;
  /** The kept photo's size; null when no photo is kept (a device scan). */
  photo: { width: number; height: number } | null;
  /** The analysed image's size: the coordinate space of the zones and overlays. */
  analysed: { width: number; height: number };
  timings: Record<string, number>;
}

/** The `analyses` row of a scan. */
export function analysisRow(scan: ScanToStore): NewAnalysisRow {
  const { input, place, interpreted, external } = scan;
  const { measured: result, advice } = interpreted;
  return {
    userId: input.user.id,
    createdAt: scan.createdAt,
    analysisType: input.analysisType,
    analysisSource: scan.source,
    computedOn: scan.computedOn,
    location: place.name,
    place: {
      name: place.name,
      country_code: place.country_code,
      lat: place.lat,
      lon: place.lon,
      timezone: place.timezone,
    },
    environment: scan.environment,
    concerns: input.concerns,
    scores: result.scores,
    overallScore: result.overall_score,
    findings: result.findings,
    routine: advice.routine,
    recommendation: advice.recommendation,
    reportText: interpreted.reportText,
    reportSource: interpreted.reportSource,
    regions: result.regions,
    details: {
      region_scores: result.region_scores as Record<string, Record<string, number>>,
      raw: result.raw as Record<string, number>,
      measurements: result.measurements as unknown as Record<string, Record<string, number>>,
      counts: result.counts,
      skin_tone: result.skin_tone,
      estimated_skin_type: result.estimated_skin_type,
      face: result.face,
      quality: { sharpness: result.quality.sharpness },
      timings_ms: {
        ...result.timings_ms,
        advise: Math.round(interpreted.adviseMs * 10) / 10,
        ...scan.timings,
      },
      external: external ? { request_id: external.requestId, warnings: external.warnings } : null,
      photo: scan.photo,
      analysed: scan.analysed,
      overlays: result.overlays,
      zone_notes: result.zone_notes,
      unmeasured: result.unmeasured,
      capture: result.capture,
      method_version: result.method_version,
    },
    methods: result.methods,
    angles: result.quality.angles_used,
    engineMs: result.timings_ms.total,
  };
}

export interface InTransaction {
  before?: (tx: Tx) => Promise<unknown>;
  after?: (tx: Tx, saved: AnalysisRow) => Promise<unknown>;
  timings?: Record<string, number>;
}

/**
 * The photo (when one is kept), then the analysis and a new user's first routine in one
 * transaction (a crash between leaves an orphan photo for the sweep, never an analysis without its
 * photo: decision 031).
 */
export async function storeAnalysis(
  deps: Pick<ScanDeps, 'db' | 'storage' | 'saved'>,
  userId: string,
  row: NewAnalysisRow,
  photo: StoredPhoto | null,
  inTransaction: InTransaction = {},
): Promise<Analysis> {
  const saved = await insertAnalysis(
    deps.db,
    deps.storage,
    row,
    photo,
    // A new user's first analysis sets their routine up (a no-op once they have a routine or
    // any routine history), in the scan's transaction: the scan and its routine come together.
    async (tx, stored) => {
      await setupRoutineFromAnalysis(tx, userId, {
        id: stored.id,
        createdAt: stored.createdAt,
        routine: stored.routine,
      });
      await inTransaction.after?.(tx, stored);
    },
    inTransaction.before,
  );
  await deps.saved?.(userId);
  return toAnalysis(saved);
}

/**
 * A server scan stored with its photo. A queued scan passes `inTransaction` to claim its job
 * first and record the analysis on it.
 */
export async function saveScan(
  deps: ScanDeps,
  input: ScanRequest,
  prepared: PreparedScan,
  analysed: AnalysedScan,
  requestMs: number,
  inTransaction: InTransaction = {},
): Promise<Analysis> {
  const { place, front, now, environment } = prepared;
  const size = { width: front.width, height: front.height };
  const row = analysisRow({
    input,
    place,
    environment,
    createdAt: now,
    interpreted: analysed,
    source: analysed.source,
    computedOn: 'server',
    external: analysed.external,
    photo: size,
    analysed: size,
    timings: { decode: Math.round(front.decodeMs), request: requestMs, ...inTransaction.timings },
  });
  return storeAnalysis(
    deps,
    input.user.id,
    row,
    { contentType: 'image/jpeg', ...size, data: analysed.jpeg },
    inTransaction,
  );
}

/**
 * One scan: prepare (consent, place, photos, climate) → analyse (engine in a worker thread, the
 * optional outside services, the interpreter once) → save (the photo, then the analysis).
 * Any failure before saving throws ScanFailure with nothing written; a store that is down while
 * saving throws PhotoStorageUnavailable (503), with no analysis saved.
 */
export async function runScan(deps: ScanDeps, input: ScanInput): Promise<Analysis> {
  const started = performance.now();
  const prepared = await prepareScan(deps, input);
  const analysed = await analyseScan(deps, input, prepared);
  // The client already had its timeout answer (or left): storing now would keep a scan they were
  // told failed.
  if (input.isAbandoned?.()) {
    throw new ScanFailure(503, ScanErrorCode.busy, 'The scan took too long. Please try again.');
  }
  return saveScan(deps, input, prepared, analysed, Math.round(performance.now() - started));
}
