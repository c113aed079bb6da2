import {
  PendingEmailChangeResponse,
  type ChangeEmailBody,
  type MessageResponse,
} from '@lumiskin/contract/account';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/api-client';

/** GET /api/users/me/email: the change waiting for its link to be opened, or null. */
export const pendingEmailChangeQueryOptions = () =>
  queryOptions({
    queryKey: ['account', 'pending-email'] as const,
    queryFn: async ({ signal }) =>
      PendingEmailChangeResponse.parse(await api.get<unknown>('/users/me/email', { signal }))
        .pending,
  });

export const usePendingEmailChange = () => useQuery(pendingEmailChangeQueryOptions());

/**
 * POST /api/users/me/email: needs the current password; mails a confirmation link to the new
 * address. The account keeps its email until that link is opened.
 */
export function changeEmail(body: ChangeEmailBody) {
  return api.post<MessageResponse>('/users/me/email', body);
}

export function useChangeEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeEmail,
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: pendingEmailChangeQueryOptions().queryKey }),
  });
}

/** DELETE /api/users/me/email: the pending change's link stops working. */
export function useCancelEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<unknown>('/users/me/email'),
    onSuccess: () => queryClient.setQueryData(pendingEmailChangeQueryOptions().queryKey, null),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: pendingEmailChangeQueryOptions().queryKey }),
  });
}
