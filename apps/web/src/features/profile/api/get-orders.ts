import { OrderList } from '@lumiskin/contract/orders';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/api-client';

/** GET /api/orders: the person's orders, newest first. */
export const ordersQueryOptions = () =>
  queryOptions({
    queryKey: ['orders', 'mine'] as const,
    queryFn: async ({ signal }) => OrderList.parse(await api.get<unknown>('/orders', { signal })),
  });

export const useOrders = () => useQuery(ordersQueryOptions());
