import type { HistoryPeriod } from '@lumiskin/contract/analysis-api';
import { LineChartIcon } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import {
  useScanHistory,
  type HistoryItem,
  type HistorySourceFilter,
} from '@/lib/api/get-scan-history';
import { PROGRESS_FIRST_VIEW } from '@/features/dashboard/api/prefetch-dashboard';
import { HistoryFilters, PERIOD_LABELS } from '@/features/dashboard/components/history-filters';
import { LoadError } from '@/components/load-error';
import { ScanList } from '@/features/dashboard/components/scan-list';

// Recharts is the heaviest thing on the page (~350 kB): its own chunk, asked for only once the
// chart's place is near the screen and the page has painted (DeferredChart), so the first tiles
// never wait for it to download and run.
const ScoreChart = lazy(() =>
  import('@/features/dashboard/components/score-chart').then((m) => ({ default: m.ScoreChart })),
);

/** How far below the screen the chart's place may be when its code is asked for. */
const CHART_MARGIN = '300px';

/**
 * The chart's placeholder until its place comes within CHART_MARGIN of the screen, then (after a
 * painted frame) the chart. Where IntersectionObserver is missing, the chart loads at once.
 */
function DeferredChart({ scans }: { scans: HistoryItem[] }) {
  const place = useRef<HTMLDivElement>(null);
  const [isNear, setIsNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = place.current;
    if (isNear || !element) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        // A frame first: the cards above it paint before the chart's code is fetched and run.
        requestAnimationFrame(() => (timer = setTimeout(() => setIsNear(true), 0)));
      },
      { rootMargin: CHART_MARGIN },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      clearTimeout(timer);
    };
  }, [isNear]);
  const placeholder = <Skeleton className="h-72" />;
  if (!isNear) return <div ref={place}>{placeholder}</div>;
  return (
    <Suspense fallback={placeholder}>
      <ScoreChart scans={scans} />
    </Suspense>
  );
}

const SHOWN = 10;

/** Scan history and progress (docs/product-rules.md#dashboard): chart, filters, the ten most recent, View All. */
export function ProgressSection({ totalScans }: { totalScans: number }) {
  const [period, setPeriod] = useState<HistoryPeriod>(PROGRESS_FIRST_VIEW.period);
  const [source, setSource] = useState<HistorySourceFilter>(PROGRESS_FIRST_VIEW.source);
  // One read serves the chart and the list; the scans past the 10th give the shown ones a
  // comparable baseline for their trends.
  const history = useScanHistory({ limit: PROGRESS_FIRST_VIEW.limit, period, source });
  const scans = history.data?.items ?? [];
  const matching = history.data?.total ?? 0;

  return (
    <Card className="p-6" aria-labelledby="progress-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="progress-title" className="text-h3 font-semibold">
            Scan History &amp; Progress
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">
            {PERIOD_LABELS[period]} · {matching} {matching === 1 ? 'scan' : 'scans'}
          </p>
        </div>
        <HistoryFilters period={period} source={source} onPeriod={setPeriod} onSource={setSource} />
      </div>

      {history.isError ? (
        <LoadError
          what="your scan history"
          onRetry={() => void history.refetch()}
          className="mt-5"
        />
      ) : !history.data ? (
        <div className="mt-5 grid gap-3">
          <Skeleton className="h-64" />
          <Skeleton className="h-20" />
          <Skeleton className="h-20" />
        </div>
      ) : scans.length === 0 ? (
        <div className="mt-5 flex flex-col items-center rounded-xl border border-dashed p-8 text-center">
          <LineChartIcon className="size-6 text-muted-foreground" aria-hidden />
          <p className="mt-2 font-medium">No scans in this period</p>
          <p className="text-sm text-muted-foreground">Try a longer period or another source.</p>
        </div>
      ) : (
        <div className="mt-5 grid gap-6">
          <DeferredChart scans={scans} />
          <ScanList scans={scans} shown={SHOWN} />
          {matching > SHOWN || totalScans > SHOWN ? (
            <Button asChild variant="outline" className="justify-self-center">
              <Link to={paths.history.href}>View All History ({totalScans} total)</Link>
            </Button>
          ) : null}
        </div>
      )}
    </Card>
  );
}
