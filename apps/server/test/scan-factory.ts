import type { CaptureConditions, MetricMethods, Routine } from '@lumiskin/contract/analysis';
import type { Db } from '../src/db/client';
import type { PhotoStorage } from '../src/modules/analysis/photo-storage';
import { insertAnalysis } from '../src/modules/analysis/repository';
import {
  analyses,
  analysisPhotos,
  type AnalysisRow,
  type NewAnalysisRow,
} from '../src/modules/analysis/schema';

/** Test and bench helper: a stored scan without running the engine. */
export const sampleRoutine: Routine = {
  morning: [
    {
      step: 1,
      kind: 'cleanser',
      name: 'Gentle gel cleanser',
      product_id: null,
      instruction: 'Massage onto damp skin, rinse.',
      reason: 'Removes overnight oil.',
    },
    {
      step: 2,
      kind: 'base',
      name: 'SeboBalance',
      product_id: 'sebobalance',
      instruction: 'Two pumps over face.',
      reason: 'Balances oil.',
    },
    {
      step: 3,
      kind: 'sunscreen',
      name: 'Broad-spectrum sunscreen SPF 30',
      product_id: null,
      instruction: 'Last step.',
      reason: 'UV protection.',
    },
  ],
  evening: [
    {
      step: 1,
      kind: 'cleanser',
      name: 'Gentle gel cleanser',
      product_id: null,
      instruction: 'Massage, rinse.',
      reason: 'Removes the day.',
    },
    {
      step: 2,
      kind: 'booster',
      name: 'RenewLift',
      product_id: 'renewlift',
      instruction: 'Start two evenings a week.',
      reason: 'Fine lines.',
    },
  ],
};

export async function insertScan(
  db: Db,
  userId: string,
  input: {
    createdAt?: Date;
    overallScore?: number;
    routine?: Routine;
    photo?: Buffer;
    /** How the photo was taken; older scans have none. */
    capture?: CaptureConditions;
    /** Which method measured each metric; older scans have none (null: read as all 1). */
    methods?: MetricMethods;
    /** Every metric scored this (default: the overall score). */
    scores?: NewAnalysisRow['scores'];
    /** Store the photo through this PhotoStorage, as a scan does (else straight into PostgreSQL). */
    storage?: PhotoStorage;
  } = {},
): Promise<AnalysisRow> {
  const score = input.overallScore ?? 70;
  const values: NewAnalysisRow = {
    userId,
    ...(input.createdAt && { createdAt: input.createdAt }),
    analysisType: 'quick',
    analysisSource: 'lumiskin_ai',
    location: 'London, GB',
    place: {
      name: 'London',
      country_code: 'GB',
      lat: 51.5,
      lon: -0.12,
      timezone: 'Europe/London',
    },
    environment: {
      uv_index: null,
      uv_level: null,
      season: null,
      hemisphere: null,
      humidity: null,
      temperature_c: null,
      weather_source: 'unknown',
    },
    concerns: [],
    scores: input.scores ?? {
      acne: score,
      oiliness: score,
      hydration: score,
      texture: score,
      radiance: score,
    },
    overallScore: score,
    findings: [],
    routine: input.routine ?? sampleRoutine,
    recommendation: {
      base: { id: 'sebobalance', name: 'SeboBalance', reason: 'Oily skin' },
      boosters: [],
      skin_type: 'oily',
      skin_type_source: 'estimated',
      spf: 30,
      notes: [],
      see_dermatologist: false,
    },
    reportText: 'Analysis completed successfully.',
    reportSource: 'engine',
    regions: [],
    details: {
      region_scores: {},
      raw: {},
      measurements: {},
      counts: {},
      skin_tone: { ita: 30, category: 'intermediate' },
      estimated_skin_type: 'oily',
      face: { box: [0, 0, 1, 1], yaw: 0, pitch: 0, roll: 0 },
      quality: { sharpness: 1 },
      timings_ms: {},
      photo: null,
      ...(input.capture && { capture: input.capture }),
    },
    angles: ['front'],
    engineMs: 1,
    methods: input.methods ?? null,
  };
  if (input.storage && input.photo) {
    return insertAnalysis(db, input.storage, values, {
      contentType: 'image/jpeg',
      width: 1,
      height: 1,
      data: input.photo,
    });
  }
  const [row] = await db.insert(analyses).values(values).returning();
  if (!row) throw new Error('insertScan: nothing returned');
  if (input.photo) {
    await db.insert(analysisPhotos).values({
      analysisId: row.id,
      userId,
      contentType: 'image/jpeg',
      width: 1,
      height: 1,
      data: input.photo,
    });
  }
  return row;
}
