import type { Analysis, HistoryItem } from '@lumiskin/contract/analysis-api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { comparableBaseline, type ScanBaseline } from '@/lib/scan-baseline';

export const getAnalysis = (id: string) => api.get<Analysis>(`/analysis/${encodeURIComponent(id)}`);

export const analysisQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['analysis', id], queryFn: () => getAnalysis(id), retry: false });

export function useAnalysis(id: string) {
  return useQuery(analysisQueryOptions(id));
}

/**
 * The scan this one is compared with: the latest earlier one taken in comparable conditions, or
 * the previous one marked unlike (lib/scan-baseline). The newest 100 are enough to find it for
 * anyone but the most devoted scanner; older analyses simply show no comparison.
 */
export async function getScanBaseline(analysis: Analysis): Promise<ScanBaseline<HistoryItem>> {
  const history = await api.get<HistoryItem[]>('/analysis/history?limit=100');
  const index = history.findIndex((item) => item.id === analysis.id);
  const earlier =
    index >= 0
      ? history.slice(index + 1)
      : history.filter((item) => item.created_at < analysis.created_at);
  return comparableBaseline<HistoryItem>(analysis, earlier);
}

export function useScanBaseline(analysis: Analysis | undefined) {
  return useQuery({
    queryKey: ['analysis-history', 'baseline', analysis?.id],
    queryFn: () => getScanBaseline(analysis as Analysis),
    enabled: analysis !== undefined,
  });
}
