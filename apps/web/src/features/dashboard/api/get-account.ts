import { AccountResponse } from '@lumiskin/contract/account';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const accountQueryKey = ['account', 'me'] as const;

/** GET /api/users/me: the user with notes, time zone, settings and goals. */
export async function getAccount(signal?: AbortSignal) {
  const { user } = AccountResponse.parse(await api.get<unknown>('/users/me', { signal }));
  return user;
}

export const accountQueryOptions = () =>
  queryOptions({ queryKey: accountQueryKey, queryFn: ({ signal }) => getAccount(signal) });

export function useAccount() {
  return useQuery(accountQueryOptions());
}
