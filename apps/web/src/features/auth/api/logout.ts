import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { unregisterNativePush } from '@/lib/native';
import { disablePush } from '@/lib/push';
import { clearSession } from '@/lib/storage';

export async function logout() {
  // While the token still works: this device stops getting the person's reminders.
  await Promise.allSettled([disablePush(), unregisterNativePush()]);
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
      void navigate(paths.login.href, { replace: true });
    },
  });
}
