import { AccountMessages, type DeleteAccountBody } from '@lumiskin/contract/account';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { FlashState } from '@/components/flash-notice';
import { paths } from '@/config/paths';
import { apiRequest } from '@/lib/api/api-client';
import { clearSession, forgetAccountHere, getSession } from '@/lib/platform/storage';

/** DELETE /api/users/me {password}: removes the user and every row of theirs. */
export function deleteAccount(body: DeleteAccountBody) {
  return apiRequest<void>('/users/me', { method: 'DELETE', body });
}

/** On success the session and every cached answer go, and the browser goes home. */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: deleteAccount,
    // The guard of this page sees the session go; `leavingTo` sends it home, not to /login.
    onSuccess: async () => {
      const gone = getSession()?.user;
      if (gone) forgetAccountHere(gone);
      clearSession({ leavingTo: paths.home.href });
      queryClient.clear();
      // The home page confirms it (the toast alone went with the page that showed it).
      const state: FlashState = { notice: AccountMessages.accountDeleted };
      await navigate(paths.home.href, { replace: true, state });
    },
  });
}
