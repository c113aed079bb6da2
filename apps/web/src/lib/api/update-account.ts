import type { AccountResponse, UpdateAccountInput } from '@lumiskin/contract/account';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/api-client';
import { getAccountQueryOptions } from '@/lib/api/get-account';
import { meQueryKey } from '@/lib/api/auth';
import { saveUser } from '@/lib/platform/storage';

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
      queryClient.setQueryData(getAccountQueryOptions().queryKey, user);
      // The navigation bar and guards read the stored user: keep its name and email current.
      const { id, name, email, role, created_at, profile } = user;
      const sessionUser = { id, name, email, role, created_at, profile };
      queryClient.setQueryData(meQueryKey, sessionUser);
      saveUser(sessionUser);
    },
  });
}
