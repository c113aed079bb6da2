import { MixResponse, type PutMixBody } from '@lumiskin/contract/shop';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The same key the shop uses, so a base chosen here shows in the shop's mix at once. */
export const mixQueryKey = ['mix'] as const;

/** GET /api/mix: the signed-in user's mix. */
export async function getMix(signal?: AbortSignal) {
  return MixResponse.parse(await api.get<unknown>('/mix', { signal }));
}

export const mixQueryOptions = () =>
  queryOptions({ queryKey: mixQueryKey, queryFn: ({ signal }) => getMix(signal) });

export function useMix() {
  return useQuery(mixQueryOptions());
}

/** PUT /api/mix: replaces the whole mix; the server runs the same rule and answers the result. */
export function putMix(body: PutMixBody) {
  return api.put<MixResponse>('/mix', body);
}

export function useSaveMix() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putMix,
    onSuccess: (mix) => queryClient.setQueryData(mixQueryKey, mix),
  });
}
