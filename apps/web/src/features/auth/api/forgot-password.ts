import type { ForgotPasswordBody, MessageResponse } from '@lumiskin/contract/account';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api/api-client';

/** POST /api/auth/forgot-password: the same answer whether or not the email has an account. */
export function forgotPassword(body: ForgotPasswordBody) {
  return api.post<MessageResponse>('/auth/forgot-password', body);
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
