import { METRIC_LABELS, type MetricKey } from '@lumiskin/contract/analysis';
import type { RecommendInput } from './recommend';

/** Small helpers the recommender's sentences share. */

export const label = (k: MetricKey) => METRIC_LABELS[k].toLowerCase();

export function scoreOf(scores: RecommendInput['scores'], key: MetricKey): number | null {
  const v = scores[key];
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

export function joinAnd(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

export function formatUv(uv: number): string {
  return (Math.round(uv * 10) / 10).toString();
}
