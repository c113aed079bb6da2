import type { MeasuredFinding, MetricKey, RegionKey } from '@lumiskin/contract/analysis';
import { scoreBand } from '@lumiskin/contract/constants';
import { ESTIMATED_METRICS, type MetricResult } from './scoring';

/** Zones where a metric is worst: up to two zones scoring below the good band, lowest first. */
function worstRegions(result: MetricResult): RegionKey[] {
  return (Object.entries(result.regionScores) as Array<[RegionKey, number]>)
    .filter(([, s]) => s < 80)
    .sort((a, b) => a[1] - b[1] || a[0].localeCompare(b[0]))
    .slice(0, 2)
    .map(([r]) => r);
}

/**
 * What the engine found for a metric: its score and band, the zones where it is worst, how far the
 * photo lets the number be trusted. The sentence a person reads is skin-advice's (describe.ts).
 */
export function buildFinding(
  metric: MetricKey,
  result: MetricResult,
  confidence: number,
): MeasuredFinding {
  const band = scoreBand(result.score);
  const regions = band === 'good' ? [] : worstRegions(result);
  return {
    metric,
    score: result.score,
    band,
    regions,
    confidence: Math.round(Math.max(0, Math.min(1, confidence)) * 100) / 100,
    estimated: ESTIMATED_METRICS.has(metric),
  };
}
