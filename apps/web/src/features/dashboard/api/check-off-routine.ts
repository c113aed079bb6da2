import { RoutineResponse, type CheckOffBody } from '@lumiskin/contract/routine';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/api-client';
import { getRoutineQueryOptions } from '@/lib/api/get-routine';
import { timeZoneHeaders } from '@/lib/platform/time-zone';

/** PUT /api/routine/check-offs: today's morning or evening done (or not); answers the routine. */
export async function checkOffRoutine(body: CheckOffBody) {
  return RoutineResponse.parse(
    await api.put<unknown>('/routine/check-offs', body, { headers: timeZoneHeaders() }),
  );
}

export function useCheckOffRoutine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: checkOffRoutine,
    onSuccess: (routine) => queryClient.setQueryData(getRoutineQueryOptions().queryKey, routine),
    // Refused (most often: the page was open past midnight, so its "today" is yesterday): the
    // routine is read again, so what is shown, and the next check-off, are today's.
    onError: () => queryClient.invalidateQueries({ queryKey: getRoutineQueryOptions().queryKey }),
  });
}
