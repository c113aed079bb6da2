import { PlaceOrderResponse, type PlaceOrderBody } from '@lumiskin/contract/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/api-client';
import { getMixQueryOptions } from '@/lib/api/get-mix';

/** POST /api/orders: the mix stored on the server becomes an order (the server prices it). */
export async function placeOrder(body: PlaceOrderBody) {
  return PlaceOrderResponse.parse(await api.post<unknown>('/orders', body));
}

export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeOrder,
    // The order empties the mix; a refused one (prices changed) shows the mix as it now is.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: getMixQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: ['orders'] }),
      ]),
  });
}
