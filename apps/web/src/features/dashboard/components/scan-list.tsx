import { ANALYSIS_SOURCE_LABELS, type HistoryItem } from '@lumiskin/contract/analysis-api';
import { ArrowRightIcon, MapPinIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { ConditionsNote } from '@/components/conditions-note';
import { paths } from '@/config/paths';
import { comparableBaseline, metricUnlike } from '@/lib/scan/baseline';
import { changedMethods, methodChanged } from '@/lib/scan/methods';
import { MethodNote } from '@/components/method-note';
import {
  BAND_BADGE,
  BAND_LABEL,
  metricLabel,
  scoreBand,
  scoreEntries,
} from '@/components/score/score-bands';
import { formatDate, formatDateTime, formatScore } from '@/lib/format';
import { TrendIndicator } from '@/components/score/trend-indicator';

/**
 * The first `shown` of `scans` (newest first); each shows source, date, location, up to three
 * scores and, per metric, the trend against the most recent older scan in `scans` taken in
 * comparable conditions (none for a metric that scan measured with another method: a note says so
 * instead). `scans` may run past the shown ones so the last rows have a baseline too.
 */
export function ScanList({ scans, shown }: { scans: readonly HistoryItem[]; shown: number }) {
  return (
    <ol className="grid gap-2" data-testid="scan-list">
      {scans.slice(0, shown).map((scan, i) => {
        const band = scoreBand(scan.overall_score);
        const baseline = comparableBaseline(scan, scans.slice(i + 1));
        const previous = baseline.kind === 'none' ? undefined : baseline.scan;
        const unlike = baseline.kind === 'unlike' ? baseline.reasons : undefined;
        const entries = scoreEntries(scan.scores).slice(0, 3);
        const newMethods = changedMethods(scan, previous).filter((m) =>
          entries.some(([metric]) => metric === m),
        );
        return (
          <li
            key={scan.id}
            className="flex flex-col gap-3 rounded-xl border bg-background/60 p-4 sm:flex-row sm:items-center"
          >
            <div className="min-w-0 sm:w-56">
              <div className="flex flex-wrap items-center gap-2">
                <Badge variant="outline">{ANALYSIS_SOURCE_LABELS[scan.analysis_source]}</Badge>
                <Badge variant={BAND_BADGE[band]}>
                  {formatScore(scan.overall_score)} {BAND_LABEL[band]}
                </Badge>
              </div>
              <p className="mt-1.5 text-sm font-medium">{formatDateTime(scan.created_at)}</p>
              <p className="flex items-center gap-1 text-xs text-muted-foreground">
                <MapPinIcon className="size-3" aria-hidden /> {scan.location}
              </p>
              {unlike ? (
                <ConditionsNote reasons={unlike} prefix="Changes:" className="mt-1" />
              ) : baseline.kind === 'comparable' && !baseline.isPrevious ? (
                <p className="mt-1 text-xs text-muted-foreground">
                  Compared with {formatDate(baseline.scan.created_at)}, in similar conditions
                </p>
              ) : null}
              <MethodNote metrics={newMethods} className="mt-1" />
            </div>
            <dl className="grid flex-1 grid-cols-3 gap-2">
              {entries.map(([metric, value]) => (
                <div key={metric} className="min-w-0">
                  <dt className="truncate text-xs text-muted-foreground">{metricLabel(metric)}</dt>
                  <dd className="flex flex-wrap items-baseline gap-x-1.5">
                    <span className="font-semibold tabular-nums">{formatScore(value)}</span>
                    <TrendIndicator
                      metric={metric}
                      current={value}
                      previous={previous?.scores[metric]}
                      unlike={metricUnlike(
                        metric,
                        { score: value, capture: scan.capture },
                        previous && { score: previous.scores[metric], capture: previous.capture },
                        unlike,
                      )}
                      methodChanged={methodChanged(scan, previous, metric)}
                      label={metricLabel(metric)}
                    />
                  </dd>
                </div>
              ))}
            </dl>
            <Link
              to={paths.analysis.href(scan.id)}
              className="inline-flex min-h-11 items-center gap-1 self-start rounded-full px-3 text-sm font-semibold text-primary-text hover:bg-primary-soft sm:self-center"
            >
              View <span className="sr-only">scan of {formatDateTime(scan.created_at)}</span>
              <ArrowRightIcon className="size-4" aria-hidden />
            </Link>
          </li>
        );
      })}
    </ol>
  );
}
