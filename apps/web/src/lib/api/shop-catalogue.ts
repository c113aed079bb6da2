import type { QueryClient } from '@tanstack/react-query';
import { getMixQueryOptions } from '@/lib/api/get-mix';
import { searchQueryOptions } from '@/lib/api/search';

/**
 * The root of every cached copy of the catalogue: the shop's lists and product pages, and the
 * mix's catalogue (lib/api/mix). Their query options build their keys on it.
 */
export const shopQueryKey = ['shop'] as const;

/**
 * After a product changed in the admin area: every place this session shows products (shop,
 * product pages, the mix with its prices, search results) fetches again when next shown. No
 * optimistic copy: the server's answer is what people see (decision 032).
 */
export function invalidateCatalogue(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: shopQueryKey }),
    queryClient.invalidateQueries({ queryKey: getMixQueryOptions().queryKey }),
    queryClient.invalidateQueries({ queryKey: searchQueryOptions('').queryKey.slice(0, 1) }),
  ]);
}
