import { scoreBand, trend, type ScoreBand } from '@lumiskin/contract/analysis';

/** Score colours (docs/product-rules.md#score-bands) with a word beside them (never colour alone, docs/design.md#colour). */
export const BAND_LABEL: Record<ScoreBand, string> = {
  good: 'Good',
  fair: 'Fair',
  poor: 'Needs care',
};

export const BAND_BAR_CLASS: Record<ScoreBand, string> = {
  good: 'bg-success',
  fair: 'bg-warning',
  poor: 'bg-destructive',
};

export const BAND_BADGE: Record<ScoreBand, 'success' | 'warning' | 'destructive'> = {
  good: 'success',
  fair: 'warning',
  poor: 'destructive',
};

/** Zone tints on the photo (SVG fill/stroke), matching the score colours. */
export const BAND_COLOR: Record<ScoreBand, string> = {
  good: '#22c55e',
  fair: '#f59e0b',
  poor: '#ef4444',
};

export { scoreBand };

/**
 * docs/product-rules.md#trends trend indicator: current minus previous; |diff| under 2 is 'No change', above 0 a green
 * '+N.N%', below a red 'N.N%'.
 */
export function trendLabel(current: number, previous: number | null | undefined) {
  const t = trend(current, previous);
  if (t.kind === 'none') return null;
  if (t.kind === 'same') return { kind: t.kind, text: 'No change' };
  return { kind: t.kind, text: `${t.diff > 0 ? '+' : ''}${t.diff.toFixed(1)}%` };
}
