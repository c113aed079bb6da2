import type { AccountResponse, UpdateAccountInput } from '@lumiskin/contract/account';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { meQueryKey } from '@/lib/auth';
import { saveUser } from '@/lib/storage';
import { accountQueryKey } from '@/features/profile/api/get-account';

/** PATCH /api/users/me: profile fields and settings; only what is sent changes. */
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
