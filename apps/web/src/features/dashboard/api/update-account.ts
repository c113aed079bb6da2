import type { AccountResponse, UpdateAccountInput } from '@lumiskin/contract/account';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { saveUser } from '@/lib/storage';
import { accountQueryKey } from '@/features/dashboard/api/get-account';

/** PATCH /api/users/me: only the fields sent change (here the time zone and goals). */
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
      saveUser(user);
    },
  });
}

/** The browser's IANA time zone, or null when the runtime cannot tell. */
export function browserTimeZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}
