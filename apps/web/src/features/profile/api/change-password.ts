import type { ChangePasswordBody, MessageResponse } from '@lumiskin/contract/account';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/api-client';
import { sessionsQueryOptions } from '@/features/profile/api/sessions';

/** POST /api/users/me/password: needs the current password; other sessions end. */
export function changePassword(body: ChangePasswordBody) {
  return api.post<MessageResponse>('/users/me/password', body);
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    // The other devices were signed out: the "Where you're signed in" list is read again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQueryOptions().queryKey }),
  });
}
