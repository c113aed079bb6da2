import { HistoryResponse } from '@lumiskin/contract/analysis-api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequestWithHeaders, totalCount } from '@/lib/api-client';

const LIMIT = 50;

/** GET /api/analysis/history: the newest 50 scans and the number of all of them. */
export async function getProfileHistory(signal?: AbortSignal) {
  const { data, headers } = await apiRequestWithHeaders<unknown>(
    `/analysis/history?limit=${LIMIT}`,
    { signal },
  );
  const items = HistoryResponse.parse(data);
  return { items, total: totalCount(headers) ?? items.length };
}

export const profileHistoryQueryOptions = () =>
  queryOptions({
    queryKey: ['analysis', 'history', 'profile'] as const,
    queryFn: ({ signal }) => getProfileHistory(signal),
  });

export function useProfileHistory() {
  return useQuery(profileHistoryQueryOptions());
}
