import {
  AdminProduct as AdminProductSchema,
  AdminProductList,
  type AdminProduct,
  type CreateProductBody,
  type ProductCopyBody,
  type ProductFormulationBody,
} from '@lumiskin/contract/admin';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/api-client';
import { invalidateCatalogue } from '@/lib/api/shop-catalogue';

/** GET /api/admin/products: the whole catalogue, hidden products included. */
export const adminProductsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'products'] as const,
    queryFn: async ({ signal }) =>
      AdminProductList.parse(await api.get<unknown>('/admin/products', { signal })).products,
  });

export const useAdminProducts = () => useQuery(adminProductsQueryOptions());

const productUrl = (id: string) => `/admin/products/${encodeURIComponent(id)}`;

/** The admin list and every shop copy of the catalogue: refetched, never patched by hand. */
function useRefreshProducts() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminProductsQueryOptions().queryKey }),
      invalidateCatalogue(queryClient),
    ]);
}

export type ProductChange =
  | { kind: 'price'; id: string; price_pence: number }
  | { kind: 'visibility'; id: string; hidden: boolean }
  | { kind: 'featured'; id: string; featured: boolean };

const sendChange = ({ kind, id, ...body }: ProductChange) =>
  api.put<AdminProduct>(`${productUrl(id)}/${kind}`, body);

export function useProductChange() {
  const refresh = useRefreshProducts();
  return useMutation({ mutationFn: sendChange, onSuccess: refresh });
}

/** POST /api/admin/products/:id/image: PNG, JPEG or WebP, re-encoded by the server. */
const uploadImage = ({ id, file }: { id: string; file: File }) => {
  const form = new FormData();
  form.append('image', file);
  return api.post<AdminProduct>(`${productUrl(id)}/image`, form);
};

export function useUploadProductImage() {
  const refresh = useRefreshProducts();
  return useMutation({ mutationFn: uploadImage, onSuccess: refresh });
}

/** POST /api/admin/products (admin), then the image if one was chosen. */
export function useCreateProduct() {
  const refresh = useRefreshProducts();
  return useMutation({
    mutationFn: async ({ body, image }: { body: CreateProductBody; image: File | null }) => {
      const created = AdminProductSchema.parse(await api.post<unknown>('/admin/products', body));
      return image ? uploadImage({ id: created.id, file: image }) : created;
    },
    onSettled: refresh,
  });
}

/** What an edit changed, each part sent to its own route (each audited on its own). */
export interface ProductEdit {
  id: string;
  copy: ProductCopyBody | null;
  formulation: ProductFormulationBody | null;
  changes: ProductChange[];
  image: File | null;
}

/**
 * Sends the copy first (moderators and admins), then what only an admin may change. Stops at
 * the first refusal; the parts already saved stay saved, and the lists refresh either way.
 */
export function useUpdateProduct() {
  const refresh = useRefreshProducts();
  return useMutation({
    mutationFn: async (edit: ProductEdit) => {
      if (edit.copy) await api.patch<AdminProduct>(productUrl(edit.id), edit.copy);
      if (edit.formulation)
        await api.put<AdminProduct>(`${productUrl(edit.id)}/formulation`, edit.formulation);
      for (const change of edit.changes) await sendChange(change);
      if (edit.image) await uploadImage({ id: edit.id, file: edit.image });
    },
    onSettled: refresh,
  });
}
