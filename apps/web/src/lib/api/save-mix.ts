import type { MixResponse, PutMixBody } from '@lumiskin/contract/shop';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/api-client';
import { getMixQueryOptions } from '@/lib/api/get-mix';

/** PUT /api/mix: replaces the whole mix; the server runs the same rule and answers the result. */
export function saveMix(body: PutMixBody) {
  return api.put<MixResponse>('/mix', body);
}

export function useSaveMix() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveMix,
    onSuccess: (mix) => queryClient.setQueryData(getMixQueryOptions().queryKey, mix),
  });
}
