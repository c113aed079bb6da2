import { CheckoutInfo } from '@lumiskin/contract/orders';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/api-client';

/** GET /api/orders/checkout: card payment or not, the delivery charge, the last address. */
export const checkoutInfoQueryOptions = () =>
  queryOptions({
    queryKey: ['orders', 'checkout'] as const,
    // A form starts from it: an offline copy could hold an address since replaced.
    meta: { offline: false },
    queryFn: async ({ signal }) =>
      CheckoutInfo.parse(await api.get<unknown>('/orders/checkout', { signal })),
  });

export const useCheckoutInfo = () => useQuery(checkoutInfoQueryOptions());
