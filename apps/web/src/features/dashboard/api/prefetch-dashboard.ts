import { HISTORY_MAX_LIMIT } from '@lumiskin/contract/constants';
import type { QueryClient } from '@tanstack/react-query';
import { meQueryOptions } from '@/lib/api/auth';
import { getAccountQueryOptions } from '@/lib/api/get-account';
import { getAnalysisQueryOptions } from '@/lib/api/get-analysis';
import { getDashboardStatsQueryOptions } from '@/lib/api/get-dashboard-stats';
import { getRoutineQueryOptions } from '@/lib/api/get-routine';
import { getScanHistoryQueryOptions, type ScanHistoryParams } from '@/lib/api/get-scan-history';
import { getSession } from '@/lib/platform/storage';

/** The newest scan and those before it (its trends are against the last comparable one). */
export const LATEST_SCANS: ScanHistoryParams = { limit: 20 };

/** The progress section's first read: its default period and source (chart and list). */
export const PROGRESS_FIRST_VIEW = {
  limit: HISTORY_MAX_LIMIT,
  period: '30days',
  source: 'all',
} as const satisfies ScanHistoryParams;

/**
 * Route loader of /dashboard (issue 13): every request the dashboard makes starts with the
 * navigation, side by side, while the page's chunk downloads; before, the session check, the
 * chunk and then the page's queries ran one after another, and the latest scan's analysis only
 * after the list. It does not wait for any of them: the page shell renders at once and each card
 * fills in as its answer arrives (the page's queries pick up these requests).
 */
export const dashboardLoader = (queryClient: QueryClient) => () => {
  if (!getSession()) return null;
  void queryClient.prefetchQuery(meQueryOptions());
  void queryClient.prefetchQuery(getDashboardStatsQueryOptions());
  void queryClient.prefetchQuery(getAccountQueryOptions());
  void queryClient.prefetchQuery(getRoutineQueryOptions());
  void queryClient.prefetchQuery(getScanHistoryQueryOptions(PROGRESS_FIRST_VIEW));
  void queryClient
    .fetchQuery(getScanHistoryQueryOptions(LATEST_SCANS))
    .then(({ items: [newest] }) =>
      newest ? queryClient.prefetchQuery(getAnalysisQueryOptions(newest.id)) : undefined,
    )
    // The page's own query shows the error and its retry.
    .catch(() => undefined);
  return null;
};
