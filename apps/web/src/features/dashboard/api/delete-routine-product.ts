import type { RoutineResponse } from '@lumiskin/contract/routine';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { routineKeys } from '@/features/dashboard/api/get-routine';

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
      await queryClient.cancelQueries({ queryKey: routineKeys.routine });
      const previous = queryClient.getQueryData<RoutineResponse>(routineKeys.routine);
      if (previous) {
        queryClient.setQueryData<RoutineResponse>(routineKeys.routine, {
          morning: previous.morning.filter((p) => p.id !== id),
          evening: previous.evening.filter((p) => p.id !== id),
        });
      }
      return { previous };
    },
    onError: (_error, _vars, context) => {
      if (context?.previous) queryClient.setQueryData(routineKeys.routine, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: routineKeys.all }),
  });
}
