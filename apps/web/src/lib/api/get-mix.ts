import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/api-client';

/**
 * GET /api/mix: the signed-in user's mix, checked against the contract. The schema (and zod with
 * it) is loaded on first use: the landing page's mix demo imports this file, and a visitor, who
 * has no server mix, should not download zod for it (see lib/user.ts).
 */
export async function getMix(signal?: AbortSignal) {
  const [{ MixResponse }, answer] = await Promise.all([
    import('@lumiskin/contract/shop'),
    api.get<unknown>('/mix', { signal }),
  ]);
  return MixResponse.parse(answer);
}

/** One key for the shop, the landing demo and the profile: a base chosen in one shows in all. */
export const getMixQueryOptions = () =>
  queryOptions({
    queryKey: ['mix'] as const,
    queryFn: ({ signal }) => getMix(signal),
    staleTime: 30_000,
  });
