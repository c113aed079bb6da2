import {
  METRIC_LABELS,
  scoreBand,
  type MetricKey,
  type ScoreBand,
} from '@lumiskin/contract/analysis';
import { noiseBand, trend, type NoiseKey } from '@lumiskin/contract/trends';
import type { HistoryItem } from '@lumiskin/contract/analysis-api';

/**
 * How a score is shown, once for the whole app (dashboard, scan, profile): its band's word,
 * badge, text and bar colours, its tint on the photo, its trend and its metric's label.
 */

/** Band colours, always with a word beside them (docs/design.md#colour: never colour alone). */
export const BAND_LABEL: Record<ScoreBand, string> = {
  good: 'Good',
  fair: 'Fair',
  poor: 'Needs care',
};

export const BAND_BADGE: Record<ScoreBand, 'success' | 'warning' | 'destructive'> = {
  good: 'success',
  fair: 'warning',
  poor: 'destructive',
};

/** A lighter red in dark mode: the destructive red is too dark to read on a dark card. */
export const BAND_TEXT: Record<ScoreBand, string> = {
  good: 'text-success',
  fair: 'text-warning',
  poor: 'text-destructive dark:text-[#f87171]',
};

export const BAND_BAR: Record<ScoreBand, string> = {
  good: 'bg-success',
  fair: 'bg-warning',
  poor: 'bg-destructive dark:bg-[#f87171]',
};

/** Zone tints on the photo and the ring (SVG fill/stroke), matching the score colours. */
export const BAND_COLOR: Record<ScoreBand, string> = {
  good: '#22c55e',
  fair: '#f59e0b',
  poor: '#ef4444',
};

export { scoreBand };

/**
 * A score's change as words (docs/product-rules.md#trends): within the score's noise band
 * (contract `noiseBand`, decision 089) "No change"; outside it, whole points with their direction,
 * "+5 pts" or "−7 pts" (`spoken` is the same for screen readers: "up 5 points"). Null when there is
 * nothing to compare with.
 */
export function trendLabel(current: number, previous: number | null | undefined, key: NoiseKey) {
  const t = trend(current, previous, key);
  if (t.kind === 'none') return null;
  if (t.kind === 'same')
    return {
      kind: t.kind,
      text: 'No change',
      spoken: 'no change',
      title: `Within ${noiseBand(key)} points: re-taking the same photo can move this score that much`,
    };
  const points = Math.round(Math.abs(t.diff));
  const unit = points === 1 ? 'point' : 'points';
  return {
    kind: t.kind,
    text: `${t.kind === 'up' ? '+' : '−'}${points} pts`,
    spoken: `${t.kind} ${points} ${unit}`,
    title: `${t.kind === 'up' ? 'Up' : 'Down'} ${points} ${unit}, more than the ${noiseBand(key)} a re-taken photo can move it`,
  };
}

/**
 * What a trend's colour says: better (green), worse (red), or neither: no change, or a change
 * against a scan in different conditions, which is not news either way. Shown as `data-tone`.
 */
export type TrendTone = 'good' | 'bad' | 'muted';

export function trendTone(kind: 'up' | 'down' | 'same', isUnlike: boolean): TrendTone {
  if (isUnlike || kind === 'same') return 'muted';
  return kind === 'up' ? 'good' : 'bad';
}

export const TREND_TEXT: Record<TrendTone, string> = {
  good: 'text-success',
  bad: 'text-destructive dark:text-[#f87171]',
  muted: 'text-muted-foreground',
};

/** Metric keys show underscores as spaces (docs/product-rules.md#entities); ours have proper labels. */
export function metricLabel(key: string): string {
  return METRIC_LABELS[key as MetricKey] ?? key.replace(/_/g, ' ');
}

/** The scores of a scan as [key, value] pairs, in the engine's metric order. */
export function scoreEntries(scores: HistoryItem['scores']): [MetricKey, number][] {
  return (Object.keys(METRIC_LABELS) as MetricKey[]).flatMap((key) => {
    const value = scores[key];
    return typeof value === 'number' ? [[key, value] as [MetricKey, number]] : [];
  });
}
