import { RoutineResponse } from '@lumiskin/contract/routine';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * The routine queries' common key prefix (the dashboard's `routineKeys.all`: its routine and its
 * routine history both start with it). Features do not import each other, so it is spelled here.
 */
const ROUTINE_QUERIES = ['routine'] as const;

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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ROUTINE_QUERIES }),
  });
}
