import type { Analysis } from '@lumiskin/contract/analysis-api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/api-client';

/** GET /api/analysis/{id}: the full analysis (the analysis page; the dashboard's latest scan). */
export function getAnalysis(id: string, signal?: AbortSignal): Promise<Analysis> {
  return api.get<Analysis>(`/analysis/${encodeURIComponent(id)}`, { signal });
}

export function getAnalysisQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['analysis', 'detail', id] as const,
    queryFn: ({ signal }) => getAnalysis(id, signal),
    // An analysis never changes once made; it only goes (a delete removes it from the cache).
    staleTime: 5 * 60_000,
  });
}

export function useAnalysis(id: string | undefined) {
  return useQuery({ ...getAnalysisQueryOptions(id ?? ''), enabled: Boolean(id) });
}
