import { AdminOverview } from '@lumiskin/contract/admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/api-client';

/** GET /api/admin/overview: aggregates per day over the period. */
export const overviewQueryOptions = (days: number) =>
  queryOptions({
    queryKey: ['admin', 'overview', days] as const,
    queryFn: async ({ signal }) =>
      AdminOverview.parse(await api.get<unknown>(`/admin/overview?days=${days}`, { signal })),
  });

export const useOverview = (days: number) => useQuery(overviewQueryOptions(days));
