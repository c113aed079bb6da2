import type { ChangePasswordBody, MessageResponse } from '@lumiskin/contract/account';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api/api-client';

/** POST /api/users/me/password: needs the current password; other sessions end. */
export function changePassword(body: ChangePasswordBody) {
  return api.post<MessageResponse>('/users/me/password', body);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
