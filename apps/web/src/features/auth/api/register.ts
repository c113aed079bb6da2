import type { RegisterBody } from '@lumiskin/contract/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/api-client';
import { meQueryKey } from '@/lib/api/auth';
import { saveSession } from '@/lib/platform/storage';
import { SessionResponse } from '@/features/auth/api/auth-response';

export async function register(body: RegisterBody) {
  return SessionResponse.parse(await api.post<unknown>('/auth/register', body));
}

/** POST /api/auth/register; on success the visitor is signed in straight away. */
export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: ({ user, access_token }) => {
      saveSession({ token: access_token, user });
      queryClient.setQueryData(meQueryKey, user);
    },
  });
}
