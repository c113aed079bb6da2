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

/** POST /api/admin/products/:id/image: PNG, JPEG or WebP, re-encoded by the server. */
export function useUploadProductImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, file }: { id: string; file: File }) => {
      const form = new FormData();
      form.append('image', file);
      return api.post<AdminProduct>(`/admin/products/${encodeURIComponent(id)}/image`, form);
    },
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
