import { METRIC_LABELS, scoreBand, type MetricKey } from '@lumiskin/contract/analysis';
import type { HistoryItem } from '@lumiskin/contract/analysis-api';

/**
 * The profile's five scores (spec §3: acne, oiliness, dullness, hydration, texture). Our engine
 * measures dullness as its opposite, radiance, so radiance stands in for it.
 */
export const PROFILE_METRICS = [
  'acne',
  'oiliness',
  'radiance',
  'hydration',
  'texture',
] as const satisfies readonly MetricKey[];

export function profileMetricLabel(metric: (typeof PROFILE_METRICS)[number]): string {
  return METRIC_LABELS[metric];
}

/** Mean of the five scores a scan has (missing ones are left out), or null if it has none. */
export function fiveScoreAverage(scan: HistoryItem): number | null {
  const values = PROFILE_METRICS.flatMap((m) => {
    const v = scan.scores[m];
    return typeof v === 'number' ? [v] : [];
  });
  return values.length ? values.reduce((a, b) => a + b, 0) / values.length : null;
}

/**
 * Spec §2/§9: improvement = average of the five scores of the newest scan minus that of the
 * second newest, rounded. Null with fewer than two scans.
 */
export function improvementPercent(scansNewestFirst: readonly HistoryItem[]): number | null {
  const [newest, second] = scansNewestFirst;
  if (!newest || !second) return null;
  const a = fiveScoreAverage(newest);
  const b = fiveScoreAverage(second);
  if (a === null || b === null) return null;
  return Math.round(a - b);
}

/** The history tab's recommendation badge, from the overall score's band. */
export function recommendationFor(score: number): {
  label: string;
  variant: 'success' | 'warning' | 'destructive';
} {
  const band = scoreBand(score);
  if (band === 'good') return { label: 'Keep your routine', variant: 'success' };
  if (band === 'fair') return { label: 'Fine-tune your routine', variant: 'warning' };
  return { label: 'Focus on gentle care', variant: 'destructive' };
}

export { scoreBand };
