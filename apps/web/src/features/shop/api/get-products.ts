import type { ProductListResponse } from '@lumiskin/contract/shop';
import { keepPreviousData, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { api } from '@/lib/api/api-client';
import { shopQueryKey } from '@/lib/api/shop-catalogue';
import { preloadImage, waitBriefly } from '@/lib/route-prefetch';

export interface ProductFilters {
  q: string;
  category: string;
}

export function getProducts(filters: ProductFilters, signal?: AbortSignal) {
  const params = new URLSearchParams();
  if (filters.q) params.set('q', filters.q);
  if (filters.category) params.set('category', filters.category);
  const query = params.toString();
  return api.get<ProductListResponse>(`/shop/products${query ? `?${query}` : ''}`, { signal });
}

/** Same key shape as the catalogue query in lib/api/mix, so the unfiltered list is shared. */
export const productsQueryOptions = (filters: ProductFilters) =>
  queryOptions({
    queryKey: [...shopQueryKey, 'products', filters.q || filters.category ? filters : {}] as const,
    queryFn: ({ signal }) => getProducts(filters, signal),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });

export const useProducts = (filters: ProductFilters) => useQuery(productsQueryOptions(filters));

/** The filters the shop page reads from its URL (?q=&category=). */
export function productFiltersFrom(params: URLSearchParams): ProductFilters {
  return { q: params.get('q') ?? '', category: params.get('category') ?? '' };
}

/**
 * Route loader: asks for the product list as the navigation starts, in parallel with the page's
 * chunk, instead of after the page has rendered. It waits for the answer only briefly (see
 * lib/route-prefetch); the page's own query (same options) picks up the request.
 */
export const productsLoader =
  (queryClient: QueryClient) =>
  async ({ request }: LoaderFunctionArgs) => {
    const filters = productFiltersFrom(new URL(request.url).searchParams);
    const options = productsQueryOptions(filters);
    const prefetch = queryClient.prefetchQuery(options).then(() => {
      // The first card's image is the largest paint on a phone.
      preloadImage(queryClient.getQueryData(options.queryKey)?.products[0]?.image);
    });
    await waitBriefly(prefetch);
    return null;
  };
