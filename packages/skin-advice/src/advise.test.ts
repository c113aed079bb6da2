import { describe, expect, it } from 'vitest';
import {
  QUICK_METRICS,
  Recommendation,
  Routine,
  scoreBand,
  type Finding,
  type MetricKey,
} from '@lumiskin/contract/analysis';
import { BASES_AND_BOOSTERS, catalogue } from '../test/catalogue';
import { advise, type AdviceInput } from './advise';
import { createCatalogue } from './catalogue';

const scores: Partial<Record<MetricKey, number>> = Object.fromEntries(
  QUICK_METRICS.map((k) => [k, k === 'acne' ? 35 : 82]),
);
const findings: Finding[] = Object.entries(scores).map(([metric, score]) => ({
  metric: metric as MetricKey,
  score: score!,
  band: scoreBand(score!),
  summary: 'Measured from the photo.',
  regions: ['forehead'],
  confidence: 0.9,
  estimated: false,
}));
const input: AdviceInput = {
  analysisType: 'quick',
  scores,
  overall_score: 75,
  findings,
  profileSkinType: null,
  estimatedSkinType: 'oily',
  concerns: ['acne'],
  environment: null,
  catalogue,
};

describe('advise: one interpreter for a scan', () => {
  it('returns the recommendation, routine and report in the wire shapes', () => {
    const advice = advise(input);
    Recommendation.parse(advice.recommendation);
    Routine.parse(advice.routine);
    expect(advice.routine.morning.length).toBeGreaterThan(0);
    expect(advice.report.length).toBeGreaterThan(100);
    // The report restates the routine it was given: the same base, and the low acne score's advice.
    expect(advice.report).toContain(advice.recommendation.base.name);
    expect(advice.recommendation.see_dermatologist).toBe(true);
  });

  it("uses the profile's skin type when the person set one (moved from the engine's tests)", () => {
    const advice = advise({ ...input, profileSkinType: 'dry' });
    expect(advice.recommendation.skin_type).toBe('dry');
    expect(advice.recommendation.skin_type_source).toBe('profile');
    const estimated = advise(input);
    expect(estimated.recommendation.skin_type).toBe('oily');
    expect(estimated.recommendation.skin_type_source).toBe('estimated');
  });

  it('names products from the catalogue it is given, not from a copy of its own', () => {
    const renamed = createCatalogue(
      BASES_AND_BOOSTERS.bases.map((b) => ({ ...b, name: `${b.name} v2` })),
      BASES_AND_BOOSTERS.boosters,
    );
    const advice = advise({ ...input, catalogue: renamed });
    expect(advice.recommendation.base.name).toMatch(/ v2$/);
    expect(advice.routine.morning.find((s) => s.kind === 'base')?.name).toMatch(/ v2$/);
  });

  it('refuses a catalogue that lacks a product the rules can name', () => {
    expect(() =>
      createCatalogue(BASES_AND_BOOSTERS.bases.slice(1), BASES_AND_BOOSTERS.boosters),
    ).toThrow(/missing aquahydra/);
  });
});
