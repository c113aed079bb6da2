import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/api-client';
import { timeZoneHeaders } from '@/lib/platform/time-zone';

/** GET /api/routine: the morning and evening lists, their conflicts and consistency (today in the person's zone). */
// Parsed, so an unexpected answer shows the retry box instead of breaking the page.
export async function getRoutine(signal?: AbortSignal) {
  // The schema loads with the request, not with the page's first script (decision 120).
  const contract = import('@lumiskin/contract/routine');
  const body = await api.get<unknown>('/routine', { signal, headers: timeZoneHeaders() });
  return (await contract).RoutineResponse.parse(body);
}

export const getRoutineQueryOptions = () =>
  queryOptions({
    queryKey: ['routine', 'products'] as const,
    queryFn: ({ signal }) => getRoutine(signal),
  });

export function useRoutine(options: { enabled?: boolean } = {}) {
  return useQuery({ ...getRoutineQueryOptions(), enabled: options.enabled ?? true });
}
