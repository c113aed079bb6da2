import type { LoginBody } from '@lumiskin/contract/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/api-client';
import { meQueryKey } from '@/lib/api/auth';
import { saveSession } from '@/lib/platform/storage';
import { SessionResponse } from '@/features/auth/api/auth-response';

export async function login(body: LoginBody) {
  return SessionResponse.parse(await api.post<unknown>('/auth/login', body));
}

/** POST /api/auth/login; on success stores both session keys and primes the `me` query. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: ({ user, access_token }) => {
      saveSession({ token: access_token, user });
      queryClient.setQueryData(meQueryKey, user);
    },
  });
}
