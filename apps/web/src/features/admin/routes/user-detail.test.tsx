import type { AdminUserDetail, AuditEntry } from '@lumiskin/contract/admin';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { usersQueryOptions } from '@/features/admin/api/users';
import AdminLayout from '@/features/admin/routes/admin-layout';
import AdminUserDetailRoute from '@/features/admin/routes/user-detail';
import { saveSession } from '@/lib/platform/storage';
import { fakeApi, type FakeRequest } from '@/testing/fake-api';
import { createUser, LocationProbe, renderWithRouter } from '@/testing/test-utils';

const member: AdminUserDetail = {
  id: '6c1f3a52-2f55-4c3e-9d53-1f1f2b1c0a11',
  name: 'Zelda Member',
  email: 'zelda@example.test',
  role: 'user',
  status: 'active',
  created_at: '2026-01-02T10:00:00.000Z',
  suspended_at: null,
  email_confirmed: true,
  last_active_at: '2026-11-20T10:00:00.000Z',
  signed_in_devices: 2,
  scan_count: 7,
  quiz_points: 120,
  quiz_plays: 4,
  articles_read: 9,
  articles_liked: 2,
  articles_saved: 1,
  timezone: 'Europe/London',
  email_notifications: true,
  marketing: false,
  updated_at: '2026-11-01T10:00:00.000Z',
};

const entry: AuditEntry = {
  id: 'a1',
  actor_id: 'x',
  actor_name: 'Ada Admin',
  actor_role: 'admin',
  action: 'user.suspend',
  entity: 'user',
  entity_id: member.id,
  // As the server records it (admin/users-repository.ts userSnapshot).
  before: { name: 'Zelda Member', role: 'user', suspended_at: null },
  after: { name: 'Zelda Member', role: 'user', suspended_at: '2026-11-10T10:00:00.000Z' },
  created_at: '2026-11-10T10:00:00.000Z',
};

const routes = () => [
  {
    path: '/admin',
    Component: AdminLayout,
    children: [
      { path: '/admin/users/:id', Component: AdminUserDetailRoute },
      { path: '/admin/users', element: <LocationProbe label="Users list" /> },
    ],
  },
];

function serveUser(role: 'admin' | 'moderator') {
  const me = createUser({ id: 'me', role });
  saveSession({ token: `tok_${role}`, user: me });
  const sent: { method: string; url: string }[] = [];
  let devices = member.signed_in_devices;
  const write = ({ url, init }: FakeRequest) => {
    sent.push({ method: init.method ?? 'GET', url });
    return member;
  };
  fakeApi({
    'GET /api/auth/me': () => ({ user: me }),
    'GET /api/admin/users/:id': () => ({ ...member, signed_in_devices: devices }),
    'GET /api/admin/audit': () => ({ entries: [entry], total: 1, page: 1, page_size: 10 }),
    'PUT /api/admin/users/:id/role': write,
    'POST /api/admin/users/:id/suspend': write,
    'POST /api/admin/users/:id/unsuspend': write,
    'POST /api/admin/users/:id/reset-link': (request) => {
      write(request);
      return { message: 'A reset link was sent.' };
    },
    'POST /api/admin/users/:id/sign-out': (request) => {
      write(request);
      const signedOut = devices;
      devices = 0;
      return { signed_out: signedOut };
    },
    'DELETE /api/admin/users/:id': (request) => {
      write(request);
      return new Response(null, { status: 204 });
    },
  });
  return sent;
}

describe('admin user detail', () => {
  it('shows counts and dates only, and what the audit log says about the account', async () => {
    serveUser('admin');
    renderWithRouter(routes, `/admin/users/${member.id}`);
    expect(await screen.findByRole('heading', { name: 'Zelda Member' })).toBeInTheDocument();
    const activity = screen.getByRole('heading', { name: 'Activity' }).parentElement!;
    expect(within(activity).getByText('Scans').nextSibling).toHaveTextContent('7');
    expect(within(activity).getByText('Quiz points').nextSibling).toHaveTextContent('120');
    expect(screen.getByText('Europe/London')).toBeInTheDocument();
    expect(
      await screen.findByText(/Ada Admin \(admin\) suspended Zelda Member\./),
    ).toBeInTheDocument();
    expect(screen.queryByText(/suspended_at|user\.suspend/)).toBeNull();
    expect(screen.queryByText(/skin type/i)).toBeNull();
  });

  it('deletes only once the email is typed, then goes back to the list', async () => {
    const sent = serveUser('admin');
    const { user, queryClient } = renderWithRouter(routes, `/admin/users/${member.id}`);
    // The list was open before this account: its page is in the cache.
    const listKey = usersQueryOptions({ page: 1 }).queryKey;
    const other = { ...member, id: 'c0ffee00-0000-4000-8000-000000000001', name: 'Other' };
    queryClient.setQueryData(listKey, { page: 1, page_size: 20, total: 2, users: [member, other] });
    await user.click(await screen.findByRole('button', { name: 'Delete account…' }));
    const dialog = await screen.findByRole('dialog');
    const confirm = within(dialog).getByRole('button', { name: 'Delete for good' });
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByLabelText('The account’s email'), 'zelda@example');
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByLabelText('The account’s email'), '.test');
    expect(confirm).toBeEnabled();
    await user.click(confirm);
    expect(await screen.findByText('Users list at /admin/users')).toBeInTheDocument();
    expect(sent).toEqual([{ method: 'DELETE', url: `/api/admin/users/${member.id}` }]);
    // Gone from the list at once, before the list is asked again.
    expect(queryClient.getQueryData(listKey)).toMatchObject({ total: 1, users: [other] });
  });

  it('changes a role only after a dialog naming the person and the new role is confirmed', async () => {
    const sent = serveUser('admin');
    const { user } = renderWithRouter(routes, `/admin/users/${member.id}`);
    await user.selectOptions(await screen.findByLabelText('Role'), 'moderator');
    const dialog = await screen.findByRole('dialog', { name: 'Make Zelda Member a moderator?' });
    expect(dialog).toHaveTextContent('zelda@example.test');
    expect(sent).toEqual([]);

    // Thinking better of it changes nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Keep user' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toEqual([]);
    expect(screen.getByLabelText('Role')).toHaveValue('user');

    await user.selectOptions(screen.getByLabelText('Role'), 'admin');
    const again = await screen.findByRole('dialog', { name: 'Make Zelda Member an admin?' });
    await user.click(within(again).getByRole('button', { name: 'Make admin' }));
    await waitFor(() =>
      expect(sent).toEqual([{ method: 'PUT', url: `/api/admin/users/${member.id}/role` }]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('suspends, sends a reset link and signs the account out of every device from the page', async () => {
    const sent = serveUser('admin');
    const { user } = renderWithRouter(routes, `/admin/users/${member.id}`);
    expect(await screen.findByText('2 devices')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Suspend' }));
    await user.click(screen.getByRole('button', { name: 'Send a password reset link' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Sign out of every device' }));
    await waitFor(() =>
      expect(sent).toEqual([
        { method: 'POST', url: `/api/admin/users/${member.id}/suspend` },
        { method: 'POST', url: `/api/admin/users/${member.id}/reset-link` },
        { method: 'POST', url: `/api/admin/users/${member.id}/sign-out` },
      ]),
    );
    expect(
      await screen.findByText('Signed out of every device; the account can sign in again'),
    ).toBeInTheDocument();
    // Read again: nothing left to sign out.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Sign out of every device' })).toBeDisabled(),
    );
    expect(screen.getByText('no device')).toBeInTheDocument();
  });

  it('a moderator reads the account but gets no actions and no audit trail', async () => {
    serveUser('moderator');
    renderWithRouter(routes, `/admin/users/${member.id}`);
    expect(await screen.findByRole('heading', { name: 'Zelda Member' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Suspend' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete account…' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Recent changes to this account' })).toBeNull();
  });
});
