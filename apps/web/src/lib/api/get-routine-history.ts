import { RoutineHistoryResponse } from '@lumiskin/contract/routine';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequestWithHeaders, totalCount } from '@/lib/api/api-client';

const LIMIT = 50;

/** GET /api/routine/history: newest first; the number of all changes is in X-Total-Count. */
export async function getRoutineHistory(signal?: AbortSignal) {
  const { data, headers } = await apiRequestWithHeaders<unknown>(
    `/routine/history?limit=${LIMIT}`,
    { signal },
  );
  const entries = RoutineHistoryResponse.parse(data);
  return { entries, total: totalCount(headers) ?? entries.length };
}

export const getRoutineHistoryQueryOptions = () =>
  queryOptions({
    queryKey: ['routine', 'history'] as const,
    queryFn: ({ signal }) => getRoutineHistory(signal),
  });

/**
 * The server sets a new user's routine up lazily on the first GET /api/routine (history type
 * 'setup'), so the history is read once the routine has arrived, never racing it.
 */
export function useRoutineHistory({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getRoutineHistoryQueryOptions(), enabled });
}
