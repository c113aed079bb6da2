import type { AddRoutineProductInput, RoutineProduct } from '@lumiskin/contract/routine';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getRoutineQueryOptions } from '@/lib/api/get-routine';
import { getRoutineHistoryQueryOptions } from '@/lib/api/get-routine-history';

/** POST /api/routine/products: appends to the chosen list and logs an addition (spec §4). */
export function addRoutineProduct(body: AddRoutineProductInput) {
  return api.post<RoutineProduct>('/routine/products', body);
}

export function useAddRoutineProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addRoutineProduct,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: getRoutineQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: getRoutineHistoryQueryOptions().queryKey }),
      ]),
  });
}
