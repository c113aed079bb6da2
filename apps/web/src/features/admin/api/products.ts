import { AdminProductList, type AdminProduct } from '@lumiskin/contract/admin';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/admin/products: the whole catalogue, hidden products included. */
export const adminProductsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'products'] as const,
    queryFn: async ({ signal }) =>
      AdminProductList.parse(await api.get<unknown>('/admin/products', { signal })).products,
  });

export const useAdminProducts = () => useQuery(adminProductsQueryOptions());

export type ProductChange =
  | { kind: 'price'; id: string; price_pence: number }
  | { kind: 'visibility'; id: string; hidden: boolean }
  | { kind: 'featured'; id: string; featured: boolean };

export function useProductChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, id, ...body }: ProductChange) =>
      api.put<AdminProduct>(`/admin/products/${encodeURIComponent(id)}/${kind}`, body),
    // The shop's own cached lists are stale too: refresh everything this session holds.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
