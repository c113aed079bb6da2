import type { Analysis } from '@lumiskin/contract/analysis-api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/analysis/{id}: the full analysis, read here for the latest scan's findings. */
export function getAnalysis(id: string, signal?: AbortSignal): Promise<Analysis> {
  return api.get<Analysis>(`/analysis/${encodeURIComponent(id)}`, { signal });
}

export function analysisQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['analysis', 'one', id] as const,
    queryFn: ({ signal }) => getAnalysis(id, signal),
    staleTime: 5 * 60_000,
  });
}

export function useAnalysis(id: string | undefined) {
  return useQuery({ ...analysisQueryOptions(id ?? ''), enabled: Boolean(id) });
}
