import {
  METRIC_LABELS,
  PROFILE_METRICS,
  scoreBand,
  type MetricKey,
} from '@lumiskin/contract/analysis';
import { trend } from '@lumiskin/contract/trends';
import type { HistoryItem } from '@lumiskin/contract/analysis-api';
import { comparableBaseline, type CaptureDifference } from '@/lib/scan/baseline';
import { changedMethods } from '@/lib/scan/methods';

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

export interface Improvement {
  /**
   * Rounded difference of the two five-score averages, in points; null when one of the five was
   * measured with a different method in the two scans (decision 037): then there is no change.
   */
  points: number | null;
  /**
   * Whether that difference is a change: 'same' within the profile average's noise band (contract
   * `noiseBand('profile')`, decision 089), else its direction; null with `points`.
   */
  kind: 'up' | 'down' | 'same' | null;
  /** Set when the newest scan has no comparable earlier one: what differed from the previous. */
  unlike: CaptureDifference[] | null;
  /** The five's metrics whose method changed between the two scans (empty when none did). */
  newMethods: MetricKey[];
  /** When the earlier scan of the two was taken (ISO): what the figure is "since". */
  since: string;
}

/**
 * docs/product-rules.md#profile: improvement = average of the five scores of the newest scan minus that of the
 * second newest, rounded; here the most recent earlier scan taken in comparable conditions stands
 * in for the second newest (`comparableBaseline`). Null with fewer than two scans. No figure
 * (points null) when the two scans measured one of the five with different methods. Within the
 * average's noise band the change reads "No change", like every trend (docs/product-rules.md#trends).
 */
export function improvement(scansNewestFirst: readonly HistoryItem[]): Improvement | null {
  const [newest, ...earlier] = scansNewestFirst;
  if (!newest) return null;
  const baseline = comparableBaseline(newest, earlier);
  if (baseline.kind === 'none') return null;
  const a = fiveScoreAverage(newest);
  const b = fiveScoreAverage(baseline.scan);
  if (a === null || b === null) return null;
  const newMethods = changedMethods(newest, baseline.scan).filter((m) =>
    (PROFILE_METRICS as readonly MetricKey[]).includes(m),
  );
  const t = trend(a, b, 'profile');
  return {
    points: newMethods.length ? null : Math.round(a - b),
    kind: newMethods.length ? null : t.kind === 'none' ? null : t.kind,
    unlike: baseline.kind === 'unlike' ? baseline.reasons : null,
    newMethods,
    since: baseline.scan.created_at,
  };
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
