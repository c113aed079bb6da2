import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/api-client';
import { getAnalysisQueryOptions } from '@/lib/api/get-analysis';
import { getDashboardStatsQueryOptions } from '@/lib/api/get-dashboard-stats';
import { getScanHistoryQueryOptions } from '@/lib/api/get-scan-history';

export const deleteAnalysis = (id: string) =>
  api.delete<void>(`/analysis/${encodeURIComponent(id)}`);

/** DELETE /api/analysis/{id}: the scan and its photo are gone for good. */
export function useDeleteAnalysis() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAnalysis,
    onSuccess: (_void, id) => {
      queryClient.removeQueries({ queryKey: getAnalysisQueryOptions(id).queryKey, exact: true });
      void queryClient.invalidateQueries({ queryKey: getScanHistoryQueryOptions().queryKey });
      void queryClient.invalidateQueries({ queryKey: getDashboardStatsQueryOptions().queryKey });
    },
  });
}
