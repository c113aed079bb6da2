import type { ProductListResponse } from '@lumiskin/contract/shop';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

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

/** Same key shape as the catalogue query in lib/mix, so the unfiltered list is shared. */
export const productsQueryOptions = (filters: ProductFilters) =>
  queryOptions({
    queryKey: ['shop', 'products', filters.q || filters.category ? filters : {}] as const,
    queryFn: ({ signal }) => getProducts(filters, signal),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });

export const useProducts = (filters: ProductFilters) => useQuery(productsQueryOptions(filters));
