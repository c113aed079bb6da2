import type { HistoryItem } from '@lumiskin/contract/analysis-api';
import { PROFILE_METRICS } from '@lumiskin/contract/analysis';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { formatLongDate, formatScore } from '@/lib/format';
import { cn } from '@/lib/utils';
import { BAND_BAR, scoreBand } from '@/components/score/score-bands';
import { profileMetricLabel, recommendationFor } from '@/features/profile/components/scores';

/** The History tab (docs/product-rules.md#profile): numbered from newest, date, recommendation badge, five scores with bars. */
export function HistoryTab({ scans, total }: { scans: HistoryItem[]; total: number }) {
  if (scans.length === 0) {
    return (
      <div className="rounded-xl border border-dashed p-8 text-center">
        <p className="font-medium">No scans yet</p>
        <p className="mt-1 text-sm text-muted-foreground">
          Start your skincare journey with your first AI analysis
        </p>
        <Button asChild className="mt-4">
          <Link to={paths.scan.href}>Take Your First Scan</Link>
        </Button>
      </div>
    );
  }
  return (
    <div className="grid gap-3">
      <ol className="grid gap-3" data-testid="profile-history">
        {scans.map((scan, i) => {
          const rec = recommendationFor(scan.overall_score);
          return (
            <li key={scan.id} className="rounded-xl border bg-background/60 p-4">
              <div className="flex flex-wrap items-center gap-3">
                <span className="inline-flex size-8 items-center justify-center rounded-full bg-primary-soft text-sm font-semibold text-primary-soft-foreground">
                  {total - i}
                </span>
                <Link to={paths.analysis.href(scan.id)} className="font-semibold hover:underline">
                  {formatLongDate(scan.created_at)}
                </Link>
                <Badge variant={rec.variant} className="ml-auto">
                  {rec.label}
                </Badge>
              </div>
              <dl className="mt-3 grid gap-2 sm:grid-cols-5">
                {PROFILE_METRICS.map((metric) => {
                  const value = scan.scores[metric];
                  return (
                    // A name and its value, then the bar under both (a second <dd>, hidden from
                    // screen readers): a <dl> holds only groups of <dt> and <dd>.
                    <div key={metric} className="grid grid-cols-[1fr_auto] gap-y-1 text-xs">
                      <dt className="text-muted-foreground">{profileMetricLabel(metric)}</dt>
                      <dd className="text-right font-semibold tabular-nums">
                        {value === undefined ? '—' : formatScore(value)}
                      </dd>
                      <dd
                        className="col-span-2 h-1.5 overflow-hidden rounded-full bg-muted forced-colors:border"
                        aria-hidden
                      >
                        {value !== undefined ? (
                          <div
                            className={cn(
                              'h-full rounded-full forced-colors:bg-[CanvasText]',
                              BAND_BAR[scoreBand(value)],
                            )}
                            style={{ width: `${value}%` }}
                          />
                        ) : null}
                      </dd>
                    </div>
                  );
                })}
              </dl>
            </li>
          );
        })}
      </ol>
      {total > scans.length ? (
        <Button asChild variant="outline" className="justify-self-center">
          <Link to={paths.history.href}>View All History ({total} total)</Link>
        </Button>
      ) : null}
    </div>
  );
}
