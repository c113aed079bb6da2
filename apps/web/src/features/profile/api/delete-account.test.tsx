import { AccountMessages } from '@lumiskin/contract/account';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FlashNotice } from '@/components/flash-notice';
import { useDeleteAccount } from '@/features/profile/api/delete-account';
import { fakeApi } from '@/testing/fake-api';
import {
  DASHBOARD_SEEN_KEY,
  PENDING_REMOVAL_KEY,
  RECENT_SEARCHES_KEY,
  REMEMBERED_EMAIL_KEY,
  saveSession,
  THEME_KEY,
} from '@/lib/platform/storage';
import { createUser, renderWithRouter } from '@/testing/test-utils';

function DeleteButton() {
  const remove = useDeleteAccount();
  return (
    <button type="button" onClick={() => remove.mutate({ password: 'secret-pass' })}>
      Delete
    </button>
  );
}

describe('after Delete Account', () => {
  afterEach(() => localStorage.clear());

  it('the next page (home) confirms the account is deleted, until dismissed', async () => {
    fakeApi({ 'DELETE /api/users/me': () => new Response(null, { status: 204 }) });
    const { user } = renderWithRouter(
      [
        {
          path: '/',
          element: (
            <>
              <FlashNotice />
              <h1>Home</h1>
            </>
          ),
        },
        { path: '/profile', element: <DeleteButton /> },
      ],
      '/profile',
    );
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(AccountMessages.accountDeleted);
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('leaves nothing of the account in this browser, and what is not the account’s stays', async () => {
    const me = createUser({ email: 'ada@example.test' });
    saveSession({ token: 'tok_1', user: me });
    localStorage.setItem(REMEMBERED_EMAIL_KEY, me.email);
    localStorage.setItem(DASHBOARD_SEEN_KEY, JSON.stringify(['someone-else', me.id]));
    localStorage.setItem(PENDING_REMOVAL_KEY, JSON.stringify({ id: 'p1', name: 'Serum' }));
    localStorage.setItem(RECENT_SEARCHES_KEY, JSON.stringify(['retinol for acne']));
    localStorage.setItem(THEME_KEY, 'dark');
    fakeApi({ 'DELETE /api/users/me': () => new Response(null, { status: 204 }) });
    const { user } = renderWithRouter(
      [
        { path: '/', element: <h1>Home</h1> },
        { path: '/profile', element: <DeleteButton /> },
      ],
      '/profile',
    );
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
    expect(localStorage.getItem(REMEMBERED_EMAIL_KEY)).toBeNull();
    expect(localStorage.getItem(DASHBOARD_SEEN_KEY)).toBe(JSON.stringify(['someone-else']));
    expect(localStorage.getItem(PENDING_REMOVAL_KEY)).toBeNull();
    expect(localStorage.getItem(RECENT_SEARCHES_KEY)).toBeNull();
    expect(localStorage.getItem(THEME_KEY)).toBe('dark');
    expect(localStorage.getItem('lumiskin_token')).toBeNull();
  });

  it('shows nothing on an ordinary visit', () => {
    renderWithRouter([{ path: '/', element: <FlashNotice /> }], '/');
    expect(screen.queryByRole('status')).toBeNull();
  });
});
