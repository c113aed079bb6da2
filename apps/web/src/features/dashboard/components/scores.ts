import { METRIC_LABELS, scoreBand, trend, type MetricKey } from '@lumiskin/contract/analysis';
import type { HistoryItem } from '@lumiskin/contract/analysis-api';

export type ScoreBand = ReturnType<typeof scoreBand>;

/** Score colours (docs/product-rules.md#score-bands), always with a word beside them (docs/design.md#colour: never colour alone). */
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

export { scoreBand, trend };

/** The observed app showed metric keys with underscores as spaces (docs/product-rules.md#entities); ours have proper labels. */
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
