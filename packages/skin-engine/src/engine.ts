import type {
  AnalysisType,
  CaptureAngle,
  CaptureConditions,
  MeasuredFinding,
  MetricKey,
  MetricMethods,
  Overlays,
  RegionKey,
  RegionOutline,
  MeasuredUnmeasuredMetric,
  MeasuredZoneNote,
} from '@lumiskin/contract/analysis';
import { COMPREHENSIVE_METRICS, QUICK_METRICS, REGIONS } from '@lumiskin/contract/constants';
import type { SkinType } from '@lumiskin/contract/auth';
import type { DetectedFace, DetectMode, FaceDetector } from './face/detector';
import { buildFaceFrame, type FaceFrame } from './face/frame';
import { castSize } from './face/white-balance';
import { buildFinding } from './findings';
import { skinToneCategory, type SkinToneCategory } from './image/color';
import type { ImageEncoding } from './image/jpeg-encoding';
import { assertPixelImage, type PixelImage } from './image/raster';
import { Scratch } from './image/scratch';
import {
  colourTaken,
  faceCompression,
  lesionsCountedFor,
  type Compression,
} from './metrics/compression';
import { counted, LESION_ZONES, lesionsIn } from './metrics/marks';
import { measureFace, type FaceMeasurements } from './metrics/measure';
import type { RegionMeasurements } from './metrics/zones';
import {
  checkDetections,
  checkExposure,
  checkSharpness,
  sharpness,
  type QualityCode,
} from './quality';
import { ENGINE_METHOD_VERSION, METRIC_METHODS } from './methods';
import { buildOverlays, unmeasuredMetrics, zoneNotes } from './overlays';
import { METRIC_REGIONS, estimateSkinType, overallScore, scoreMetrics } from './scoring';

export type { PixelImage } from './image/raster';
export type { ImageEncoding } from './image/jpeg-encoding';
export type { RegionMeasurements } from './metrics/zones';
export type { QualityCode } from './quality';

export interface AnalyzeInput {
  image: PixelImage;
  analysisType: AnalysisType;
  /** Which way the main photo was taken; profiles are accepted turned. Default 'front'. */
  angle?: CaptureAngle;
  /** Multi-angle mode: profile photos whose visible cheek is measured again and averaged in. */
  extraImages?: Array<{ image: PixelImage; angle: CaptureAngle; encoding?: ImageEncoding }>;
  /**
   * How the photo's file stored its colour (`jpegEncoding` of its bytes; decision 171): the acne
   * score counts the lesions its compression hid. Leave it out for pixels no JPEG compressed.
   */
  encoding?: ImageEncoding;
}

export interface AnalysisRejected {
  ok: false;
  /** The quality gate's code; skin-advice writes the sentence (`describeRefusal`). */
  code: QualityCode;
  /** Which photo failed (multi-angle mode). */
  angle: CaptureAngle;
}

export interface AnalysisResult {
  ok: true;
  analysis_type: AnalysisType;
  /** 0-100 per reported metric (7 quick, 14 comprehensive), higher is healthier. */
  scores: Partial<Record<MetricKey, number>>;
  overall_score: number;
  /** Without the sentences a person reads: skin-advice writes them (describe.ts). */
  findings: MeasuredFinding[];
  /** Zone outlines in the main photo's pixel coordinates. */
  regions: RegionOutline[];
  /** Per metric, the score each zone alone would get. */
  region_scores: Partial<Record<MetricKey, Partial<Record<RegionKey, number>>>>;
  /** Raw per-zone measurements (docs/skin-engine.md explains every field). */
  measurements: Record<RegionKey, RegionMeasurements>;
  /** The raw value each reported score was calibrated from. */
  raw: Partial<Record<MetricKey, number>>;
  /**
   * The counted marks of each kind; for blemishes the lesions they hold (a confluent patch's mark
   * holds the papules of its area, decision 166).
   */
  counts: { blemishes: number; dark_spots: number; blackheads: number; pores: number };
  skin_tone: { ita: number; category: SkinToneCategory };
  estimated_skin_type: SkinType;
  face: { box: [number, number, number, number]; yaw: number; pitch: number; roll: number };
  quality: { sharpness: number; angles_used: CaptureAngle[] };
  /** Positions of counted blemishes, dark spots, blackheads, line segments and excluded areas. */
  overlays: Overlays;
  /** Zones part of which was left out (beard, hair, glasses), with a sentence each. */
  zone_notes: MeasuredZoneNote[];
  /** Metrics with too little measurable skin: no score is given (not in `scores`). */
  /** Without the sentence a person reads: skin-advice writes it (describe.ts). */
  unmeasured: MeasuredUnmeasuredMetric[];
  /** The capture conditions: estimated white point, exposure, face size, sharpness. */
  capture: CaptureConditions;
  /** Which method measured each metric (src/methods.ts): scores of unlike methods are not compared. */
  methods: MetricMethods;
  /** The engine's method set as a whole (ENGINE_METHOD_VERSION). */
  method_version: string;
  timings_ms: { detect: number; measure: number; total: number };
}

export type AnalyzeOutcome = AnalysisResult | AnalysisRejected;

export interface SkinEngine {
  analyze(input: AnalyzeInput): Promise<AnalyzeOutcome>;
  /**
   * The faces on one image (RGB or RGBA), in its own pixels: what live guidance checks. 'video'
   * for consecutive camera frames (the detector may follow the last frame's face; see DetectMode).
   */
  detect(image: PixelImage, mode?: DetectMode): Promise<DetectedFace[]>;
  /** TensorFlow.js backend in use ('wasm'). */
  readonly backend: string;
}

export interface SkinEngineOptions {
  /** Reserved for tuning; the defaults are what the docs describe. */
  maxFaces?: number;
  /** Calibration work only: results carry a `debug` object with intermediate values. */
  debug?: boolean;
}

const round = (v: number, digits = 2) => Math.round(v * 10 ** digits) / 10 ** digits;

/** Redness reads less reliably on darker skin (melanin masks haemoglobin in a*): scale by ITA°. */
export function rednessConfidenceFactor(ita: number): number {
  if (ita > 28) return 1;
  if (ita > 10) return 0.85;
  if (ita > -30) return 0.65;
  return 0.5;
}

/**
 * Even tone on darker skin (decision 052): on both halves of the development portraits it reads
 * lower below ITA° 25 than at mid tones (ITA° ≤ 10: 77.4 / 78.7 against ≈ 85; 10–25: 79.3 /
 * 81.7), and none of the measurements tried could tell pigment from a bias of the method
 * (docs/skin-engine.md, session 12). The score is kept; its confidence says it is less certain.
 */
export function evenToneConfidenceFactor(ita: number): number {
  if (ita > 25) return 1;
  if (ita > 10) return 0.8;
  return 0.7;
}

/**
 * Above this share of the measured skin with a clipped channel (the red of fair skin in bright
 * light), redness and sensitivity are not reported (decision 054): their baseline, the 25th
 * percentile of a*, then falls among the clipped pixels, whose a* reads too low.
 */
export const MAX_CLIPPED_SHARE = 0.4;
const CLIPPED_COLOUR_METRICS: readonly MetricKey[] = ['redness', 'sensitivity'];

/** Scores read from colour: trusted less when the light's colour came from the skin-locus fallback. */
const COLOUR_METRICS: ReadonlySet<MetricKey> = new Set([
  'redness',
  'sensitivity',
  'radiance',
  'uneven_tone',
  'dark_circles',
]);

const BASE_CONFIDENCE: Partial<Record<MetricKey, number>> = {
  hydration: 0.4,
  sensitivity: 0.45,
  firmness: 0.35,
};

function metricConfidence(
  metric: MetricKey,
  regions: Record<RegionKey, RegionMeasurements>,
  ita: number,
): number {
  const zones = Object.keys(METRIC_REGIONS[metric]) as RegionKey[];
  const coverage = zones.reduce((s, r) => s + regions[r].coverage, 0) / Math.max(1, zones.length);
  let c = (BASE_CONFIDENCE[metric] ?? 0.85) * (0.5 + 0.5 * Math.min(1, coverage / 0.7));
  if (metric === 'redness' || metric === 'sensitivity') c *= rednessConfidenceFactor(ita);
  if (metric === 'uneven_tone') c *= evenToneConfidenceFactor(ita);
  return c;
}

/** Averages a zone seen in two photos (front + profile), weighting by measured pixels. */
function mergeRegion(a: RegionMeasurements, b: RegionMeasurements): RegionMeasurements {
  const total = a.pixels + b.pixels;
  if (b.pixels < 30) return a;
  if (a.pixels < 30) return b;
  const out = { ...a };
  for (const key of Object.keys(a) as Array<keyof RegionMeasurements>) {
    out[key] =
      key === 'pixels'
        ? total
        : key === 'coverage'
          ? Math.max(a.coverage, b.coverage)
          : (a[key] * a.pixels + b[key] * b.pixels) / total;
  }
  return out;
}

/**
 * The metrics reported, their scores, raw values, zone scores and findings: a metric whose zones
 * are mostly hidden, or whose colour the camera clipped, gets no score rather than a guess.
 */
function reportMetrics(
  requested: readonly MetricKey[],
  regions: Record<RegionKey, RegionMeasurements>,
  results: ReturnType<typeof scoreMetrics>,
  ita: number,
  clippedShare: number,
  colourTrust: number,
  lesionFactor: number,
) {
  // A metric whose zones are mostly hidden gets no score rather than a guess.
  const unmeasured = unmeasuredMetrics(requested, regions);
  // Redness needs the skin's own colour: where the camera clipped the red channel on most of
  // the skin, a* reads too low there and the face's baseline with it (decision 054).
  if (clippedShare > MAX_CLIPPED_SHARE)
    for (const metric of CLIPPED_COLOUR_METRICS)
      if (
        (requested as readonly MetricKey[]).includes(metric) &&
        !unmeasured.some((u) => u.metric === metric)
      )
        unmeasured.push({ metric, cause: 'colour_clipped' });
  const reported = requested.filter((m) => !unmeasured.some((u) => u.metric === m));
  const scores: Partial<Record<MetricKey, number>> = {};
  const raw: Partial<Record<MetricKey, number>> = {};
  const regionScores: AnalysisResult['region_scores'] = {};
  const findings: MeasuredFinding[] = [];
  for (const metric of reported) {
    const r = results[metric];
    scores[metric] = r.score;
    raw[metric] = round(r.raw, 3);
    regionScores[metric] = r.regionScores;
    findings.push(
      buildFinding(
        metric,
        r,
        metricConfidence(metric, regions, ita) *
          (COLOUR_METRICS.has(metric) ? colourTrust : 1) *
          // A count scaled by k from the lesions found: its relative error grows as √k (those
          // found are a 1 / k sample of those there), so acne's confidence falls as 1 / √k.
          (metric === 'acne' ? 1 / Math.sqrt(lesionFactor) : 1),
      ),
    );
  }
  return { unmeasured, scores, raw, regionScores, findings };
}

/**
 * The zones' measurements with the inflammatory lesions the scores count: beyond a clear face's
 * own count, those found × the compression's lesion factor (decisions 171 and 173), each zone by
 * the face's ratio; the same records when there is nothing to scale.
 */
function lesionsCounted(
  regions: Record<RegionKey, RegionMeasurements>,
  compression: Compression | null,
): Record<RegionKey, RegionMeasurements> {
  const k = compression?.lesionFactor ?? 1;
  const found = LESION_ZONES.reduce((s, r) => s + regions[r].blemishes, 0);
  const counted = lesionsCountedFor(found, k);
  if (counted === found) return { ...regions };
  const ratio = counted / found;
  const out = {} as Record<RegionKey, RegionMeasurements>;
  for (const r of REGIONS) out[r] = { ...regions[r], blemishes: regions[r].blemishes * ratio };
  return out;
}

/** The zones' measurements rounded for the result. */
function rounded(
  regions: Record<RegionKey, RegionMeasurements>,
): Record<RegionKey, RegionMeasurements> {
  const measurements = {} as Record<RegionKey, RegionMeasurements>;
  for (const r of REGIONS) {
    const m = regions[r];
    measurements[r] = Object.fromEntries(
      Object.entries(m).map(([k, v]) => [k, round(v, 3)]),
    ) as unknown as RegionMeasurements;
  }
  return measurements;
}

/**
 * The engine on a face detector: the same analysis on every platform. `createSkinEngine` (Node,
 * src/node.ts) and `createBrowserSkinEngine` (src/browser.ts) give it the detector of theirs.
 */
export function createSkinEngineWith(
  detector: FaceDetector,
  opts: SkinEngineOptions = {},
): SkinEngine {
  // One inference at a time per engine (one engine per worker thread).
  let queue: Promise<unknown> = Promise.resolve();
  const detectSerial = (image: PixelImage, mode: DetectMode = 'photo'): Promise<DetectedFace[]> => {
    const run = queue.then(() => detector.detect(image, mode));
    queue = run.catch(() => undefined);
    return run;
  };

  // Temporaries of the frame and the measurements, reused photo after photo (decision 044). Each
  // step lends and takes back its arrays within one synchronous call, so analyses never share any.
  const scratch = new Scratch();

  interface Prepared {
    face: DetectedFace;
    frame: FaceFrame;
    measured: FaceMeasurements;
    sharpness: number;
    detectMs: number;
    compression: Compression | null;
  }

  async function prepare(
    image: PixelImage,
    angle: CaptureAngle,
    encoding: ImageEncoding | undefined,
  ): Promise<Prepared | AnalysisRejected> {
    assertPixelImage(image);
    const t = performance.now();
    const faces = await detectSerial(image);
    const detectMs = performance.now() - t;
    const checked = checkDetections(image, faces, angle);
    if ('code' in checked) return { ok: false, ...checked, angle };
    const exposure = checkExposure(image, checked.face);
    if (exposure) return { ok: false, ...exposure, angle };
    const frame = buildFaceFrame(image, checked.face, scratch);
    const focus = sharpness(frame);
    const blur = checkSharpness(focus);
    if (blur) return { ok: false, ...blur, angle };
    const compression = faceCompression(encoding, frame.scale);
    return {
      face: checked.face,
      frame,
      measured: measureFace(frame, scratch, opts.debug === true, colourTaken(compression)),
      sharpness: focus,
      detectMs,
      compression,
    };
  }

  async function analyze(input: AnalyzeInput): Promise<AnalyzeOutcome> {
    const t0 = performance.now();
    const angle = input.angle ?? 'front';
    const main = await prepare(input.image, angle, input.encoding);
    if ('ok' in main) return main;
    let detectMs = main.detectMs;

    // What was found (the result's measurements) and what the scores count: the inflammatory
    // lesions found × the share a JPEG's colour compression hid (decision 171).
    const found = { ...main.measured.regions };
    const regions = lesionsCounted(main.measured.regions, main.compression);
    const anglesUsed: CaptureAngle[] = [angle];
    for (const extra of input.extraImages ?? []) {
      const p = await prepare(extra.image, extra.angle, extra.encoding);
      if ('ok' in p) return p;
      detectMs += p.detectMs;
      // A profile shows one cheek well: the one with more visible skin is merged in.
      const cheek: RegionKey =
        p.measured.regions.left_cheek.pixels >= p.measured.regions.right_cheek.pixels
          ? 'left_cheek'
          : 'right_cheek';
      found[cheek] = mergeRegion(found[cheek], p.measured.regions[cheek]);
      regions[cheek] = mergeRegion(
        regions[cheek],
        lesionsCounted(p.measured.regions, p.compression)[cheek],
      );
      anglesUsed.push(extra.angle);
    }

    const ita = main.measured.ita;
    const results = scoreMetrics(regions, { ita });

    const requested =
      input.analysisType === 'comprehensive' ? COMPREHENSIVE_METRICS : QUICK_METRICS;
    const { unmeasured, scores, raw, regionScores, findings } = reportMetrics(
      requested,
      regions,
      results,
      ita,
      main.measured.clippedShare,
      main.frame.whitePoint.source === 'eyes_teeth' ? 1 : 0.8,
      main.compression?.lesionFactor ?? 1,
    );
    const overall = overallScore(scores);
    const estimatedSkinType = estimateSkinType(
      regions,
      results,
      main.measured.clippedShare <= MAX_CLIPPED_SHARE,
    );
    const tEnd = performance.now();

    const { blobs } = main.measured;
    return {
      ok: true,
      analysis_type: input.analysisType,
      scores,
      overall_score: overall,
      findings,
      regions: REGIONS.map((region) => ({ region, polygons: main.frame.regions[region].outline })),
      region_scores: regionScores,
      measurements: rounded(found),
      raw,
      counts: {
        blemishes: lesionsIn(blobs.blemishes),
        dark_spots: counted(blobs.dark_spots).length,
        blackheads: counted(blobs.blackheads).length,
        pores: counted(blobs.pores).length,
      },
      skin_tone: { ita: round(ita, 1), category: skinToneCategory(ita) },
      estimated_skin_type: estimatedSkinType,
      face: {
        box: main.face.box.map((v) => round(v, 1)) as [number, number, number, number],
        yaw: round(main.face.yaw, 1),
        pitch: round(main.face.pitch, 1),
        roll: round(main.face.roll, 1),
      },
      quality: { sharpness: round(main.sharpness, 2), angles_used: anglesUsed },
      overlays: buildOverlays(main.frame, main.measured),
      zone_notes: zoneNotes(main.frame, main.measured.regions),
      unmeasured,
      capture: {
        white_point: main.frame.whitePoint.illuminant.map((v) => round(v, 4)) as [
          number,
          number,
          number,
        ],
        white_point_source: main.frame.whitePoint.source,
        cast: round(castSize(main.frame.whitePoint.gains), 2),
        exposure: round(main.frame.reference.L, 1),
        face_px: round(main.frame.faceHeight, 1),
        sharpness: round(main.sharpness, 2),
        clipped: round(main.measured.clippedShare, 3),
        ...(main.compression
          ? {
              compression: {
                chroma_step: round(main.compression.chromaStep, 1),
                lesion_factor: round(main.compression.lesionFactor, 3),
              },
            }
          : {}),
      },
      methods: { ...METRIC_METHODS },
      method_version: ENGINE_METHOD_VERSION,
      ...(opts.debug
        ? { debug: { whitePoint: main.frame.whitePoint, ...main.measured.debug } }
        : {}),
      timings_ms: {
        detect: round(detectMs, 1),
        measure: round(tEnd - t0 - detectMs, 1),
        total: round(tEnd - t0, 1),
      },
    };
  }

  async function detect(image: PixelImage, mode: DetectMode = 'photo'): Promise<DetectedFace[]> {
    assertPixelImage(image);
    return detectSerial(image, mode);
  }
  return { analyze, detect, backend: detector.backend };
}
