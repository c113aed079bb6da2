import { Order, PayOrderResponse } from '@lumiskin/contract/orders';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/api-client';

/** GET /api/orders/{id}: one of the person's orders. */
export const orderQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['orders', 'one', id] as const,
    queryFn: async ({ signal }) =>
      Order.parse(await api.get<unknown>(`/orders/${encodeURIComponent(id)}`, { signal })),
  });

export const useOrder = (id: string, options: { pollUntilPaid?: boolean } = {}) =>
  useQuery({
    ...orderQueryOptions(id),
    // Back from Stripe, the webhook may land a moment after the person: look again for a while.
    refetchInterval: (query) =>
      options.pollUntilPaid && query.state.data?.status === 'awaiting_payment' ? 2000 : false,
  });

/** POST /api/orders/{id}/pay: a new Stripe Checkout page for an order awaiting payment. */
export function usePayOrder(id: string) {
  return useMutation({
    mutationFn: async () =>
      PayOrderResponse.parse(await api.post<unknown>(`/orders/${encodeURIComponent(id)}/pay`)),
  });
}
