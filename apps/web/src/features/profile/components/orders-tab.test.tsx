import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OrdersTab } from '@/features/profile/components/orders-tab';
import { saveSession } from '@/lib/platform/storage';
import { fakeApi } from '@/testing/fake-api';
import { createUser, LocationProbe, renderWithRouter } from '@/testing/test-utils';

describe('the profile Orders tab', () => {
  it('lists orders newest first with status, items and total, each opening its page', async () => {
    saveSession({ token: 'tok', user: createUser() });
    fakeApi({
      'GET /api/orders': () => ({
        orders: [
          {
            id: '9b2d3c1e-0000-4000-8000-000000000002',
            number: 2,
            status: 'shipped',
            total_pence: 15600,
            created_at: '2026-11-20T10:00:00.000Z',
            item_count: 3,
          },
          {
            id: '9b2d3c1e-0000-4000-8000-000000000001',
            number: 1001,
            status: 'awaiting_payment',
            total_pence: 5200,
            created_at: '2026-11-02T10:00:00.000Z',
            item_count: 1,
          },
        ],
      }),
    });
    const { user } = renderWithRouter(
      [
        { path: '/profile', element: <OrdersTab /> },
        { path: '/orders/:id', element: <LocationProbe label="Order" /> },
      ],
      '/profile',
    );
    const items = await screen.findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/Order 2.*20 Nov 2026.*3 items.*Shipped.*£156\.00/),
      expect.stringMatching(/Order 1001.*2 Nov 2026.*1 item.*Awaiting payment.*£52\.00/),
    ]);
    await user.click(screen.getByRole('link', { name: /Order 1001/ }));
    expect(
      await screen.findByText('Order at /orders/9b2d3c1e-0000-4000-8000-000000000001'),
    ).toBeInTheDocument();
  });

  it('without orders, points to the shop', async () => {
    saveSession({ token: 'tok', user: createUser() });
    fakeApi({ 'GET /api/orders': () => ({ orders: [] }) });
    renderWithRouter([{ path: '/profile', element: <OrdersTab /> }], '/profile');
    expect(await screen.findByText('No orders yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the shop' })).toHaveAttribute('href', '/shop');
  });
});
