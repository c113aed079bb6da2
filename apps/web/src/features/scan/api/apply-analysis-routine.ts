import { RoutineResponse } from '@lumiskin/contract/routine';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/api-client';
import { getRoutineQueryOptions } from '@/lib/api/get-routine';
import { getRoutineHistoryQueryOptions } from '@/lib/api/get-routine-history';

/** POST /api/routine/from-analysis/{id}: 'Use this routine' replaces the user's routine. */
export async function applyAnalysisRoutine(analysisId: string) {
  return RoutineResponse.parse(
    await api.post<unknown>(`/routine/from-analysis/${encodeURIComponent(analysisId)}`),
  );
}

export function useApplyAnalysisRoutine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyAnalysisRoutine,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: getRoutineQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: getRoutineHistoryQueryOptions().queryKey }),
      ]),
  });
}
