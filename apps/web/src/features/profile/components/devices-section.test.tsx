import { AccountMessages, type AccountSession } from '@lumiskin/contract/account';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DevicesSection } from '@/features/profile/components/devices-section';
import { fakeApi } from '@/testing/fake-api';
import { apiError, renderWithRouter } from '@/testing/test-utils';

const session = (over: Partial<AccountSession>): AccountSession => ({
  id: crypto.randomUUID(),
  device: 'Chrome on Android',
  created_at: '2026-11-20T10:00:00.000Z',
  last_used_at: '2026-12-01T18:30:00.000Z',
  expires_at: '2027-01-20T10:00:00.000Z',
  current: false,
  ...over,
});

function render() {
  return renderWithRouter([{ path: '/profile', element: <DevicesSection /> }], '/profile');
}

describe('where you are signed in', () => {
  it('lists the devices, this one marked and without a sign-out; signs one out and reads the list again', async () => {
    const here = session({ device: 'Firefox on Linux', current: true });
    const phone = session({ device: 'Chrome on Android' });
    const tablet = session({ device: 'Safari on iPad' });
    let live = [here, phone, tablet];
    const ended: string[] = [];
    fakeApi({
      'GET /api/users/me/sessions': () => ({ sessions: live }),
      'DELETE /api/users/me/sessions/:id': ({ url }) => {
        const id = url.split('/').pop()!;
        ended.push(id);
        live = live.filter((s) => s.id !== id);
        return new Response(null, { status: 204 });
      },
    });
    const { user } = render();

    const list = await screen.findByRole('list', { name: 'Signed-in devices' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^Firefox on LinuxThis deviceActive now · Signed in 20 Nov 2026$/),
      expect.stringMatching(/^Chrome on AndroidLast active 1 Dec 2026, 18:30/),
      expect.stringMatching(/^Safari on iPadLast active/),
    ]);
    expect(within(items[0]!).queryByRole('button')).toBeNull();

    await user.click(
      within(items[1]!).getByRole('button', {
        name: 'Sign out Chrome on Android, last active 1 Dec 2026, 18:30',
      }),
    );
    await waitFor(() => expect(ended).toEqual([phone.id]));
    expect(await screen.findByText('Chrome on Android is signed out.')).toBeInTheDocument();
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    // One other device left: no "all other devices" button for one.
    expect(screen.queryByRole('button', { name: 'Sign out of all other devices' })).toBeNull();
  });

  it('signs out every other device at once', async () => {
    let live = [session({ current: true }), session({}), session({ device: 'Safari on iPhone' })];
    fakeApi({
      'GET /api/users/me/sessions': () => ({ sessions: live }),
      'POST /api/users/me/sessions/sign-out-others': () => {
        const others = live.filter((s) => !s.current).length;
        live = live.filter((s) => s.current);
        return { signed_out: others };
      },
    });
    const { user } = render();

    await user.click(await screen.findByRole('button', { name: 'Sign out of all other devices' }));
    expect(await screen.findByText('Signed out of 2 other devices.')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Signed-in devices' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
  });

  it('a device already signed out elsewhere is said so, and goes from the list', async () => {
    const phone = session({});
    let live = [session({ current: true }), phone];
    fakeApi({
      'GET /api/users/me/sessions': () => ({ sessions: live }),
      'DELETE /api/users/me/sessions/:id': () => {
        live = live.filter((s) => s.id !== phone.id);
        return apiError(404, AccountMessages.sessionNotFound, 'not_found');
      },
    });
    const { user } = render();

    await user.click(await screen.findByRole('button', { name: /^Sign out Chrome on Android/ }));
    expect(await screen.findByText(AccountMessages.sessionNotFound)).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Signed-in devices' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
  });

  it('offers a retry when the list does not load', async () => {
    let fail = true;
    fakeApi({
      'GET /api/users/me/sessions': () =>
        fail
          ? apiError(500, 'Something went wrong', 'internal_error')
          : { sessions: [session({ current: true })] },
    });
    const { user } = render();

    const retry = await screen.findByRole('button', { name: /Try again|Retry/ });
    fail = false;
    await user.click(retry);
    expect(await screen.findByText('This device')).toBeInTheDocument();
  });
});
