import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/api-client';
import { getAnalysisQueryOptions } from '@/lib/api/get-analysis';
import { getDashboardStatsQueryOptions } from '@/lib/api/get-dashboard-stats';
import { getScanHistoryQueryOptions, type ScanHistoryPage } from '@/lib/api/get-scan-history';

export const deleteAnalysis = (id: string) =>
  api.delete<void>(`/analysis/${encodeURIComponent(id)}`);

/** DELETE /api/analysis/{id}: the scan and its photo are gone for good. */
export function useDeleteAnalysis() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAnalysis,
    onSuccess: (_void, id) => {
      queryClient.removeQueries({ queryKey: getAnalysisQueryOptions(id).queryKey, exact: true });
      // Out of every list at once: the dashboard opened next showed the deleted scan as the latest
      // (and asked the server for it, a 404) until its lists came back from the server.
      const historyKey = getScanHistoryQueryOptions().queryKey;
      queryClient.setQueriesData<ScanHistoryPage>({ queryKey: historyKey }, (page) =>
        page?.items.some((item) => item.id === id)
          ? {
              items: page.items.filter((item) => item.id !== id),
              total: Math.max(0, page.total - 1),
            }
          : page,
      );
      void queryClient.invalidateQueries({ queryKey: historyKey });
      void queryClient.invalidateQueries({ queryKey: getDashboardStatsQueryOptions().queryKey });
    },
  });
}
