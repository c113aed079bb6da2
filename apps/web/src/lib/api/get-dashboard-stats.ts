import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/api-client';
import { timeZoneHeaders } from '@/lib/platform/time-zone';

/** GET /api/dashboard/stats: total, average overall score (null when none), this week, streak. */
export async function getDashboardStats(signal?: AbortSignal) {
  // The schema loads with the request, not with the page's first script (decision 120).
  const contract = import('@lumiskin/contract/dashboard');
  const body = await api.get<unknown>('/dashboard/stats', { signal, headers: timeZoneHeaders() });
  return (await contract).DashboardStatsResponse.parse(body).stats;
}

export const getDashboardStatsQueryOptions = () =>
  queryOptions({
    queryKey: ['dashboard', 'stats'] as const,
    queryFn: ({ signal }) => getDashboardStats(signal),
  });

export function useDashboardStats() {
  return useQuery(getDashboardStatsQueryOptions());
}
