import { RoutineResponse } from '@lumiskin/contract/routine';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const routineKeys = {
  all: ['routine'] as const,
  routine: ['routine', 'products'] as const,
  history: ['routine', 'history'] as const,
};

/** GET /api/routine: the morning and evening lists, in routine order. */
// Parsed, so an unexpected answer shows the retry box instead of breaking the page.
export async function getRoutine(signal?: AbortSignal) {
  return RoutineResponse.parse(await api.get<unknown>('/routine', { signal }));
}

export const routineQueryOptions = () =>
  queryOptions({ queryKey: routineKeys.routine, queryFn: ({ signal }) => getRoutine(signal) });

export function useRoutine() {
  return useQuery(routineQueryOptions());
}
