import type { HistoryPeriod } from '@lumiskin/contract/analysis-api';
import { ArrowLeftIcon, ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useScanHistory, type HistorySourceFilter } from '@/lib/api/get-scan-history';
import {
  HistoryFilters,
  PERIOD_LABELS,
  SOURCE_LABELS,
} from '@/features/dashboard/components/history-filters';
import { LoadError } from '@/components/load-error';
import { ScanList } from '@/features/dashboard/components/scan-list';

const PAGE_SIZE = 20;
/** Older scans read past the page, where the page's last rows look for a comparable baseline. */
const LOOKBACK = 20;

function pick<T extends string>(value: string | null, allowed: readonly T[], fallback: T): T {
  return allowed.includes(value as T) ? (value as T) : fallback;
}

/** Every scan, 20 a page, with the dashboard's filters; page and filters live in the URL. */
export default function HistoryRoute() {
  const [params, setParams] = useSearchParams();
  const period = pick(params.get('period'), Object.keys(PERIOD_LABELS) as HistoryPeriod[], 'all');
  const source = pick(
    params.get('source'),
    Object.keys(SOURCE_LABELS) as HistorySourceFilter[],
    'all',
  );
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const history = useScanHistory({
    limit: PAGE_SIZE + LOOKBACK,
    offset: (page - 1) * PAGE_SIZE,
    period,
    source,
  });
  const items = history.data?.items ?? [];
  const total = history.data?.total ?? 0;
  const isFiltered = period !== 'all' || source !== 'all';
  // No scan at all (not just none in a period): the first scan, not filters, is the next step.
  const hasNoScans = history.data !== undefined && total === 0 && !isFiltered && page === 1;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));

  const update = (next: Record<string, string>) =>
    setParams((current) => {
      const merged = new URLSearchParams(current);
      for (const [k, v] of Object.entries(next)) merged.set(k, v);
      return merged;
    });

  return (
    <div className="mx-auto grid w-full max-w-5xl grid-cols-1 gap-6 px-4 py-8 sm:px-6 sm:py-10">
      <title>Scan history — Lumiskin</title>
      <div>
        <Link
          to={paths.dashboard.href}
          className="inline-flex items-center gap-1 text-sm font-medium text-primary-text hover:underline"
        >
          <ArrowLeftIcon className="size-4" aria-hidden /> Dashboard
        </Link>
        <h1 className="mt-2 text-h1 font-semibold">Scan history</h1>
        {/* With no scans the card below says it all: no "0 scans" and no sentence said twice. */}
        {hasNoScans ? null : (
          <p className="mt-1 text-muted-foreground">
            {history.data ? `${total} ${total === 1 ? 'scan' : 'scans'}` : 'Loading your scans'} ·
            each compared with the last one taken in similar conditions
          </p>
        )}
      </div>
      {hasNoScans ? (
        <Card className="flex flex-col items-center p-10 text-center">
          <h2 className="text-h2 font-semibold">No scans yet</h2>
          <p className="mt-2 max-w-md text-muted-foreground">
            Your scans will be listed here, each compared with the last one taken in similar
            conditions.
          </p>
          <Button asChild size="lg" className="mt-6">
            <Link to={paths.scan.href}>Take Your First Scan</Link>
          </Button>
        </Card>
      ) : (
        <Card className="grid gap-5 p-6">
          <HistoryFilters
            period={period}
            source={source}
            onPeriod={(p) => update({ period: p, page: '1' })}
            onSource={(s) => update({ source: s, page: '1' })}
          />
          {history.isError ? (
            <LoadError what="your scan history" onRetry={() => void history.refetch()} />
          ) : !history.data ? (
            <div className="grid gap-2">
              {Array.from({ length: 6 }, (_, i) => (
                <Skeleton key={i} className="h-20" />
              ))}
            </div>
          ) : items.length === 0 ? (
            <div className="rounded-xl border border-dashed p-8 text-center">
              <p className="font-medium">No scans match these filters</p>
              <p className="mt-1 text-sm text-muted-foreground">
                Try another period or source, or{' '}
                <Link
                  to={paths.scan.href}
                  className="font-semibold text-primary-text hover:underline"
                >
                  take a new scan
                </Link>
                .
              </p>
            </div>
          ) : (
            <ScanList scans={items} shown={PAGE_SIZE} />
          )}
          {pages > 1 ? (
            <nav aria-label="Pages" className="flex items-center justify-between gap-3">
              <Button
                variant="outline"
                size="sm"
                disabled={page <= 1}
                onClick={() => update({ page: String(page - 1) })}
              >
                <ChevronLeftIcon aria-hidden /> Newer
              </Button>
              <span className="text-sm text-muted-foreground">
                Page {page} of {pages}
              </span>
              <Button
                variant="outline"
                size="sm"
                disabled={page >= pages}
                onClick={() => update({ page: String(page + 1) })}
              >
                Older <ChevronRightIcon aria-hidden />
              </Button>
            </nav>
          ) : null}
        </Card>
      )}
    </div>
  );
}
