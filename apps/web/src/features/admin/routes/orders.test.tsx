import type { AdminOrder, OrderStatus } from '@lumiskin/contract/orders';
import { ORDER_TRANSITIONS, OrderMessages } from '@lumiskin/contract/orders';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import AdminOrdersRoute from '@/features/admin/routes/orders';
import { saveSession } from '@/lib/platform/storage';
import { fakeApi } from '@/testing/fake-api';
import { apiError, createUser, renderWithRouter } from '@/testing/test-utils';

const ID = '3f1c3c2e-8f7b-4a53-9d0e-0c3a3c1b9a10';
const adminOrder = (status: OrderStatus): AdminOrder => ({
  id: ID,
  number: 31,
  status,
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
  address: null,
  created_at: '2026-11-28T10:00:00.000Z',
  paid_at: null,
  shipped_at: null,
  cancelled_at: null,
  refunded_at: null,
  customer: { id: 'u1', name: 'Ada', email: 'ada@example.test' },
  allowed_statuses: [...ORDER_TRANSITIONS[status]],
});

describe('admin orders', () => {
  it('an admin marks an order paid, then shipped; only allowed moves are offered', async () => {
    const admin = createUser({ role: 'admin' });
    saveSession({ token: 'tok', user: admin });
    let current = adminOrder('awaiting_payment');
    const sent: unknown[] = [];
    fakeApi({
      'GET /api/auth/me': () => ({ user: admin }),
      'GET /api/admin/orders': () => ({ orders: [current], total: 1, page: 1, page_size: 20 }),
      'PUT /api/admin/orders/:id/status': ({ body }) => {
        sent.push(body);
        current = adminOrder((body as { status: OrderStatus }).status);
        return current;
      },
    });
    const { user } = renderWithRouter(
      [{ path: '/admin/orders', Component: AdminOrdersRoute }],
      '/admin/orders',
    );
    const card = await screen.findByTestId('admin-order');
    expect(within(card).getByText('Awaiting payment')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /^Mark shipped, order \d+$/ })).toBeNull();
    await user.click(within(card).getByRole('button', { name: /^Mark paid, order \d+$/ }));
    expect(
      await within(card).findByRole('button', { name: /^Mark shipped, order \d+$/ }),
    ).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: /^Mark shipped, order \d+$/ }));
    expect(await within(card).findByText('Shipped')).toBeInTheDocument();
    expect(sent).toEqual([{ status: 'paid' }, { status: 'shipped' }]);
  });

  it('cancelling asks first; a refusal (409) is shown', async () => {
    const admin = createUser({ role: 'admin' });
    saveSession({ token: 'tok', user: admin });
    const confirm = vi.fn(() => true);
    vi.stubGlobal('confirm', confirm);
    fakeApi({
      'GET /api/auth/me': () => ({ user: admin }),
      'GET /api/admin/orders': () => ({
        orders: [adminOrder('awaiting_payment')],
        total: 1,
        page: 1,
        page_size: 20,
      }),
      'PUT /api/admin/orders/:id/status': () =>
        apiError(409, OrderMessages.badTransition('paid', 'cancelled'), 'bad_transition'),
    });
    const { user } = renderWithRouter(
      [{ path: '/admin/orders', Component: AdminOrdersRoute }],
      '/admin/orders',
    );
    await user.click(await screen.findByRole('button', { name: /^Cancel order \d+$/ }));
    expect(confirm).toHaveBeenCalledOnce();
    expect(
      await screen.findByText(OrderMessages.badTransition('paid', 'cancelled')),
    ).toBeInTheDocument();
  });

  it('a moderator is told only admins handle orders', () => {
    const moderator = createUser({ role: 'moderator' });
    saveSession({ token: 'tok', user: moderator });
    fakeApi({ 'GET /api/auth/me': () => ({ user: moderator }) });
    renderWithRouter([{ path: '/admin/orders', Component: AdminOrdersRoute }], '/admin/orders');
    expect(screen.getByText('Only an admin can see and settle orders.')).toBeInTheDocument();
  });
});
