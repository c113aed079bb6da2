import type { LoginBody } from '@lumiskin/contract/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/api-client';
import { meQueryKey } from '@/lib/api/auth';
import { saveSession } from '@/lib/platform/storage';

export async function login(body: LoginBody) {
  // The schema (and zod) loads with the request, not with the page (decision 120).
  const schema = import('@/features/auth/api/auth-response');
  const answer = await api.post<unknown>('/auth/login', body);
  return (await schema).SessionResponse.parse(answer);
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
