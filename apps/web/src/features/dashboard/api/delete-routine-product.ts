import type { RoutineResponse } from '@lumiskin/contract/routine';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getRoutineQueryOptions } from '@/lib/api/get-routine';
import { getRoutineHistoryQueryOptions } from '@/lib/api/get-routine-history';

const routineKey = getRoutineQueryOptions().queryKey;

/** DELETE /api/routine/products/{id}: the server logs 'Product discontinued' unless told why. */
export function deleteRoutineProduct({ id, reason }: { id: string; reason?: string }) {
  const query = reason?.trim() ? `?reason=${encodeURIComponent(reason.trim())}` : '';
  return api.delete<void>(`/routine/products/${encodeURIComponent(id)}${query}`);
}

export function useDeleteRoutineProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRoutineProduct,
    // Gone from the list at once; the history refreshes from the server.
    onMutate: async ({ id }) => {
      await queryClient.cancelQueries({ queryKey: routineKey });
      const previous = queryClient.getQueryData<RoutineResponse>(routineKey);
      if (previous) {
        queryClient.setQueryData<RoutineResponse>(routineKey, {
          morning: previous.morning.filter((p) => p.id !== id),
          evening: previous.evening.filter((p) => p.id !== id),
        });
      }
      return { previous };
    },
    onError: (_error, _vars, context) => {
      if (context?.previous) queryClient.setQueryData(routineKey, context.previous);
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: routineKey }),
        queryClient.invalidateQueries({ queryKey: getRoutineHistoryQueryOptions().queryKey }),
      ]),
  });
}
