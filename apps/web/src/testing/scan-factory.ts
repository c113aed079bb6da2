import { LEGACY_METHODS, type CaptureConditions } from '@lumiskin/contract/analysis';
import type { Analysis, HistoryItem } from '@lumiskin/contract/analysis-api';
import { CONSENT_VERSION, type ConsentStatus } from '@lumiskin/contract/scan';

/** Capture conditions of a photo in daylight, at arm's length, in focus. */
export const DAYLIGHT: CaptureConditions = {
  white_point: [1, 1, 1],
  white_point_source: 'eyes_teeth',
  cast: 0,
  exposure: 60,
  face_px: 400,
  sharpness: 10,
};

/** The same, under a warm bulb: far enough from daylight that `compareCaptures` says 'light'. */
export const WARM_LAMP: CaptureConditions = { ...DAYLIGHT, white_point: [1.4, 1, 0.6], cast: 12 };

let next = 0;

/** A history list item; scores default to 70 across the quick metrics. */
export function createHistoryItem(overrides: Partial<HistoryItem> = {}): HistoryItem {
  next += 1;
  const id = `scan_${next}`;
  return {
    id,
    _id: id,
    created_at: '2026-03-01T10:00:00.000Z',
    analysis_source: 'lumiskin_ai',
    computed_on: 'server',
    analysis_type: 'quick',
    scores: { acne: 70, oiliness: 70, redness: 70, texture: 70, radiance: 70, hydration: 70 },
    overall_score: 70,
    location: 'London, GB',
    capture: DAYLIGHT,
    methods: LEGACY_METHODS,
    ...overrides,
  };
}

export const ANALYSIS_ID = '5d0c8f0e-2f7a-4c1e-8a39-3e2b7c9d1a44';

/** A full analysis as GET /api/analysis/{id} answers it (a quick scan in London). */
export function createAnalysis(overrides: Partial<Analysis> = {}): Analysis {
  return {
    id: ANALYSIS_ID,
    _id: ANALYSIS_ID,
    created_at: '2026-03-02T09:30:00.000Z',
    analysis_source: 'lumiskin_ai',
    computed_on: 'server',
    analysis_type: 'quick',
    location: 'London, GB',
    place: { name: 'London', country_code: 'GB', lat: 51.5, lon: -0.13, timezone: 'Europe/London' },
    environment: {
      uv_index: 2,
      uv_level: 'low',
      season: 'spring',
      hemisphere: 'northern',
      humidity: null,
      temperature_c: null,
      weather_source: 'unknown',
    },
    concerns: [],
    scores: { acne: 72, oiliness: 81, texture: 78 },
    overall_score: 77,
    findings: [
      {
        metric: 'acne',
        score: 72,
        band: 'fair',
        summary: 'A few blemishes are visible on your chin.',
        regions: ['chin'],
        confidence: 0.82,
        estimated: false,
      },
      {
        metric: 'oiliness',
        score: 81,
        band: 'good',
        summary: 'Shine looks well balanced.',
        regions: [],
        confidence: 0.5,
        estimated: false,
      },
      {
        metric: 'texture',
        score: 78,
        band: 'fair',
        summary: 'The surface looks slightly uneven.',
        regions: [],
        confidence: 0.3,
        estimated: false,
      },
    ],
    routine: { morning: [], evening: [] },
    recommendations: {
      base: { id: 'sebobalance', name: 'SeboBalance', reason: 'Balances shine' },
      boosters: [],
      skin_type: 'combination',
      skin_type_source: 'estimated',
      spf: 30,
      notes: [],
      see_dermatologist: false,
    },
    full_response_text: 'Your skin looks healthy overall.',
    report_source: 'engine',
    regions: [
      {
        region: 'chin',
        polygons: [
          [
            [200, 380],
            [300, 380],
            [250, 450],
          ],
        ],
      },
    ],
    region_scores: { acne: { chin: 70 } },
    skin_tone: { ita: 35, category: 'intermediate' },
    estimated_skin_type: 'combination',
    angles: ['front'],
    photo: { url: `/api/analysis/${ANALYSIS_ID}/photo`, width: 500, height: 500 },
    timings_ms: { engine: 800, total: 900 },
    overlays: {
      blemishes: [
        [240, 400, 5],
        [260, 410, 4],
        [120, 250, 6],
      ],
      dark_spots: [[300, 220, 5]],
      blackheads: [],
      lines: [],
      excluded: [
        {
          reason: 'beard',
          polygons: [
            [
              [190, 420],
              [310, 420],
              [250, 480],
            ],
          ],
        },
      ],
    },
    zone_notes: [
      { region: 'chin', reason: 'beard', share: 0.4, message: 'Beard area not measured' },
    ],
    unmeasured: [{ metric: 'redness', reason: 'too little skin showed on your cheeks.' }],
    capture: null,
    methods: LEGACY_METHODS,
    ...overrides,
  };
}

/**
 * The photo consent's status: given on 1 Nov 2026 to the text of a server with no outside
 * service, unless told otherwise (`consentStatus({ given: false })` for none yet).
 */
export function consentStatus({
  given = true,
  ...overrides
}: Partial<ConsentStatus> & { given?: boolean } = {}): ConsentStatus {
  return {
    consented: given,
    consented_at: given ? '2026-11-01T10:00:00.000Z' : null,
    version: given ? CONSENT_VERSION : null,
    current_version: CONSENT_VERSION,
    outside_services: [],
    ...overrides,
  };
}
