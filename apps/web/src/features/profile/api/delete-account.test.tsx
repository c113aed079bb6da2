import { AccountMessages } from '@lumiskin/contract/account';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FlashNotice } from '@/components/flash-notice';
import { useDeleteAccount } from '@/features/profile/api/delete-account';
import { fakeApi } from '@/testing/fake-api';
import { renderWithRouter } from '@/testing/test-utils';

function DeleteButton() {
  const remove = useDeleteAccount();
  return (
    <button type="button" onClick={() => remove.mutate({ password: 'secret-pass' })}>
      Delete
    </button>
  );
}

describe('after Delete Account', () => {
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

  it('shows nothing on an ordinary visit', () => {
    renderWithRouter([{ path: '/', element: <FlashNotice /> }], '/');
    expect(screen.queryByRole('status')).toBeNull();
  });
});
