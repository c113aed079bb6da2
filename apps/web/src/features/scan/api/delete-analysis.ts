import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const deleteAnalysis = (id: string) =>
  api.delete<void>(`/analysis/${encodeURIComponent(id)}`);

/** DELETE /api/analysis/{id}: the scan and its photo are gone for good. */
export function useDeleteAnalysis() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAnalysis,
    onSuccess: (_void, id) => {
      queryClient.removeQueries({ queryKey: ['analysis', id] });
      void queryClient.invalidateQueries({ queryKey: ['analysis-history'] });
      void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
    },
  });
}
