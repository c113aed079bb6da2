import type { ConfirmEmailBody, ConfirmEmailResponse } from '@lumiskin/contract/account';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/api-client';
import { getAccountQueryOptions } from '@/lib/api/get-account';
import { getMe, meQueryKey } from '@/lib/api/auth';
import { getSession } from '@/lib/platform/storage';

/** POST /api/auth/confirm-email: the token from the link mailed to the new address, once. */
export function confirmEmail(body: ConfirmEmailBody) {
  return api.post<ConfirmEmailResponse>('/auth/confirm-email', body);
}

export function useConfirmEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmEmail,
    // Signed in on this device: the header and the profile show the new address from now on.
    // (getMe also rewrites the stored user, which the navigation reads.)
    onSuccess: async () => {
      if (!getSession()) return;
      try {
        queryClient.setQueryData(meQueryKey, await getMe());
      } catch {
        // Signed out meanwhile, or offline: the next visit reads it.
      }
      // The account and all read about it (the change no longer pending, its sessions) afresh.
      await queryClient.invalidateQueries({ queryKey: [getAccountQueryOptions().queryKey[0]] });
    },
  });
}
