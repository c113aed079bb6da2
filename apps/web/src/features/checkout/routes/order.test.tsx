import type { Order } from '@lumiskin/contract/orders';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import OrderRoute from '@/features/checkout/routes/order';
import { saveSession } from '@/lib/platform/storage';
import { fakeApi } from '@/testing/fake-api';
import { apiError, createUser, renderWithRouter } from '@/testing/test-utils';
import { leaveFor } from '@/lib/platform/leave';

// A test DOM cannot load Stripe's page: where the app would go is read instead.
vi.mock('@/lib/platform/leave', () => ({ leaveFor: vi.fn(), reloadPage: vi.fn() }));

const ID = '3f1c3c2e-8f7b-4a53-9d0e-0c3a3c1b9a10';
const order = (overrides: Partial<Order> = {}): Order => ({
  id: ID,
  number: 12,
  status: 'awaiting_payment',
  payment_method: 'manual',
  lines: [
    {
      product_id: 'aquahydra',
      name: 'AquaHydra',
      type: 'base',
      unit_price_pence: 5200,
      quantity: 1,
      line_total_pence: 5200,
    },
  ],
  subtotal_pence: 5200,
  delivery_pence: 0,
  total_pence: 5200,
  currency: 'gbp',
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
  created_at: '2026-11-28T10:00:00.000Z',
  paid_at: null,
  shipped_at: null,
  cancelled_at: null,
  refunded_at: null,
  ...overrides,
});

const routes = [{ path: '/orders/:id', Component: OrderRoute }];

describe('the order page', () => {
  it('after a checkout without card payment: placed, awaiting payment, what happens next', async () => {
    saveSession({ token: 'tok', user: createUser() });
    fakeApi({ 'GET /api/orders/:id': () => order() });
    renderWithRouter(routes, `/orders/${ID}?placed=1`);
    expect(await screen.findByRole('heading', { name: 'Order 12' })).toBeInTheDocument();
    expect(screen.getByText(/your order is placed/)).toBeInTheDocument();
    expect(screen.getByText('Awaiting payment')).toBeInTheDocument();
    expect(screen.getByTestId('order-status-sentence')).toHaveTextContent(
      /our team will contact you/,
    );
    expect(screen.getByText('SW1A 1AA')).toBeInTheDocument();
    // Nothing to pay by card here.
    expect(screen.queryByRole('button', { name: 'Pay now by card' })).toBeNull();
  });

  it('back from a cancelled Stripe payment: the order is kept and "Pay now" opens a new page', async () => {
    saveSession({ token: 'tok', user: createUser() });
    const assign = vi.mocked(leaveFor);
    fakeApi({
      'GET /api/orders/:id': () => order({ payment_method: 'stripe' }),
      'POST /api/orders/:id/pay': () => ({
        checkout_url: 'https://checkout.stripe.com/c/pay/cs_2',
      }),
    });
    const { user } = renderWithRouter(routes, `/orders/${ID}?payment=cancelled`);
    expect(await screen.findByText(/payment was not completed/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pay now by card' }));
    await vi.waitFor(() =>
      expect(assign).toHaveBeenCalledWith('https://checkout.stripe.com/c/pay/cs_2'),
    );
  });

  it("someone else's order (404) reads as not found", async () => {
    saveSession({ token: 'tok', user: createUser() });
    fakeApi({ 'GET /api/orders/:id': () => apiError(404, 'No such order', 'not_found') });
    renderWithRouter(routes, `/orders/${ID}`);
    expect(await screen.findByText('We could not find this order.')).toBeInTheDocument();
  });
});
