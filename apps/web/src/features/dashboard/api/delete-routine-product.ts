import type { RoutineResponse } from '@lumiskin/contract/routine';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getRoutineQueryOptions } from '@/lib/api/get-routine';
import { getRoutineHistoryQueryOptions } from '@/lib/api/get-routine-history';
import { keepaliveRequest } from '@/lib/api/api-client';
import { cancelQueued, sendOrQueue } from '@/lib/platform/outbox';
import { PENDING_PREFIX } from '@/features/dashboard/api/add-routine-product';

const routineKey = getRoutineQueryOptions().queryKey;

/**
 * DELETE /api/routine/products/{id}: the server logs 'Product discontinued' unless told why.
 * Offline it waits in the outbox; a step added offline and not yet sent is simply taken back.
 */
export async function deleteRoutineProduct({
  id,
  name,
  reason,
}: {
  id: string;
  name?: string;
  reason?: string;
}): Promise<{ queued: boolean }> {
  if (id.startsWith(PENDING_PREFIX)) {
    await cancelQueued(id.slice(PENDING_PREFIX.length));
    return { queued: false };
  }
  const query = reason?.trim() ? `?reason=${encodeURIComponent(reason.trim())}` : '';
  const result = await sendOrQueue<void>({
    method: 'DELETE',
    path: `/routine/products/${encodeURIComponent(id)}${query}`,
    label: `Remove ${name ?? 'a step'} from your routine`,
  });
  return { queued: result.queued };
}

/** The routine without one step, and without the conflicts that step was part of. */
export function withoutStep(routine: RoutineResponse, id: string): RoutineResponse {
  return {
    ...routine,
    morning: routine.morning.filter((p) => p.id !== id),
    evening: routine.evening.filter((p) => p.id !== id),
    conflicts: routine.conflicts.filter((c) => !c.product_ids.includes(id)),
  };
}

/**
 * The removal sent as the page goes away (closed, reloaded, left for another site): a `keepalive`
 * request outlives the page, where the mutation's own request would be cut off with it. True once
 * the server has it — or had it already (404: an earlier attempt got through) — so the caller can
 * forget it; false when it did not get through (offline), and the caller keeps it for next time.
 */
export async function deleteOnLeaving(id: string): Promise<boolean> {
  try {
    const response = await keepaliveRequest(
      `/routine/products/${encodeURIComponent(id)}`,
      'DELETE',
    );
    return response.ok || response.status === 404;
  } catch {
    return false;
  }
}

export function useDeleteRoutineProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    // Runs offline too (the default would pause it): the outbox keeps the change for later.
    networkMode: 'always',
    mutationFn: deleteRoutineProduct,
    // Gone from the list at once; the history refreshes from the server.
    onMutate: async ({ id }) => {
      await queryClient.cancelQueries({ queryKey: routineKey });
      const previous = queryClient.getQueryData<RoutineResponse>(routineKey);
      if (previous)
        queryClient.setQueryData<RoutineResponse>(routineKey, withoutStep(previous, id));
      return { previous };
    },
    onError: (_error, _vars, context) => {
      if (context?.previous) queryClient.setQueryData(routineKey, context.previous);
    },
    onSuccess: ({ queued }) => {
      // Offline the server's list would only bring the step back until the removal is sent.
      if (queued) return;
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: routineKey }),
        queryClient.invalidateQueries({ queryKey: getRoutineHistoryQueryOptions().queryKey }),
      ]);
    },
  });
}
