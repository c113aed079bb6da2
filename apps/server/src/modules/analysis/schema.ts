import type { AnalysisPlace, ComputedOn, Scores } from '@lumiskin/contract/analysis-api';
import type {
  AnalysisType,
  CaptureAngle,
  CaptureConditions,
  Environment,
  Finding,
  MetricMethods,
  Overlays,
  Recommendation,
  RegionOutline,
  Routine,
  ScanConcern,
  UnmeasuredMetric,
  ZoneNote,
} from '@lumiskin/contract/analysis';
import type { ScanError, ScanJobStatus } from '@lumiskin/contract/scan';
import type { GeoPlace } from '@lumiskin/contract/geo';
import type { ImageEncoding } from '@lumiskin/skin-engine';
import {
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../auth/schema';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({
  dataType: () => 'bytea',
});

/** One finished scan. Failed scans are never stored. */
export const analyses = pgTable(
  'analyses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    analysisType: text('analysis_type').$type<AnalysisType>().notNull(),
    analysisSource: text('analysis_source').$type<'lumiskin_ai' | 'external_api'>().notNull(),
    location: text('location').notNull(),
    place: jsonb('place').$type<AnalysisPlace>().notNull(),
    environment: jsonb('environment').$type<Environment>().notNull(),
    concerns: text('concerns').array().$type<ScanConcern[]>().notNull(),
    scores: jsonb('scores').$type<Scores>().notNull(),
    overallScore: integer('overall_score').notNull(),
    findings: jsonb('findings').$type<Finding[]>().notNull(),
    routine: jsonb('routine').$type<Routine>().notNull(),
    recommendation: jsonb('recommendation').$type<Recommendation>().notNull(),
    reportText: text('report_text').notNull(),
    reportSource: text('report_source').$type<'engine' | 'llm'>().notNull(),
    regions: jsonb('regions').$type<RegionOutline[]>().notNull(),
    /** Everything else the engine measured (region scores, raw values, tone, face, timings). */
    details: jsonb('details').$type<AnalysisDetails>().notNull(),
    angles: text('angles').array().$type<CaptureAngle[]>().notNull(),
    engineMs: real('engine_ms').notNull(),
    /**
     * Which method measured each metric (decision 037); null for scans stored before methods were
     * recorded, which were all measured with the first methods (read as LEGACY_METHODS).
     */
    methods: jsonb('methods').$type<MetricMethods>(),
    /**
     * Where the scores were computed (issue 32, decision 100): 'device' scans were analysed on the
     * person's phone, which sent only the results; they have no photo.
     */
    computedOn: text('computed_on').$type<ComputedOn>().notNull().default('server'),
  },
  // History and dashboard read one person's scans newest first.
  (t) => [index('analyses_user_created_idx').on(t.userId, t.createdAt.desc())],
);

export interface AnalysisDetails {
  region_scores: Record<string, Record<string, number>>;
  raw: Record<string, number>;
  measurements: Record<string, Record<string, number>>;
  counts: Record<string, number>;
  skin_tone: { ita: number; category: string };
  estimated_skin_type: string;
  face: { box: number[]; yaw: number; pitch: number; roll: number };
  quality: { sharpness: number };
  timings_ms: Record<string, number>;
  external?: { request_id: string | null; warnings: string[] } | null;
  /** Size of the stored photo (the zone outlines' coordinate space). */
  photo: { width: number; height: number } | null;
  /** Size of the analysed image (the zones' coordinate space); absent on older scans. */
  analysed?: { width: number; height: number };
  // Optional: scans stored before the engine returned them lack these (read back as null / []).
  /** Positions of counted blemishes, spots, blackheads, lines and excluded areas (photo pixels). */
  overlays?: Overlays;
  zone_notes?: ZoneNote[];
  unmeasured?: UnmeasuredMetric[];
  capture?: CaptureConditions;
  /** The engine's method set as a whole (skin-engine ENGINE_METHOD_VERSION). */
  method_version?: string;
}

/**
 * The scan's photo, re-encoded without metadata, when photos live in PostgreSQL (the default
 * PhotoStorage). Kept apart from `analyses` so listing scans never reads image bytes. No foreign
 * key to `analyses`: the photo is written before its scan (decision 031), so a crash between
 * leaves an orphan photo (swept), never a scan without one. It goes with its owner's account at
 * once (the cascade), with a deleted scan through `photo_deletions`.
 */
export const analysisPhotos = pgTable(
  'analysis_photos',
  {
    analysisId: uuid('analysis_id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contentType: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    data: bytea('data').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('analysis_photos_user_created_idx').on(t.userId, t.createdAt.desc())],
);

/**
 * Photos to delete from the PhotoStorage (a transactional outbox): a row is written in the same
 * transaction as the scan or account it belonged to is deleted, and `sweepPhotoDeletions` deletes
 * the object(s), then the row, retrying with back-off while the store fails. `analysis_id` null
 * means every photo of `user_id`. No foreign keys: the user and the scan are gone by then.
 */
export const photoDeletions = pgTable(
  'photo_deletions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull(),
    analysisId: uuid('analysis_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** The store's error name of the last failed attempt (never a message with a key or URL). */
    lastError: text('last_error'),
  },
  (t) => [index('photo_deletions_due_idx').on(t.nextAttemptAt)],
);

/** Consent to photo processing, given once before the first scan (and again if the text changes). */
export const scanConsents = pgTable('scan_consents', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  version: text('version').notNull(),
  consentedAt: timestamp('consented_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A scan accepted in SCAN_MODE=queue (decision 030): checked and decoded by the web process,
 * analysed by a worker. The id is also the queue job's id and the one the client polls.
 */
export const scanJobs = pgTable(
  'scan_jobs',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').$type<ScanJobStatus>().notNull().default('queued'),
    /** What the request decided: type, concerns, place and climate, and its time. */
    input: jsonb('input').$type<ScanJobInput>().notNull(),
    /** Set in the transaction that stores the analysis, so a job never stores two. */
    analysisId: uuid('analysis_id').references(() => analyses.id, { onDelete: 'set null' }),
    error: jsonb('error').$type<ScanError>(),
    /** Tries the workers started (a retry after a dead worker counts). */
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('scan_jobs_user_idx').on(t.userId),
    index('scan_jobs_status_created_idx').on(t.status, t.createdAt),
  ],
);

export interface ScanJobInput {
  analysis_type: AnalysisType;
  concerns: ScanConcern[];
  place: GeoPlace;
  environment: Environment;
  /** The request's time: the analysis is dated by it, as an inline scan is. */
  requested_at: string;
}

/**
 * The photos of a queued scan as the engine will read them: decoded, oriented, resized and
 * stripped of metadata by the web process, kept losslessly (PNG) so the worker measures exactly
 * the pixels an inline scan would. Deleted when the job ends.
 */
export const scanJobPhotos = pgTable(
  'scan_job_photos',
  {
    jobId: uuid('job_id')
      .notNull()
      .references(() => scanJobs.id, { onDelete: 'cascade' }),
    /** 0 is the front photo, then the extra angles in order. */
    position: integer('position').notNull(),
    angle: text('angle').$type<CaptureAngle>().notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** The upload's type and size before decoding, and the decode time (the analysis keeps it). */
    original: jsonb('original').$type<ScanJobPhotoOriginal>().notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.position] })],
);

export interface ScanJobPhotoOriginal {
  type: string;
  width: number;
  height: number;
  bytes: number;
  decode_ms: number;
  /** How the JPEG stored its colour, with the decode's resize (decision 171); absent otherwise. */
  encoding?: ImageEncoding;
}

export type ScanJobRow = typeof scanJobs.$inferSelect;
export type AnalysisRow = typeof analyses.$inferSelect;
export type NewAnalysisRow = typeof analyses.$inferInsert;
export type PhotoRow = typeof analysisPhotos.$inferSelect;
