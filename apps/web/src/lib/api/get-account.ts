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
    // Forms start from it: a copy saved for offline use could be older than the last save.
    meta: { offline: false },
    queryFn: ({ signal }) => getAccount(signal),
  });

export function useAccount() {
  return useQuery(getAccountQueryOptions());
}
