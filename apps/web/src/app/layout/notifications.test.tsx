import type { Notification } from '@lumiskin/contract/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NotificationsMenu } from '@/app/layout/notifications';
import { BELL_POLL_MS, getUnreadCountQueryOptions } from '@/lib/api/get-notifications';
import { fakeApi } from '@/testing/fake-api';
import { LocationProbe, renderWithRouter } from '@/testing/test-utils';

const item = (id: string, title: string, link: string, read = false): Notification => ({
  id,
  kind: 'routine_morning',
  title,
  body: `${title} body`,
  link,
  created_at: '2031-01-15T08:01:00.000Z',
  read_at: read ? '2031-01-15T09:00:00.000Z' : null,
});

function server() {
  const list = [
    item('11111111-1111-4111-8111-111111111111', 'Your morning routine', '/dashboard'),
    item('22222222-2222-4222-8222-222222222222', 'Time for a progress scan', '/scan'),
    item('33333333-3333-4333-8333-333333333333', 'New in Acne', '/learn/x', true),
  ];
  const unread = () => list.filter((n) => !n.read_at).length;
  const fetch = fakeApi({
    'GET /api/notifications/unread-count': () => ({ unread: unread() }),
    'GET /api/notifications': () => ({
      notifications: list,
      page: 1,
      page_size: 20,
      total: 3,
      unread: unread(),
    }),
    'POST /api/notifications/:id/read': ({ url }) => {
      const n = list.find((x) => url === `/api/notifications/${x.id}/read`)!;
      n.read_at = '2031-01-15T10:00:00.000Z';
      return { notification: n };
    },
    'POST /api/notifications/read-all': () => {
      const updated = unread();
      for (const n of list) n.read_at ??= '2031-01-15T10:00:00.000Z';
      return { updated, unread: 0 };
    },
  });
  return { fetch, list };
}

const routes = [
  { path: '/', element: <NotificationsMenu /> },
  { path: '/scan', element: <LocationProbe label="Scan page" /> },
];

describe('the bell', () => {
  it('shows the unread count, lists the notifications, and opens one at its place', async () => {
    const { fetch } = server();
    const { user } = renderWithRouter(routes, '/');
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    await user.click(bell);
    const list = await screen.findByRole('list', { name: 'Notifications' });
    expect(within(list).getAllByRole('button')).toHaveLength(3);
    expect(
      within(list).getByRole('button', { name: /^Your morning routine \(unread\)/ }),
    ).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: /^New in Acne New/ })).toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: /Time for a progress scan/ }));
    expect(await screen.findByText('Scan page at /scan')).toBeInTheDocument();
    expect(
      fetch.mock.calls.some(
        ([url, init]) =>
          url === '/api/notifications/22222222-2222-4222-8222-222222222222/read' &&
          init?.method === 'POST',
      ),
    ).toBe(true);
  });

  it('marks all read, and the badge goes', async () => {
    server();
    const { user } = renderWithRouter(routes, '/');
    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    await user.click(await screen.findByRole('button', { name: 'Mark all read' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument(),
    );
    expect(screen.getByRole('button', { name: 'Mark all read' })).toBeDisabled();
  });

  it('is reached from the keyboard: Tab moves through the panel, Escape closes it', async () => {
    server();
    const { user } = renderWithRouter(routes, '/');
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    bell.focus();
    await user.keyboard('{Enter}');
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    await within(panel).findByRole('list', { name: 'Notifications' });
    // The focus is in the panel, and Tab moves through its buttons (a dropdown menu kept the
    // focus on itself, and Tab went nowhere).
    const focused = [document.activeElement];
    expect(panel.contains(document.activeElement)).toBe(true);
    for (let i = 0; i < 2; i++) {
      await user.tab();
      focused.push(document.activeElement);
    }
    expect(focused).toContain(within(panel).getByRole('button', { name: 'Mark all read' }));
    expect(focused).toContain(
      within(panel).getByRole('button', { name: /^Your morning routine \(unread\)/ }),
    );
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bell).toHaveFocus();
  });

  it('polls the unread count about once a minute while the app is open', () => {
    expect(getUnreadCountQueryOptions().refetchInterval).toBe(BELL_POLL_MS);
    expect(BELL_POLL_MS).toBe(60_000);
  });
});
