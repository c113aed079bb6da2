import { AuthMessages } from '@lumiskin/contract/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from '@/components/ui/use-toast';
import { paths } from '@/config/paths';
import { api } from '@/lib/api/api-client';
import { unregisterNativePush } from '@/lib/platform/native';
import { disablePush } from '@/lib/platform/push';
import { clearSession } from '@/lib/platform/storage';

/** The most a sign-out waits for this device's push clean-up. */
const LOGOUT_CLEANUP_MS = 2000;

export async function logout() {
  // While the token still works: this device stops getting the person's reminders. Bounded: a
  // slow push service or network never keeps the person from signing out.
  await Promise.race([
    Promise.allSettled([disablePush(), unregisterNativePush()]),
    new Promise((resolve) => setTimeout(resolve, LOGOUT_CLEANUP_MS)),
  ]);
  try {
    await api.post<void>('/auth/logout');
  } catch {
    // The token is dropped locally whatever the server says (it may already be revoked).
  }
}

/** POST /api/auth/logout, then both keys go, cached data goes, and the browser goes to /login. */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logout,
    onSettled: () => {
      clearSession({ leavingTo: paths.login.href });
      queryClient.clear();
      // Says it is done, in place of the sign-in's "Welcome back!" that could still be up.
      toast.info(AuthMessages.signedOut);
      void navigate(paths.login.href, { replace: true });
    },
  });
}
