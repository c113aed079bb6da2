import type { MessageResponse } from '@lumiskin/contract/account';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api/api-client';

/**
 * POST /api/users/me/email/confirmation: mails a new confirmation link to the account's address
 * (decision 070); 400 once confirmed, 429 after three in an hour.
 */
export function sendEmailConfirmation() {
  return api.post<MessageResponse>('/users/me/email/confirmation', {});
}

export function useSendEmailConfirmation() {
  return useMutation({ mutationFn: sendEmailConfirmation });
}
