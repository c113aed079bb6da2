import type { MixResponse, ShopProductListItem } from '@lumiskin/contract/shop';
import type { Order, PlaceOrderBody } from '@lumiskin/contract/orders';
import { OrderMessages } from '@lumiskin/contract/orders';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import CheckoutRoute from '@/features/checkout/routes/checkout';
import { saveSession } from '@/lib/platform/storage';
import { fakeApi, reply } from '@/testing/fake-api';
import { apiError, createUser, LocationProbe, renderWithRouter } from '@/testing/test-utils';
import { leaveFor } from '@/lib/platform/leave';

// A test DOM cannot load Stripe's page: where the app would go is read instead.
vi.mock('@/lib/platform/leave', () => ({ leaveFor: vi.fn(), reloadPage: vi.fn() }));

const product = (
  id: string,
  name: string,
  type: ShopProductListItem['type'],
  price: number,
): ShopProductListItem => ({
  id,
  name,
  short_description: name,
  description: name,
  key_ingredients: ['Glycerin'],
  category: type === 'base' ? 'Bases' : 'Boosters',
  type,
  formulation_category: 'hydration',
  time_of_use: 'AM/PM',
  suitable_for: ['dry'],
  size: '50 ml',
  featured: false,
  rating: 4.5,
  review_count: 0,
  price_pence: price,
  price: price / 100,
  image: `/images/products/${id}.svg`,
  image_data: `/images/products/${id}.svg`,
  color: '#38bdf8',
});

const mix: MixResponse = {
  items: [
    {
      product_id: 'barrierrepair',
      quantity: 1,
      product: product('barrierrepair', 'BarrierRepair', 'base', 5600),
    },
    {
      product_id: 'renewlift',
      quantity: 1,
      product: product('renewlift', 'RenewLift', 'booster', 4800),
    },
    {
      product_id: 'clearcomplex',
      quantity: 1,
      product: product('clearcomplex', 'ClearComplex', 'booster', 3800),
    },
  ],
  count: 3,
  total_pence: 14200,
  complete: true,
};

const order = (overrides: Partial<Order> = {}): Order => ({
  id: '3f1c3c2e-8f7b-4a53-9d0e-0c3a3c1b9a10',
  number: 7,
  status: 'awaiting_payment',
  payment_method: 'manual',
  lines: [],
  subtotal_pence: 14200,
  delivery_pence: 0,
  total_pence: 14200,
  currency: 'gbp',
  address: null,
  created_at: '2026-11-28T10:00:00.000Z',
  paid_at: null,
  shipped_at: null,
  cancelled_at: null,
  refunded_at: null,
  ...overrides,
});

function render(
  paymentMethod: 'manual' | 'stripe' = 'manual',
  lastAddress = null as Order['address'],
) {
  saveSession({ token: 'tok', user: createUser() });
  const sent: PlaceOrderBody[] = [];
  fakeApi({
    'GET /api/mix': () => mix,
    'GET /api/orders/checkout': () => ({
      payment_method: paymentMethod,
      delivery_pence: 0,
      last_address: lastAddress,
    }),
    'POST /api/orders': ({ body }) => {
      sent.push(body as PlaceOrderBody);
      return {
        order: order({ payment_method: paymentMethod }),
        checkout_url:
          paymentMethod === 'stripe' ? 'https://checkout.stripe.com/c/pay/cs_test_1' : null,
      };
    },
  });
  const view = renderWithRouter(
    [
      { path: '/checkout', Component: CheckoutRoute },
      { path: '/orders/:id', element: <LocationProbe label="Order page" /> },
    ],
    '/checkout',
  );
  return { ...view, sent };
}

describe('checkout', () => {
  it('shows the mix and its total, and says plainly that without card payment the order awaits payment', async () => {
    render('manual');
    expect(await screen.findByTestId('checkout-total')).toHaveTextContent('£142.00');
    expect(screen.getByRole('list', { name: 'Order summary' })).toHaveTextContent(
      '1 × BarrierRepair',
    );
    expect(screen.getByText(/Card payment is not switched on yet/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Place order' })).toBeInTheDocument();
  });

  it(
    'checks each address field before sending, and sends nothing while one is wrong',
    { timeout: 20_000 },
    async () => {
      const { user, sent } = render('manual');
      await user.click(await screen.findByRole('button', { name: 'Place order' }));
      expect(screen.getByText('Full name is required')).toBeInTheDocument();
      expect(screen.getByText('Address line 1 is required')).toBeInTheDocument();
      expect(screen.getByText('Town or city is required')).toBeInTheDocument();
      expect(screen.getByText(OrderMessages.postcode)).toBeInTheDocument();
      expect(screen.getByLabelText('Full name')).toHaveFocus();
      expect(screen.getByLabelText('Full name')).toHaveAttribute('aria-invalid', 'true');

      await user.type(screen.getByLabelText('Full name'), 'Ada Lovelace');
      await user.type(screen.getByLabelText('Address line 1'), '12 Example Street');
      await user.type(screen.getByLabelText('Town or city'), 'London');
      await user.type(screen.getByLabelText('Postcode'), 'not a postcode');
      await user.type(screen.getByLabelText('Phone for the courier (optional)'), '12');
      await user.click(screen.getByRole('button', { name: 'Place order' }));
      expect(screen.getByText(OrderMessages.postcode)).toBeInTheDocument();
      expect(screen.getByText(OrderMessages.phone)).toBeInTheDocument();
      expect(screen.queryByText('Full name is required')).toBeNull();
      expect(sent).toEqual([]);

      await user.clear(screen.getByLabelText('Postcode'));
      await user.type(screen.getByLabelText('Postcode'), 'sw1a1aa');
      await user.clear(screen.getByLabelText('Phone for the courier (optional)'));
      await user.click(screen.getByRole('button', { name: 'Place order' }));
      expect(await screen.findByText(/Order page at \/orders\/3f1c3c2e/)).toBeInTheDocument();
      expect(sent).toEqual([
        {
          address: {
            full_name: 'Ada Lovelace',
            line1: '12 Example Street',
            line2: '',
            city: 'London',
            county: '',
            postcode: 'SW1A 1AA',
            phone: '',
            country: 'GB',
          },
          expected_total_pence: 14200,
        },
      ]);
    },
  );

  it('starts from the last address used, and with Stripe sends the person to the payment page', async () => {
    const assign = vi.mocked(leaveFor);
    const { user, sent } = render('stripe', {
      full_name: 'Grace Hopper',
      line1: '1 Harbour Road',
      line2: '',
      city: 'Bristol',
      county: '',
      postcode: 'BS1 4DJ',
      phone: '',
      country: 'GB',
    });
    expect(await screen.findByLabelText('Postcode')).toHaveValue('BS1 4DJ');
    expect(screen.getByText(/pay by card on Stripe/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Place order and pay' }));
    await vi.waitFor(() =>
      expect(assign).toHaveBeenCalledWith('https://checkout.stripe.com/c/pay/cs_test_1'),
    );
    expect(sent[0]?.address.full_name).toBe('Grace Hopper');
  });

  it("shows the server's refusal (prices changed) and stays on the page", async () => {
    saveSession({ token: 'tok', user: createUser() });
    fakeApi({
      'GET /api/mix': () => mix,
      'GET /api/orders/checkout': () => ({
        payment_method: 'manual',
        delivery_pence: 0,
        last_address: {
          full_name: 'Ada',
          line1: '1 Road',
          line2: '',
          city: 'Leeds',
          county: '',
          postcode: 'LS1 1AA',
          phone: '',
          country: 'GB',
        },
      }),
      'POST /api/orders': () => apiError(409, OrderMessages.priceChanged, 'price_changed'),
    });
    const { user } = renderWithRouter(
      [{ path: '/checkout', Component: CheckoutRoute }],
      '/checkout',
    );
    await user.click(await screen.findByRole('button', { name: 'Place order' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(OrderMessages.priceChanged);
  });

  it('an incomplete mix cannot be checked out', async () => {
    saveSession({ token: 'tok', user: createUser() });
    fakeApi({
      'GET /api/mix': () =>
        reply('GET /api/mix', { ...mix, items: mix.items.slice(1), complete: false }),
      'GET /api/orders/checkout': () => ({
        payment_method: 'manual',
        delivery_pence: 0,
        last_address: null,
      }),
    });
    renderWithRouter([{ path: '/checkout', Component: CheckoutRoute }], '/checkout');
    expect(await screen.findByText(/needs exactly one base/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Place order' })).toBeNull();
  });
});
