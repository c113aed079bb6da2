import { z } from 'zod';
import './plain-errors';
import {
  AnalysisType,
  CaptureAngle,
  CaptureConditions,
  Environment,
  Finding,
  MetricKey,
  MetricMethods,
  Overlays,
  Recommendation,
  RegionKey,
  RegionOutline,
  Routine,
  ScanConcern,
  UnmeasuredMetric,
  ZoneNote,
} from './analysis';
import { HISTORY_DEFAULT_LIMIT, HISTORY_MAX_LIMIT } from './constants';

/** The stored analysis, as /api/analysis/scan, /scan-upload and /{id} return it (docs/product-rules.md#api). */

/** Who produced the scores: our own engine, or the optional external skin API merged over it. */
export const ANALYSIS_SOURCES = ['lumiskin_ai', 'external_api'] as const;
export const AnalysisSource = z.enum(ANALYSIS_SOURCES);
export type AnalysisSource = z.infer<typeof AnalysisSource>;
export const ANALYSIS_SOURCE_LABELS: Record<AnalysisSource, string> = {
  lumiskin_ai: 'Lumiskin AI',
  external_api: 'External skin API',
};

/**
 * Where the scores were computed: on our server from the uploaded photo, or on the person's own
 * device, which sent only the results (issue 32, decision 100; no photo is kept then).
 */
export const COMPUTED_ON = ['server', 'device'] as const;
export const ComputedOn = z.enum(COMPUTED_ON);
export type ComputedOn = z.infer<typeof ComputedOn>;

/** Fallback text of the spec's clients when a result has none (docs/product-rules.md#scan). */
export const DEFAULT_RESULT_TEXT = 'Analysis completed successfully.';

export const Scores = z.partialRecord(MetricKey, z.number().int().min(0).max(100));
export type Scores = z.infer<typeof Scores>;

/** The place the scan was made, as the gazetteer resolved what was typed. */
export const AnalysisPlace = z.object({
  name: z.string(),
  country_code: z.string(),
  lat: z.number(),
  lon: z.number(),
  timezone: z.string(),
});
export type AnalysisPlace = z.infer<typeof AnalysisPlace>;

export const Analysis = z.object({
  id: z.string(),
  /** The spec's dashboard reads `_id`; same value as `id`. */
  _id: z.string(),
  created_at: z.string(),
  analysis_source: AnalysisSource,
  computed_on: ComputedOn,
  analysis_type: AnalysisType,
  /** Canonical 'City, CC'. */
  location: z.string(),
  place: AnalysisPlace,
  environment: Environment,
  concerns: z.array(ScanConcern),
  scores: Scores,
  overall_score: z.number().int().min(0).max(100),
  findings: z.array(Finding),
  routine: Routine,
  recommendations: Recommendation,
  /** Plain-English report. */
  full_response_text: z.string(),
  /** Who wrote the report text: our engine, or the optional chat model. */
  report_source: z.enum(['engine', 'llm']),
  /** Zone outlines in the stored photo's pixel coordinates. */
  regions: z.array(RegionOutline),
  /** Per metric, the score each zone alone would get. */
  region_scores: z.partialRecord(MetricKey, z.partialRecord(RegionKey, z.number())),
  skin_tone: z.object({ ita: z.number(), category: z.string() }),
  estimated_skin_type: z.string(),
  angles: z.array(CaptureAngle),
  photo: z
    .object({ url: z.string(), width: z.number().int(), height: z.number().int() })
    .nullable(),
  /** The engine's time for this scan, in ms. */
  timings_ms: z.object({ engine: z.number(), total: z.number() }),
  /** Positions of what was counted and the areas left out (null for scans made before they were kept). */
  overlays: Overlays.nullable(),
  /** Zones part of which was not measured (beard, hair, glasses), with a sentence each. */
  zone_notes: z.array(ZoneNote),
  /** Metrics given no score because too little skin could be measured. */
  unmeasured: z.array(UnmeasuredMetric),
  /** How the photo was taken (null for older scans): trends compare only comparable scans. */
  capture: CaptureConditions.nullable(),
  /**
   * Which method measured each metric (decision 037): scores of a metric measured with different
   * methods are not compared. Scans stored before methods were recorded read as 1 for every metric.
   */
  methods: MetricMethods,
});
export type Analysis = z.infer<typeof Analysis>;

export const AnalysisParams = z.object({ id: z.uuid({ error: 'Not found' }) });

export const HISTORY_PERIODS = ['7days', '30days', '90days', 'all'] as const;
export const HistoryPeriod = z.enum(HISTORY_PERIODS);
export type HistoryPeriod = z.infer<typeof HistoryPeriod>;
/** Source filter (docs/product-rules.md#api: all, external provider, own AI, recent). */
export const HISTORY_SOURCES = ['all', 'recent', ...ANALYSIS_SOURCES] as const;
export { HISTORY_DEFAULT_LIMIT, HISTORY_MAX_LIMIT } from './constants';

export const HistoryQuery = z.object({
  limit: z.coerce.number().int().min(1).max(HISTORY_MAX_LIMIT).default(HISTORY_DEFAULT_LIMIT),
  offset: z.coerce.number().int().min(0).default(0),
  period: HistoryPeriod.default('all'),
  source: z.enum(HISTORY_SOURCES).default('all'),
});
/** As the server reads it (defaults applied). */
export type HistoryQuery = z.infer<typeof HistoryQuery>;
/** As a client may send it. */
export type HistoryQueryInput = z.input<typeof HistoryQuery>;

/** One scan in the history list (docs/product-rules.md#entities). */
export const HistoryItem = z.object({
  id: z.string(),
  _id: z.string(),
  created_at: z.string(),
  analysis_source: AnalysisSource,
  computed_on: ComputedOn,
  analysis_type: AnalysisType,
  scores: Scores,
  overall_score: z.number().int(),
  location: z.string(),
  /** Capture conditions (null for older scans): trends mark changes between unlike scans. */
  capture: CaptureConditions.nullable(),
  /** Which method measured each metric (older scans: 1 for every metric). */
  methods: MetricMethods,
});
export type HistoryItem = z.infer<typeof HistoryItem>;

/** A bare list, as the spec's clients expect; the total matching count is in `X-Total-Count`. */
export const HistoryResponse = z.array(HistoryItem);
export type HistoryResponse = z.infer<typeof HistoryResponse>;
export const TOTAL_COUNT_HEADER = 'x-total-count';
