import { AccountResponse } from '@lumiskin/contract/account';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/api-client';

/** GET /api/users/me: the user with notes, time zone, settings and goals. */
export async function getAccount(signal?: AbortSignal) {
  const { user } = AccountResponse.parse(await api.get<unknown>('/users/me', { signal }));
  return user;
}

/** The dashboard and the profile read and write the same cached account. */
export const getAccountQueryOptions = () =>
  queryOptions({
    queryKey: ['account', 'me'] as const,
    // Kept for offline use like every answer, so /profile opens offline (issue 34). Forms start
    // from it, and a kept copy could be older than the last save: the profile's forms start again
    // from the server's answer once it comes (features/profile/routes/profile.tsx).
    queryFn: ({ signal }) => getAccount(signal),
  });

export function useAccount() {
  return useQuery(getAccountQueryOptions());
}
