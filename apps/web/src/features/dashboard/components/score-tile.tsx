import type { MetricKey } from '@lumiskin/contract/analysis';
import { cn } from '@/lib/utils';
import type { CaptureDifference } from '@/lib/scan/baseline';
import {
  BAND_BAR,
  BAND_LABEL,
  BAND_TEXT,
  metricLabel,
  scoreBand,
} from '@/components/score/score-bands';
import { TrendIndicator } from '@/components/score/trend-indicator';
import { MethodNote } from '@/components/method-note';
import { formatScore } from '@/lib/format';

/**
 * One metric as a percentage tile: number, word, bar, and the change since the last comparable
 * scan, or, when that scan measured the metric with another method, a note saying so instead.
 */
export function ScoreTile({
  metric,
  value,
  previous,
  unlike,
  methodChanged = false,
  className,
}: {
  metric: MetricKey;
  value: number;
  previous?: number | undefined;
  /** Set when `previous` comes from a scan taken in different conditions. */
  unlike?: readonly CaptureDifference[] | undefined;
  /** The earlier scan measured this metric with another method: the value shows, no change. */
  methodChanged?: boolean;
  className?: string;
}) {
  const band = scoreBand(value);
  const label = metricLabel(metric);
  return (
    <div
      data-testid="score-tile"
      className={cn('rounded-xl border bg-background/60 p-3.5', className)}
    >
      <p className="truncate text-xs font-medium text-muted-foreground">{label}</p>
      <p className="mt-1 flex items-baseline gap-1.5">
        <span className={cn('text-2xl font-semibold tabular-nums', BAND_TEXT[band])}>
          {formatScore(value)}
        </span>
        <span className="text-xs font-medium text-muted-foreground">{BAND_LABEL[band]}</span>
      </p>
      <div
        className="mt-2 h-1.5 overflow-hidden rounded-full bg-muted forced-colors:border"
        aria-hidden
      >
        <div
          className={cn('h-full rounded-full forced-colors:bg-[CanvasText]', BAND_BAR[band])}
          style={{ width: `${value}%` }}
        />
      </div>
      {methodChanged ? (
        <MethodNote className="mt-2" />
      ) : previous !== undefined ? (
        <TrendIndicator
          metric={metric}
          current={value}
          previous={previous}
          unlike={unlike}
          label={label}
          className="mt-2"
        />
      ) : null}
    </div>
  );
}
