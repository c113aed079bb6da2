import type { CaptureConditions } from '@lumiskin/contract/analysis';
import type { HistoryItem } from '@lumiskin/contract/analysis-api';

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
    analysis_type: 'quick',
    scores: { acne: 70, oiliness: 70, redness: 70, texture: 70, radiance: 70, hydration: 70 },
    overall_score: 70,
    location: 'London, GB',
    capture: DAYLIGHT,
    ...overrides,
  };
}
