import { DashboardStatsResponse } from '@lumiskin/contract/dashboard';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/api-client';
import { timeZoneHeaders } from '@/lib/platform/time-zone';

/** GET /api/dashboard/stats: total, average overall score (null when none), this week, streak. */
export async function getDashboardStats(signal?: AbortSignal) {
  const { stats } = DashboardStatsResponse.parse(
    await api.get<unknown>('/dashboard/stats', { signal, headers: timeZoneHeaders() }),
  );
  return stats;
}

export const getDashboardStatsQueryOptions = () =>
  queryOptions({
    queryKey: ['dashboard', 'stats'] as const,
    queryFn: ({ signal }) => getDashboardStats(signal),
  });

export function useDashboardStats() {
  return useQuery(getDashboardStatsQueryOptions());
}
