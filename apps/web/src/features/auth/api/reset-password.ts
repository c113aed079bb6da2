import type { ResetPasswordBody, ResetPasswordResponse } from '@lumiskin/contract/account';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api/api-client';

/** POST /api/auth/reset-password: a single-use token from the emailed link, valid for an hour. */
export function resetPassword(body: ResetPasswordBody) {
  return api.post<ResetPasswordResponse>('/auth/reset-password', body);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
