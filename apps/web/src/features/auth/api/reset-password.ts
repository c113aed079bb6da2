import type {
  ResetPasswordBody,
  ResetPasswordResponse,
  ResetTokenCheck,
} from '@lumiskin/contract/account';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/api-client';

/** POST /api/auth/reset-password: a single-use token from the emailed link, valid for an hour. */
export function resetPassword(body: ResetPasswordBody) {
  return api.post<ResetPasswordResponse>('/auth/reset-password', body);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}

/**
 * Whether the emailed link still works, asked once as the page opens (nothing is used up), so an
 * old link says so before a new password is typed. A failed check (offline, limited) leaves the
 * form: the reset itself answers then.
 */
export function useResetTokenCheck(token: string) {
  return useQuery({
    queryKey: ['auth', 'reset-check', token],
    queryFn: () => api.post<ResetTokenCheck>('/auth/reset-password/check', { token }),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });
}
