import { RoutineResponse, type ApplySplitBody } from '@lumiskin/contract/routine';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/api-client';
import { getRoutineQueryOptions } from '@/lib/api/get-routine';
import { getRoutineHistoryQueryOptions } from '@/lib/api/get-routine-history';
import { timeZoneHeaders } from '@/lib/platform/time-zone';

/** POST /api/routine/split: applies one suggested split (both steps at once); answers the routine. */
export async function applySplit(body: ApplySplitBody) {
  return RoutineResponse.parse(
    await api.post<unknown>('/routine/split', body, { headers: timeZoneHeaders() }),
  );
}

export function useApplySplit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applySplit,
    onSuccess: (routine) => {
      queryClient.setQueryData(getRoutineQueryOptions().queryKey, routine);
      return queryClient.invalidateQueries({ queryKey: getRoutineHistoryQueryOptions().queryKey });
    },
  });
}
