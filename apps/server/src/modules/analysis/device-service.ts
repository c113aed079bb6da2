import type { Analysis } from '@lumiskin/contract/analysis-api';
import {
  COMPREHENSIVE_METRICS,
  QUICK_METRICS,
  scoreBand,
  type MetricKey,
} from '@lumiskin/contract/analysis';
import {
  DeviceScanErrorCode,
  DeviceScanMessages,
  type DeviceResult,
  type DeviceScanBody,
} from '@lumiskin/contract/device-scan';
import { ErrorCode } from '@lumiskin/contract/errors';
import {
  ENGINE_METHOD_VERSION,
  METRIC_METHODS,
  overallScore,
  type AnalysisResult,
} from '@lumiskin/skin-engine';
import type { z } from 'zod';
import { getEnvironment } from '../geo/environment';
import {
  analysisRow,
  findScanPlace,
  interpretScan,
  ScanFailure,
  storeAnalysis,
  type ScanDeps,
  type ScanRequest,
} from './scan-service';

/** A body as the route hands it over (zod's output: defaults applied). */
export type DeviceScan = z.output<typeof DeviceScanBody>;

/** How far back a result that waited offline may be dated (and forward, for a clock ahead). */
const TAKEN_AT_PAST_MS = 7 * 86_400_000;
const TAKEN_AT_FUTURE_MS = 5 * 60_000;

const inconsistent = (why: string) =>
  new ScanFailure(
    422,
    DeviceScanErrorCode.inconsistentResult,
    `${DeviceScanMessages.inconsistentResult} (${why})`,
  );

/**
 * The device measured with the methods this server measures with: otherwise its scores would sit
 * in the trends beside scores of another definition (decision 037). 409: an old cached app.
 */
function checkMethods(result: DeviceResult) {
  const same =
    result.method_version === ENGINE_METHOD_VERSION &&
    COMPREHENSIVE_METRICS.every((m) => result.methods[m] === METRIC_METHODS[m]) &&
    Object.keys(result.methods).length === COMPREHENSIVE_METRICS.length;
  if (!same) {
    throw new ScanFailure(
      409,
      DeviceScanErrorCode.methodMismatch,
      DeviceScanMessages.methodMismatch,
    );
  }
}

/**
 * The parts of the result that must agree with each other, as the engine makes them: the metric
 * set is the analysis type's (each scored or said unmeasured, once), one finding per score with
 * that score and its band, zone scores and raw values only of scored metrics, and the overall
 * score the engine's weighted mean of the scores.
 */
function checkConsistency(result: DeviceResult) {
  const expected: readonly MetricKey[] =
    result.analysis_type === 'quick' ? QUICK_METRICS : COMPREHENSIVE_METRICS;
  const scored = Object.keys(result.scores) as MetricKey[];
  const unmeasured = result.unmeasured.map((u) => u.metric);
  const reported = [...scored, ...unmeasured];
  if (
    reported.length !== expected.length ||
    new Set(reported).size !== reported.length ||
    !reported.every((m) => expected.includes(m))
  ) {
    throw inconsistent(`the metrics must be those of a ${result.analysis_type} analysis`);
  }
  const findings = result.findings;
  if (
    findings.length !== scored.length ||
    !findings.every((f) => result.scores[f.metric] === f.score && scoreBand(f.score) === f.band) ||
    new Set(findings.map((f) => f.metric)).size !== findings.length
  ) {
    throw inconsistent('one finding per score, with that score and its band');
  }
  for (const key of [...Object.keys(result.region_scores), ...Object.keys(result.raw)]) {
    if (!scored.includes(key as MetricKey)) throw inconsistent(`${key} has no score`);
  }
  if (overallScore(result.scores) !== result.overall_score) {
    throw inconsistent('the overall score is the mean of the scores');
  }
  const angles = result.quality.angles_used;
  if (angles[0] !== 'front' || new Set(angles).size !== angles.length) {
    throw inconsistent('the angles start with the front photo, once each');
  }
}

/** The analysis's date: now, or when the photo was taken if the result waited offline. */
function createdAt(takenAt: string | undefined, now: Date): Date {
  if (!takenAt) return now;
  const at = new Date(takenAt);
  const age = now.getTime() - at.getTime();
  if (age > TAKEN_AT_PAST_MS || age < -TAKEN_AT_FUTURE_MS) {
    throw new ScanFailure(
      400,
      ErrorCode.validation,
      'taken_at: a result can be sent up to 7 days after its scan.',
    );
  }
  return at;
}

/**
 * A scan analysed on the person's device (decision 100): its result checked (shapes and ranges by
 * the contract, then methods and consistency here), the place and climate looked up as for any
 * scan, the same interpreter run for the findings, routine and report, and the analysis stored
 * with `computed_on: 'device'` and no photo. Nothing of the body is logged.
 */
export async function saveDeviceScan(
  deps: ScanDeps,
  user: ScanRequest['user'],
  body: DeviceScan,
): Promise<Analysis> {
  const started = performance.now();
  const { result } = body;
  checkMethods(result);
  checkConsistency(result);
  const place = findScanPlace(body.location);
  const now = deps.now?.() ?? new Date();
  const at = createdAt(body.taken_at, now);
  const environment = await getEnvironment(place, at, deps.weather);

  const input: ScanRequest = {
    user,
    analysisType: result.analysis_type,
    concerns: body.concerns,
  };
  // The contract's shape is the engine's result without `ok`; the zones' raw measurements are
  // checked only as named numbers (they are stored for support, and the interpreter never reads them).
  const measured = { ok: true, ...result } as unknown as AnalysisResult;
  const interpreted = await interpretScan(deps, input, measured, {
    environment,
    estimatedSkinType: null,
  });
  const row = analysisRow({
    input,
    place,
    environment,
    createdAt: at,
    interpreted,
    source: 'lumiskin_ai',
    computedOn: 'device',
    external: null,
    photo: null,
    analysed: body.photo,
    timings: { request: Math.round(performance.now() - started) },
  });
  return storeAnalysis(deps, user.id, row, null);
}
