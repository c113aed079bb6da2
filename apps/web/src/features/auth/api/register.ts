import type { RegisterBody } from '@lumiskin/contract/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/api-client';
import { meQueryKey } from '@/lib/api/auth';
import { saveSession } from '@/lib/platform/storage';

export async function register(body: RegisterBody) {
  // The schema (and zod) loads with the request, not with the page (decision 120).
  const schema = import('@/features/auth/api/auth-response');
  const answer = await api.post<unknown>('/auth/register', body);
  return (await schema).SessionResponse.parse(answer);
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
