import type { ChangeEmailBody, MessageResponse } from '@lumiskin/contract/account';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api/api-client';

/**
 * POST /api/users/me/email: needs the current password; mails a confirmation link to the new
 * address. The account keeps its email until that link is opened.
 */
export function changeEmail(body: ChangeEmailBody) {
  return api.post<MessageResponse>('/users/me/email', body);
}

export function useChangeEmail() {
  return useMutation({ mutationFn: changeEmail });
}
