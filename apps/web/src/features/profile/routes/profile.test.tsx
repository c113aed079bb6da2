import { screen, waitFor, within } from '@testing-library/react';
import { Link } from 'react-router';
import { describe, expect, it } from 'vitest';
import ProfileRoute from '@/features/profile/routes/profile';
import { saveSession } from '@/lib/platform/storage';
import { fakeApi } from '@/testing/fake-api';
import { consentStatus } from '@/testing/scan-factory';
import { createAccount, createAccountSession, renderWithRouter } from '@/testing/test-utils';

const account = createAccount();

function render(initial: string) {
  fakeApi({
    'GET /api/users/me': () => ({ user: account }),
    'GET /api/analysis/history': () => [],
    'GET /api/users/me/sessions': () => ({ sessions: [createAccountSession()] }),
    'GET /api/users/me/email': () => ({ pending: null }),
    'GET /api/analysis/consent': () => consentStatus({ given: false }),
  });
  return renderWithRouter(
    [
      {
        path: '/profile',
        element: (
          <>
            {/* as the bell's sign-in alert links (decision 185) */}
            <Link to="/profile?tab=settings#devices">New sign-in: Edge on Windows</Link>
            <Link to="/dashboard">Dashboard</Link>
            <ProfileRoute />
          </>
        ),
      },
      { path: '/dashboard', element: <h1>Your dashboard</h1> },
    ],
    initial,
  );
}

const selected = () => screen.getByRole('tab', { selected: true }).textContent;

describe('the profile’s tabs follow the address', () => {
  it('opens the tab the address names', async () => {
    render('/profile?tab=settings');
    await waitFor(() => expect(selected()).toBe('Settings'));
  });

  it('an unknown one is the Profile tab; a link to the devices opens Settings on the page already open', async () => {
    const { user, router } = render('/profile?tab=nonsense');
    await waitFor(() => expect(selected()).toBe('Profile'));

    await user.click(screen.getByRole('link', { name: 'New sign-in: Edge on Windows' }));
    await waitFor(() => expect(selected()).toBe('Settings'));
    await screen.findByRole('list', { name: 'Signed-in devices' });
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Where you’re signed in' })).toHaveFocus(),
    );

    // Choosing a tab writes it in the address (replacing it: Back leaves the profile).
    await user.click(screen.getByRole('tab', { name: 'History' }));
    expect(router.state.location.search).toBe('?tab=history');
    expect(router.state.historyAction).toBe('REPLACE');
    await user.click(screen.getByRole('tab', { name: 'Profile' }));
    expect(router.state.location.search).toBe('');
  });
});

describe('edits not saved yet', () => {
  it('survive a look at another tab, and leaving the page asks first (decision 187)', async () => {
    saveSession({ token: 'tok_me', user: account });
    const { user, router } = render('/profile');
    const notes = await screen.findByLabelText('Additional notes');
    await user.type(notes, 'Retinol stings');

    await user.click(screen.getByRole('tab', { name: 'Settings' }));
    await user.click(screen.getByRole('tab', { name: 'Profile' }));
    expect(screen.getByLabelText('Additional notes')).toHaveValue('Retinol stings');

    await user.click(screen.getByRole('link', { name: 'Dashboard' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    expect(dialog).toHaveTextContent('Your profile changes are not saved yet');
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/profile');
    expect(screen.getByLabelText('Additional notes')).toHaveValue('Retinol stings');

    await user.click(screen.getByRole('link', { name: 'Dashboard' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Leave' }),
    );
    expect(await screen.findByRole('heading', { name: 'Your dashboard' })).toBeInTheDocument();
  });

  it('nothing edited, or the edit undone: the page is left without a question', async () => {
    saveSession({ token: 'tok_me', user: account });
    const { user } = render('/profile');
    const notes = await screen.findByLabelText('Additional notes');
    await user.type(notes, 'x');
    await user.clear(notes);
    // A space after the name is not kept by a save, so it is no edit either.
    await user.type(screen.getByLabelText('Full name'), ' ');
    await user.click(screen.getByRole('link', { name: 'Dashboard' }));
    expect(await screen.findByRole('heading', { name: 'Your dashboard' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
