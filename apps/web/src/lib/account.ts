import { AccountResponse } from '@lumiskin/contract/account';
import type { UpdateAccountInput } from '@lumiskin/contract/account';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { meQueryKey } from '@/lib/auth';
import { saveUser } from '@/lib/storage';

/** The dashboard and the profile read and write the same cached account. */
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

/** PATCH /api/users/me: profile fields, settings, time zone and goals; only what is sent changes. */
export async function updateAccount(body: UpdateAccountInput) {
  const { user } = await api.patch<AccountResponse>('/users/me', body);
  return user;
}

export function useUpdateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAccount,
    onSuccess: (user) => {
      queryClient.setQueryData(accountQueryKey, user);
      // The navigation bar and guards read the stored user: keep its name and email current.
      const { id, name, email, role, created_at, profile } = user;
      const sessionUser = { id, name, email, role, created_at, profile };
      queryClient.setQueryData(meQueryKey, sessionUser);
      saveUser(sessionUser);
    },
  });
}
