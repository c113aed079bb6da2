import {
  AdminOrder,
  AdminOrderList,
  type AdminOrderQuery,
  type OrderStatus,
} from '@lumiskin/contract/orders';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api, searchOf } from '@/lib/api/api-client';

/** GET /api/admin/orders: newest first, optionally by status (admin only). */
export const adminOrdersQueryOptions = (query: AdminOrderQuery) =>
  queryOptions({
    queryKey: ['admin', 'orders', query] as const,
    queryFn: async ({ signal }) =>
      AdminOrderList.parse(await api.get<unknown>(`/admin/orders?${searchOf(query)}`, { signal })),
    placeholderData: keepPreviousData,
  });

export const useAdminOrders = (query: AdminOrderQuery) => useQuery(adminOrdersQueryOptions(query));

/** PUT /api/admin/orders/{id}/status: 409 for a change the order's status does not allow. */
export function useSetOrderStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, status }: { id: string; status: OrderStatus }) =>
      AdminOrder.parse(
        await api.put<unknown>(`/admin/orders/${encodeURIComponent(id)}/status`, { status }),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'orders'] }),
  });
}
