import type { MetricKey } from '@lumiskin/contract/analysis';
import { describe, expect, it } from 'vitest';
import type { AnalysisResult } from '../src/engine';
import { mergeExternal } from '../src/external';
import { buildFinding } from '../src/findings';
import { ENGINE_METHOD_VERSION, METRIC_METHODS } from '../src/methods';

const ours: Partial<Record<MetricKey, number>> = { acne: 90, oiliness: 70, texture: 85 };
/** An engine result with three scores and two unmeasured metrics (no advice: the engine gives none). */
const result = {
  scores: ours,
  overall_score: 82,
  findings: Object.entries(ours).map(([metric, score]) =>
    buildFinding(metric as MetricKey, { score, raw: 0, regionScores: {} }, 0.9),
  ),
  unmeasured: [
    { metric: 'dark_spots', cause: 'skin_hidden' },
    { metric: 'redness', cause: 'skin_hidden' },
  ],
  estimated_skin_type: 'combination',
  overlays: {
    blemishes: [[120, 140, 4]],
    dark_spots: [],
    blackheads: [],
    lines: [],
    excluded: [
      {
        reason: 'beard',
        polygons: [
          [
            [10, 300],
            [200, 300],
            [100, 420],
          ],
        ],
      },
    ],
  },
  zone_notes: [{ region: 'chin', reason: 'beard', share: 0.6 }],
  capture: {
    white_point: [1.1, 1, 0.8],
    white_point_source: 'skin_locus',
    cast: 4,
    exposure: 62,
    face_px: 310,
    sharpness: 1.4,
  },
  methods: { ...METRIC_METHODS },
  method_version: ENGINE_METHOD_VERSION,
} as unknown as AnalysisResult;

describe('merging the external API scores', () => {
  it('counts a metric we left unmeasured as measured once the API scored it, and keeps overlays, notes and capture', () => {
    const merged = mergeExternal(result, { scores: { acne: 41, dark_spots: 55 } });
    expect(merged.scores).toEqual({ acne: 41, oiliness: 70, texture: 85, dark_spots: 55 });
    expect(merged.unmeasured.map((u) => u.metric)).toEqual(['redness']);
    expect(merged.findings.map((f) => f.metric)).toEqual([
      'acne',
      'oiliness',
      'texture',
      'dark_spots',
    ]);
    expect(merged.findings.find((f) => f.metric === 'dark_spots')).toMatchObject({
      score: 55,
      band: 'poor',
      confidence: 0.5,
    });
    expect(merged.overall_score).not.toBe(result.overall_score);
    // Merging measures; it never advises (the interpreter runs once, after it: the server's runScan).
    expect(merged).not.toHaveProperty('report');
    expect(merged).not.toHaveProperty('routine');
    expect(merged.overlays).toEqual(result.overlays);
    expect(merged.zone_notes).toEqual(result.zone_notes);
    expect(merged.capture).toEqual(result.capture);
    // The API's scores are the vendor's method (0), never differenced against ours; the rest keep ours.
    expect(merged.methods).toEqual({ ...METRIC_METHODS, acne: 0, dark_spots: 0 });
    expect(result.methods).toEqual(METRIC_METHODS);
  });
});
