import { z } from 'zod';
import './plain-errors';
import {
  AnalysisType,
  CaptureAngle,
  CaptureCompression,
  ExclusionReason,
  MetricKey,
  RegionKey,
  ScanConcern,
  UnmeasuredCause,
  WHITE_POINT_SOURCES,
} from './analysis';
import { SkinType } from './auth';
import { SCAN_PHOTO_MAX_SIDE } from './scan';

/**
 * POST /api/analysis/device (issue 32, decision 100): a scan analysed on the person's own device.
 * The body is what the server would have stored but the photo: the skin engine's result (its
 * `AnalysisResult` fields, without `ok`) and the scan's options. Every number is held to the range
 * the engine can produce and every coordinate to the analysed photo's size; the server also checks
 * the metric set, the overall score and the methods against its own engine (409/422 below).
 */

/**
 * The whole body is at most this many bytes; larger → 413. Comprehensive results of 40 development
 * portraits sent 8.6 KB (median) to 11.1 KB (decision 100).
 */
export const DEVICE_SCAN_MAX_BYTES = 50 * 1024;

/** Bounds of the result's lists: above what the engine reports on any face, far below abuse. */
export const DEVICE_SCAN_LIMITS = {
  /** Counted marks per kind (blemishes, dark spots, blackheads). */
  marks: 400,
  /** Line polylines (the engine keeps at most 150) and points per line. */
  lines: 150,
  linePoints: 16,
  /** Polygons per zone or per excluded reason, and points per polygon. */
  polygons: 400,
  polygonPoints: 64,
  /** Any count of `counts`. */
  count: 100_000,
  /** Raw measurement fields per zone. */
  measurementFields: 40,
} as const;

export const DeviceScanErrorCode = {
  /** The device's engine measured with other methods than the server's (an old cached app). */
  methodMismatch: 'method_mismatch',
  /** Scores, findings or the overall score do not agree with each other or the analysis type. */
  inconsistentResult: 'inconsistent_result',
} as const;

export const DeviceScanMessages = {
  methodMismatch:
    'This app measures skin with an older method than the server. Please reload the app and scan again.',
  inconsistentResult: 'These results do not fit together. Please scan again.',
  queued: 'You are offline: the results are kept on this phone and sent when you are back online.',
  photoStays: 'The photo stays on this phone; only the results are sent.',
  computedHere: 'Analysed on this device — no photo was kept',
  undecodable:
    'This browser cannot read that photo (HEIC photos often cannot be read here). Take the photo with the camera, choose a JPEG, or turn off “Analyse on this device” to have it analysed on our server.',
  engineUnavailable:
    'The analysis could not start on this device (it needs a connection the first time, and a recent browser). Try again online, or turn off “Analyse on this device” to have the photo analysed on our server.',
} as const;

const finite = z.number();
const score = z.number().int().min(0).max(100);
/** A point of the analysed photo, [x, y] in its pixels. */
const Point = z.tuple([finite, finite]);
const Polygon = z.array(Point).min(3).max(DEVICE_SCAN_LIMITS.polygonPoints);
const Polygons = z.array(Polygon).max(DEVICE_SCAN_LIMITS.polygons);
const Mark = z.tuple([finite, finite, finite.positive()]);
const Marks = z.array(Mark).max(DEVICE_SCAN_LIMITS.marks);
const side = z
  .number()
  .int()
  .min(1)
  .max(SCAN_PHOTO_MAX_SIDE, `At most ${SCAN_PHOTO_MAX_SIDE} pixels`);
const milliseconds = z.number().min(0).max(600_000);

export const SKIN_TONE_CATEGORIES = [
  'very_light',
  'light',
  'intermediate',
  'tan',
  'brown',
  'dark',
] as const;

/** The engine's result as a device sends it (skin-engine `AnalysisResult` without `ok`). */
export const DeviceResult = z.object({
  analysis_type: AnalysisType,
  scores: z.partialRecord(MetricKey, score),
  overall_score: score,
  findings: z
    .array(
      z.object({
        metric: MetricKey,
        score,
        band: z.enum(['good', 'fair', 'poor']),
        regions: z.array(RegionKey).max(6),
        confidence: z.number().min(0).max(1),
        estimated: z.boolean(),
      }),
    )
    .max(14),
  regions: z.array(z.object({ region: RegionKey, polygons: Polygons.max(8) })).max(6),
  region_scores: z.partialRecord(MetricKey, z.partialRecord(RegionKey, score)),
  measurements: z.partialRecord(
    RegionKey,
    z
      .record(z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,39}$/), finite)
      .refine(
        (fields) => Object.keys(fields).length <= DEVICE_SCAN_LIMITS.measurementFields,
        `At most ${DEVICE_SCAN_LIMITS.measurementFields} fields per zone`,
      ),
  ),
  raw: z.partialRecord(MetricKey, finite.min(-1e6).max(1e6)),
  counts: z.object({
    blemishes: z.number().int().min(0).max(DEVICE_SCAN_LIMITS.count),
    dark_spots: z.number().int().min(0).max(DEVICE_SCAN_LIMITS.count),
    blackheads: z.number().int().min(0).max(DEVICE_SCAN_LIMITS.count),
    pores: z.number().int().min(0).max(DEVICE_SCAN_LIMITS.count),
  }),
  /** ITA° is an angle: −90…90. */
  skin_tone: z.object({ ita: z.number().min(-90).max(90), category: z.enum(SKIN_TONE_CATEGORIES) }),
  estimated_skin_type: SkinType,
  face: z.object({
    box: z.tuple([finite, finite, finite.positive(), finite.positive()]),
    yaw: z.number().min(-180).max(180),
    pitch: z.number().min(-180).max(180),
    roll: z.number().min(-180).max(180),
  }),
  quality: z.object({
    sharpness: z.number().min(0).max(10_000),
    angles_used: z.array(CaptureAngle).min(1).max(3),
  }),
  overlays: z.object({
    blemishes: Marks,
    dark_spots: Marks,
    blackheads: Marks,
    lines: z
      .array(z.array(Point).min(2).max(DEVICE_SCAN_LIMITS.linePoints))
      .max(DEVICE_SCAN_LIMITS.lines),
    excluded: z.array(z.object({ reason: ExclusionReason, polygons: Polygons })).max(4),
  }),
  zone_notes: z
    .array(
      z.object({ region: RegionKey, reason: ExclusionReason, share: z.number().min(0).max(1) }),
    )
    .max(24),
  unmeasured: z.array(z.object({ metric: MetricKey, cause: UnmeasuredCause })).max(14),
  capture: z.object({
    white_point: z.tuple([
      z.number().min(0).max(100),
      z.number().min(0).max(100),
      z.number().min(0).max(100),
    ]),
    white_point_source: z.enum(WHITE_POINT_SOURCES),
    cast: z.number().min(0).max(1000),
    exposure: z.number().min(0).max(100),
    face_px: z
      .number()
      .min(0)
      .max(SCAN_PHOTO_MAX_SIDE * 2),
    sharpness: z.number().min(0).max(10_000),
    clipped: z.number().min(0).max(1).optional(),
    compression: CaptureCompression.optional(),
  }),
  methods: z.partialRecord(MetricKey, z.number().int().min(0).max(10_000)),
  method_version: z.string().min(1).max(40),
  timings_ms: z.object({ detect: milliseconds, measure: milliseconds, total: milliseconds }),
});
export type DeviceResult = z.infer<typeof DeviceResult>;

/** Every [x, y] of the result, with where it is (for the error's path). */
function* points(result: DeviceResult): Generator<[number, number, string]> {
  for (const { region, polygons } of result.regions)
    for (const polygon of polygons)
      for (const p of polygon) yield [p[0], p[1], `regions.${region}`];
  const o = result.overlays;
  for (const kind of ['blemishes', 'dark_spots', 'blackheads'] as const)
    for (const m of o[kind]) yield [m[0], m[1], `overlays.${kind}`];
  for (const line of o.lines) for (const p of line) yield [p[0], p[1], 'overlays.lines'];
  for (const { polygons } of o.excluded)
    for (const polygon of polygons)
      for (const p of polygon) yield [p[0], p[1], 'overlays.excluded'];
  const [x, y, w, h] = result.face.box;
  yield [x, y, 'face.box'];
  yield [x + w, y + h, 'face.box'];
}

export const DeviceScanBody = z
  .object({
    /** 'City, CC' or a city name, as the scan takes it (checked by the gazetteer). */
    location: z.string().max(200).optional(),
    concerns: z.array(ScanConcern).max(8).default([]),
    /** The analysed photo's size after the server's pipeline (long side ≤ 1600): the coordinates' space. */
    photo: z.object({ width: side, height: side }),
    /**
     * When the photo was taken, if the results waited offline (ISO time, within the last 7 days);
     * absent: now.
     */
    taken_at: z.iso.datetime({ offset: true }).optional(),
    result: DeviceResult,
  })
  .superRefine((body, ctx) => {
    const { width, height } = body.photo;
    // The excluded areas are rectangles of a few working pixels: their last row may reach a
    // block past the photo's edge.
    const margin = Math.max(16, 0.02 * Math.max(width, height));
    for (const [x, y, path] of points(body.result)) {
      if (x < -margin || y < -margin || x > width + margin || y > height + margin) {
        ctx.addIssue({
          code: 'custom',
          path: ['result', ...path.split('.')],
          message: `A point lies outside the ${width} × ${height} photo`,
        });
        return;
      }
    }
  });
export type DeviceScanBody = z.input<typeof DeviceScanBody>;
