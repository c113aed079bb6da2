import { AccountSessionList, type SignedOutOthers } from '@lumiskin/contract/account';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/api-client';

/** GET /api/users/me/sessions: where the account is signed in, this device first (decision 182). */
export const sessionsQueryOptions = () =>
  queryOptions({
    queryKey: ['account', 'sessions'] as const,
    queryFn: async ({ signal }) =>
      AccountSessionList.parse(await api.get<unknown>('/users/me/sessions', { signal })).sessions,
  });

export const useSessions = () => useQuery(sessionsQueryOptions());

/** DELETE /api/users/me/sessions/{id}: signs that device out (a 404: it already was). */
export function useSignOutDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/users/me/sessions/${encodeURIComponent(id)}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryOptions().queryKey }),
  });
}

/** POST /api/users/me/sessions/sign-out-others: every device but this one. */
export function useSignOutOtherDevices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<SignedOutOthers>('/users/me/sessions/sign-out-others'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryOptions().queryKey }),
  });
}
