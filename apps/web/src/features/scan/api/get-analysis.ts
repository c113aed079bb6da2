import type { Analysis, HistoryItem } from '@lumiskin/contract/analysis-api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const getAnalysis = (id: string) => api.get<Analysis>(`/analysis/${encodeURIComponent(id)}`);

export const analysisQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['analysis', id], queryFn: () => getAnalysis(id), retry: false });

export function useAnalysis(id: string) {
  return useQuery(analysisQueryOptions(id));
}

/**
 * The scan made just before this one, for the comparison (the newest 100 are enough to find it
 * for anyone but the most devoted scanner; older analyses simply show no comparison).
 */
export async function getPreviousScan(analysis: Analysis): Promise<HistoryItem | null> {
  const history = await api.get<HistoryItem[]>('/analysis/history?limit=100');
  const index = history.findIndex((item) => item.id === analysis.id);
  if (index >= 0) return history[index + 1] ?? null;
  return history.find((item) => item.created_at < analysis.created_at) ?? null;
}

export function usePreviousScan(analysis: Analysis | undefined) {
  return useQuery({
    queryKey: ['analysis-history', 'previous', analysis?.id],
    queryFn: () => getPreviousScan(analysis as Analysis),
    enabled: analysis !== undefined,
  });
}
