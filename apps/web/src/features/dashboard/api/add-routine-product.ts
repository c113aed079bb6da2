import type {
  AddRoutineProductInput,
  RoutineProduct,
  RoutineResponse,
} from '@lumiskin/contract/routine';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getRoutineQueryOptions } from '@/lib/api/get-routine';
import { getRoutineHistoryQueryOptions } from '@/lib/api/get-routine-history';
import { sendOrQueue } from '@/lib/platform/outbox';

/** The id of a step added offline: its outbox entry's, until the server gives it a real one. */
export const PENDING_PREFIX = 'pending:';

/**
 * POST /api/routine/products: appends to the chosen list and logs an addition (docs/product-rules.md#routine).
 * Offline it is kept and sent when the connection returns (lib/platform/outbox.ts); the step shows at
 * once, marked as waiting.
 */
export async function addRoutineProduct(
  body: AddRoutineProductInput,
): Promise<{ product: RoutineProduct; queued: boolean }> {
  const result = await sendOrQueue<RoutineProduct>({
    method: 'POST',
    path: '/routine/products',
    body,
    label: `Add ${body.name.trim()} to your ${body.application_time} routine`,
  });
  if (!result.queued) return { product: result.data, queued: false };
  return {
    queued: true,
    product: {
      id: `${PENDING_PREFIX}${result.entry.id}`,
      name: body.name.trim(),
      type: body.type,
      purpose: body.purpose.trim(),
      application_time: body.application_time,
      frequency: body.frequency ?? 'daily',
      added_date: new Date().toISOString(),
      notes: body.notes?.trim() ?? '',
      days: body.days ?? [],
      from_scan_date: null,
    },
  };
}

export function useAddRoutineProduct() {
  const queryClient = useQueryClient();
  const routineKey = getRoutineQueryOptions().queryKey;
  return useMutation({
    // Runs offline too (the default would pause it): the outbox keeps the change for later.
    networkMode: 'always',
    mutationFn: addRoutineProduct,
    onSuccess: async ({ product, queued }) => {
      if (!queued) {
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: routineKey }),
          queryClient.invalidateQueries({ queryKey: getRoutineHistoryQueryOptions().queryKey }),
        ]);
        return;
      }
      await queryClient.cancelQueries({ queryKey: routineKey });
      // Offline: shown at once, marked pending; conflicts come with the server's answer later.
      queryClient.setQueryData<RoutineResponse>(routineKey, (old) =>
        old
          ? { ...old, [product.application_time]: [...old[product.application_time], product] }
          : old,
      );
    },
  });
}
