import type { HistoryItem } from '@lumiskin/contract/analysis-api';
import { METRIC_LABELS, type Finding } from '@lumiskin/contract/analysis';
import { ArrowDownRightIcon, ArrowRightIcon, ArrowUpRightIcon, InfoIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { REGION_LABELS } from '@/features/scan/components/photo-zones';
import {
  BAND_BADGE,
  BAND_BAR_CLASS,
  BAND_LABEL,
  scoreBand,
  trendLabel,
} from '@/features/scan/lib/score';
import { cn } from '@/lib/utils';

/** One bar per measure: score in its band colour, what it means, where it was seen, the trend. */
export function MetricList({
  findings,
  previous,
}: {
  findings: Finding[];
  previous: HistoryItem | null;
}) {
  return (
    <ul className="divide-y">
      {findings.map((finding) => {
        const band = scoreBand(finding.score);
        const before = previous?.scores[finding.metric];
        const t = trendLabel(finding.score, before);
        return (
          <li
            key={finding.metric}
            className="py-4 first:pt-0 last:pb-0"
            data-testid={`metric-${finding.metric}`}
          >
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <h3 className="font-semibold">{METRIC_LABELS[finding.metric]}</h3>
              <Badge variant={BAND_BADGE[band]}>{BAND_LABEL[band]}</Badge>
              {finding.estimated ? (
                <Badge
                  variant="outline"
                  title="A photo cannot show this directly; it is estimated from related signs."
                >
                  <InfoIcon aria-hidden /> Estimate
                </Badge>
              ) : null}
              <span className="ml-auto flex items-center gap-3">
                {t ? (
                  <span
                    className={cn(
                      'inline-flex items-center gap-1 text-xs font-semibold',
                      t.kind === 'up' && 'text-success',
                      t.kind === 'down' && 'text-destructive',
                      t.kind === 'same' && 'text-muted-foreground',
                    )}
                    title={`Previous scan: ${before}`}
                  >
                    {t.kind === 'up' ? (
                      <ArrowUpRightIcon className="size-3.5" aria-hidden />
                    ) : t.kind === 'down' ? (
                      <ArrowDownRightIcon className="size-3.5" aria-hidden />
                    ) : (
                      <ArrowRightIcon className="size-3.5" aria-hidden />
                    )}
                    {t.text}
                  </span>
                ) : null}
                <span className="text-lg font-semibold tabular-nums">{finding.score}</span>
              </span>
            </div>
            <div
              className="mt-2 h-2 overflow-hidden rounded-full bg-muted"
              role="meter"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={finding.score}
              aria-label={`${METRIC_LABELS[finding.metric]} score`}
            >
              <div
                className={cn(
                  'h-full rounded-full transition-[width] duration-500 motion-reduce:transition-none',
                  BAND_BAR_CLASS[band],
                )}
                style={{ width: `${finding.score}%` }}
              />
            </div>
            <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{finding.summary}</p>
            {finding.regions.length > 0 ? (
              <p className="mt-1 text-xs text-muted-foreground">
                Seen most on: {finding.regions.map((r) => REGION_LABELS[r]).join(', ')}
              </p>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
