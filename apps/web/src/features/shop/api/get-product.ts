import type { ShopProduct } from '@lumiskin/contract/shop';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { api, shouldRetry } from '@/lib/api/api-client';
import { shopQueryKey } from '@/lib/api/shop-catalogue';
import { catalogueQueryOptions } from '@/lib/api/mix';
import { preloadImage, waitBriefly } from '@/lib/route-prefetch';

export const getProduct = (id: string, signal?: AbortSignal) =>
  api.get<ShopProduct>(`/shop/products/${encodeURIComponent(id)}`, { signal });

export const productQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...shopQueryKey, 'product', id] as const,
    queryFn: ({ signal }) => getProduct(id, signal),
    staleTime: 60_000,
    // An unknown product stays unknown: no retry for a 4xx.
    retry: shouldRetry,
  });

export const useProduct = (id: string) => useQuery(productQueryOptions(id));

/**
 * Route loader: the product and the catalogue (its related products) start with the navigation,
 * in parallel with the page's chunk; the page's own queries pick them up.
 */
export const productLoader =
  (queryClient: QueryClient) =>
  async ({ params }: LoaderFunctionArgs) => {
    const options = productQueryOptions(params.id ?? '');
    const prefetch = Promise.all([
      queryClient.prefetchQuery(options),
      queryClient.prefetchQuery(catalogueQueryOptions()),
    ]).then(() => preloadImage(queryClient.getQueryData(options.queryKey)?.image));
    await waitBriefly(prefetch);
    return null;
  };
