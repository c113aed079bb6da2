import type { Analysis } from '@lumiskin/contract/analysis-api';
import {
  COMPREHENSIVE_METRICS,
  scoreBand,
  type AnalysisType,
  type CaptureAngle,
  type Finding,
  type MetricKey,
  type ScanConcern,
} from '@lumiskin/contract/analysis';
import type { SkinType } from '@lumiskin/contract/auth';
import { ScanErrorCode, ScanMessages } from '@lumiskin/contract/scan';
import type { AnalysisResult } from '@lumiskin/skin-engine/engine';
import { buildFinding } from '@lumiskin/skin-engine/findings';
import { recommend } from '@lumiskin/skin-engine/recommend/recommend';
import { buildReport } from '@lumiskin/skin-engine/report/report';
import { overallScore } from '@lumiskin/skin-engine/scoring';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { UserRow } from '../auth/schema';
import { getEnvironment } from '../geo/environment';
import { setupRoutineFromAnalysis } from '../routine/repository';
import { getGazetteer } from '../geo/gazetteer';
import type { WeatherClient } from '../geo/weather';
import { rewriteReport } from './adapters/chat-report';
import { analyzeWithExternalSkinApi, type ExternalSkinResult } from './adapters/external-skin-api';
import type { AnalysisConfig } from './config';
import { encodeStoredPhoto, ImageError, prepareImage, type PreparedImage } from './image';
import type { PhotoStorage } from './photo-storage';
import { PoolBusyError, type AnalysisPool } from './pool';
import { findConsent, insertAnalysis, toAnalysis } from './repository';

/** A scan that cannot go ahead: sent as `{detail, code, reason?, angle?}` with `status`. */
export class ScanFailure extends Error {
  constructor(
    public readonly status: number,
    public readonly code: string,
    detail: string,
    public readonly reason?: string,
    public readonly angle?: CaptureAngle,
  ) {
    super(detail);
    this.name = 'ScanFailure';
  }
}

export interface ScanDeps {
  db: Db;
  storage: PhotoStorage;
  pool: AnalysisPool;
  weather: WeatherClient | null;
  config: AnalysisConfig;
  log: FastifyBaseLogger;
  fetch?: typeof fetch;
  now?: () => Date;
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

/**
 * Confidence of a finding only the external API measured: its scores are mapped from the vendor's
 * yes/no calls (adapters/external-skin-api.ts), and our own checks of the photo did not back it.
 */
const EXTERNAL_ONLY_CONFIDENCE = 0.5;
const METRIC_ORDER: readonly MetricKey[] = COMPREHENSIVE_METRICS;

/**
 * The external API's scores replace ours metric by metric where it measured them (see the mapping
 * in adapters/external-skin-api.ts); the overall score, findings' bands, routine and report are
 * then rebuilt from the merged scores so every part of the analysis agrees. A metric our engine
 * left unmeasured (too little skin showed) that the API scored is measured after all. Overlays,
 * zone notes and capture conditions describe our own look at the photo and stay as they are.
 */
export function mergeExternal(
  result: AnalysisResult,
  external: ExternalSkinResult,
  input: ScanInput,
  environment: Analysis['environment'],
) {
  const scores = { ...result.scores };
  const candidates = [
    ...(Object.keys(scores) as MetricKey[]),
    ...result.unmeasured.map((u) => u.metric),
  ];
  for (const metric of candidates) {
    const theirs = external.scores[metric];
    if (typeof theirs === 'number') scores[metric] = theirs;
  }
  const unmeasured = result.unmeasured.filter((u) => scores[u.metric] === undefined);
  const newlyMeasured = result.unmeasured.flatMap(({ metric }) => {
    const score = scores[metric];
    return score === undefined
      ? []
      : [buildFinding(metric, { score, raw: score, regionScores: {} }, EXTERNAL_ONLY_CONFIDENCE)];
  });
  const overall = overallScore(scores);
  const findings: Finding[] = result.findings
    .map((f) => {
      const score = scores[f.metric] ?? f.score;
      return { ...f, score, band: scoreBand(score) };
    })
    .concat(newlyMeasured)
    .sort((a, b) => METRIC_ORDER.indexOf(a.metric) - METRIC_ORDER.indexOf(b.metric));
  const { recommendation, routine } = recommend({
    scores,
    profileSkinType: profileSkinType(input.user),
    estimatedSkinType: external.skinType ?? result.estimated_skin_type,
    concerns: input.concerns,
    environment,
  });
  const report = buildReport({
    analysisType: input.analysisType,
    scores,
    overall_score: overall,
    findings,
    recommendation,
    routine,
    environment,
  });
  return {
    ...result,
    scores,
    overall_score: overall,
    findings,
    unmeasured,
    recommendation,
    routine,
    report,
  };
}

/**
 * One scan, start to end: consent, location, photo checks, climate, the engine (in a worker
 * thread), the optional outside services, then the analysis and its photo saved together.
 * Any failure throws ScanFailure before anything is written.
 */
export async function runScan(deps: ScanDeps, input: ScanInput): Promise<Analysis> {
  const started = performance.now();
  const { db, config, log } = deps;

  if (!(await findConsent(db, input.user.id))) {
    throw new ScanFailure(403, ScanErrorCode.consentRequired, ScanMessages.consentRequired);
  }

  const typed = input.location?.trim() ?? '';
  if (typed === '')
    throw new ScanFailure(400, ScanErrorCode.locationRequired, ScanMessages.locationRequired);
  const place = getGazetteer().find(typed);
  if (!place)
    throw new ScanFailure(400, ScanErrorCode.locationNotFound, ScanMessages.locationNotFound);

  const front = await decode(input.front, 'front');
  const extras = [];
  for (const extra of input.extras)
    extras.push({ angle: extra.angle, image: await decode(extra.bytes, extra.angle) });

  const now = deps.now?.() ?? new Date();
  const environment = await getEnvironment(place, now, deps.weather);

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
        image: pixels(front),
        analysisType: input.analysisType,
        angle: 'front',
        extraImages: extras.map((e) => ({ angle: e.angle, image: pixels(e.image) })),
        skinType: profileSkinType(input.user),
        concerns: input.concerns,
        environment,
      }),
      encodeStoredPhoto(front),
    ]);
  } catch (error) {
    if (error instanceof PoolBusyError) {
      throw new ScanFailure(
        503,
        ScanErrorCode.busy,
        'Lots of people are scanning right now. Please try again in a minute.',
      );
    }
    throw error;
  }
  if (!outcome.ok) {
    throw new ScanFailure(
      422,
      ScanErrorCode.validation,
      outcome.message,
      outcome.code,
      outcome.angle,
    );
  }

  let result: AnalysisResult = outcome;
  let source: 'lumiskin_ai' | 'external_api' = 'lumiskin_ai';
  let external: ExternalSkinResult | null = null;
  if (config.skinApi) {
    external = await analyzeWithExternalSkinApi(config.skinApi, jpeg, {
      fetch: deps.fetch,
      onFailure: (reason) => log.warn({ reason }, 'external skin API failed; using our own scores'),
    });
    if (external) {
      result = mergeExternal(result, external, input, environment);
      source = 'external_api';
    }
  }

  let reportText = result.report;
  let reportSource: 'engine' | 'llm' = 'engine';
  if (config.chatReport) {
    const rewritten = await rewriteReport(
      config.chatReport,
      {
        report: result.report,
        findings: result.findings,
        recommendation: result.recommendation,
        scores: result.scores,
        overall_score: result.overall_score,
      },
      { fetch: deps.fetch },
    );
    if (rewritten.fallback_reason)
      log.warn({ reason: rewritten.fallback_reason }, 'chat report failed; using our own text');
    reportText = rewritten.text;
    reportSource = rewritten.source;
  }

  const requestMs = Math.round(performance.now() - started);
  // The client already had its timeout answer (or left): storing now would keep a scan they were
  // told failed.
  if (input.isAbandoned?.()) {
    throw new ScanFailure(503, ScanErrorCode.busy, 'The scan took too long. Please try again.');
  }
  const row = await insertAnalysis(
    db,
    deps.storage,
    {
      userId: input.user.id,
      createdAt: now,
      analysisType: input.analysisType,
      analysisSource: source,
      location: place.name,
      place: {
        name: place.name,
        country_code: place.country_code,
        lat: place.lat,
        lon: place.lon,
        timezone: place.timezone,
      },
      environment,
      concerns: input.concerns,
      scores: result.scores,
      overallScore: result.overall_score,
      findings: result.findings,
      routine: result.routine,
      recommendation: result.recommendation,
      reportText,
      reportSource,
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
          decode: Math.round(front.decodeMs),
          request: requestMs,
        },
        external: external ? { request_id: external.requestId, warnings: external.warnings } : null,
        photo: { width: front.width, height: front.height },
        overlays: result.overlays,
        zone_notes: result.zone_notes,
        unmeasured: result.unmeasured,
        capture: result.capture,
      },
      angles: result.quality.angles_used,
      engineMs: result.timings_ms.total,
    },
    { contentType: 'image/jpeg', width: front.width, height: front.height, data: jpeg },
    // A new user's first analysis sets their routine up (a no-op once they have a routine or
    // any routine history), in the scan's transaction: the scan and its routine come together.
    (tx, saved) =>
      setupRoutineFromAnalysis(tx, input.user.id, {
        id: saved.id,
        createdAt: saved.createdAt,
        routine: saved.routine,
      }),
  );
  return toAnalysis(row);
}
