import { ScanFaceIcon, SparklesIcon } from 'lucide-react';
import { lazy, useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { AfterFirstPaint } from '@/components/after-first-paint';
import { Card } from '@/components/ui/card';
import { InlineSkeleton, Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/api/auth';
import { useAccount } from '@/lib/api/get-account';
import { useAnalysis } from '@/lib/api/get-analysis';
import { useDashboardStats } from '@/lib/api/get-dashboard-stats';
import { useScanHistory } from '@/lib/api/get-scan-history';
import { useUpdateAccount } from '@/lib/api/update-account';
import { browserTimeZone } from '@/lib/platform/time-zone';
import { LATEST_SCANS } from '@/features/dashboard/api/prefetch-dashboard';
import { LatestScanCard } from '@/features/dashboard/components/latest-scan-card';
import { LoadError } from '@/components/load-error';
import { StatCards } from '@/features/dashboard/components/stat-cards';
import { formatDate, plural } from '@/lib/format';
import { WelcomeHeading } from '@/features/dashboard/components/welcome-heading';

/**
 * The cards below the first screen on a phone (progress, routine, tips, goals) and what they
 * import (dialogs, selects, the history list): asked for once the top has painted, so their ~20
 * files do not share the first paint's connections and main thread (decision 040).
 */
const DashboardLower = lazy(() => import('@/features/dashboard/components/dashboard-lower'));

/** Until then: a placeholder a screen tall, so the footer stays below the first screen. */
const LOWER_PLACEHOLDER = <Skeleton className="min-h-dvh rounded-2xl" />;

/** The streak counts days in the user's zone: tell the server the browser's once if it differs. */
function useTimeZoneSync() {
  const account = useAccount();
  const update = useUpdateAccount();
  const sent = useRef(false);
  const stored = account.data?.timezone;
  useEffect(() => {
    const zone = browserTimeZone();
    if (sent.current || !stored || !zone || zone === stored) return;
    sent.current = true;
    update.mutate({ timezone: zone });
  }, [stored, update]);
}

function EmptyState() {
  return (
    <Card className="flex flex-col items-center p-10 text-center">
      <span className="inline-flex size-14 items-center justify-center rounded-2xl bg-primary-soft text-primary-text">
        <ScanFaceIcon className="size-7" aria-hidden />
      </span>
      <h2 className="mt-4 text-h2 font-semibold">No scans yet</h2>
      <p className="mt-2 max-w-md text-muted-foreground">
        Start your skincare journey with your first AI analysis
      </p>
      <Button asChild size="lg" className="mt-6">
        <Link to={paths.scan.href}>Take Your First Scan</Link>
      </Button>
    </Card>
  );
}

export default function DashboardRoute() {
  const { user } = useAuth();
  const stats = useDashboardStats();
  // The newest scan and those before it: its trends are against the most recent one taken in
  // comparable conditions, which may be a few scans back.
  const latest = useScanHistory(LATEST_SCANS);
  const newest = latest.data?.items[0];
  const analysis = useAnalysis(newest?.id);
  useTimeZoneSync();
  if (!user) return null;

  const total = stats.data?.total_analyses ?? latest.data?.total ?? 0;
  const hasScans = (latest.data?.items.length ?? 0) > 0;

  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-1 gap-6 px-4 py-8 sm:px-6 sm:py-10">
      <title>Dashboard — Lumiskin</title>
      <section className="relative overflow-hidden rounded-[1.75rem] border bg-card p-6 shadow-soft sm:p-8">
        <div
          aria-hidden
          className="pointer-events-none absolute inset-0 [background:var(--hero-glow)]"
        />
        <div className="relative flex flex-col gap-5 sm:flex-row sm:items-end sm:justify-between">
          <div>
            <Badge variant="accent">
              <SparklesIcon aria-hidden /> Your skin space
            </Badge>
            <WelcomeHeading user={user} />
            <p className="mt-2 text-muted-foreground">
              Active since {formatDate(user.created_at)} ·{' '}
              {stats.data ? (
                <span data-testid="scans-completed">
                  {plural(stats.data.total_analyses, 'scan')} completed
                </span>
              ) : (
                <InlineSkeleton className="h-4 w-24" />
              )}
            </p>
          </div>
          <Button asChild size="lg">
            <Link to={paths.scan.href}>
              <ScanFaceIcon aria-hidden /> New Scan
            </Link>
          </Button>
        </div>
      </section>

      {stats.isError ? (
        <LoadError what="your statistics" onRetry={() => void stats.refetch()} />
      ) : (
        <StatCards stats={stats.data} />
      )}

      {latest.isError ? (
        <LoadError what="your latest scan" onRetry={() => void latest.refetch()} />
      ) : !latest.data ? (
        <Skeleton className="h-64 rounded-2xl" />
      ) : newest ? (
        <LatestScanCard scan={newest} earlier={latest.data.items.slice(1)} />
      ) : (
        <EmptyState />
      )}

      {/* Below the first screen on a phone: its own chunk, rendered once the cards above have
          painted (decision 040). */}
      <AfterFirstPaint fallback={LOWER_PLACEHOLDER}>
        <DashboardLower
          hasScans={hasScans}
          totalScans={total}
          analysis={analysis.data}
          isAnalysisLoading={Boolean(newest) && analysis.isPending}
          latestScore={newest?.overall_score ?? null}
          stats={stats.data}
        />
      </AfterFirstPaint>
    </div>
  );
}
