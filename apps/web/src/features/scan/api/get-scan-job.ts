import type { ScanJob } from '@lumiskin/contract/scan';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/api-client';

/** How often a queued or running scan is asked about. */
export const SCAN_JOB_POLL_MS = 1000;

/** GET /api/analysis/jobs/{id}: where a queued scan is (server in SCAN_MODE=queue). */
export function getScanJob(id: string, signal?: AbortSignal): Promise<ScanJob> {
  return api.get<ScanJob>(`/analysis/jobs/${encodeURIComponent(id)}`, { signal });
}

export function getScanJobQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['analysis', 'job', id] as const,
    queryFn: ({ signal }) => getScanJob(id, signal),
    // Asked again every second until the scan is done or failed, then never.
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'done' || status === 'failed' ? false : SCAN_JOB_POLL_MS;
    },
    refetchIntervalInBackground: true,
    staleTime: 0,
  });
}

/** `accepted` (the 202 answer) is shown until the first poll answers. */
export function useScanJob(accepted: ScanJob) {
  return useQuery({ ...getScanJobQueryOptions(accepted.job_id), initialData: accepted });
}
