import { SettingsMessages } from '@lumiskin/contract/settings';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import RegisterRoute from '@/features/auth/routes/register';
import { saveSession } from '@/lib/platform/storage';
import { fakeApi } from '@/testing/fake-api';
import { apiError, createUser, LocationProbe, renderWithRouter } from '@/testing/test-utils';

const settings = (signups_open: boolean) => ({ announcement: '', signups_open, scans_open: true });

describe('register page', () => {
  it('says so when an admin closed sign-ups, offering sign-in instead of the form', async () => {
    fakeApi({ 'GET /api/settings': () => settings(false) });
    renderWithRouter([{ path: '/register', Component: RegisterRoute }], '/register');
    expect(await screen.findByText(SettingsMessages.signupsClosed)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in to an existing account' })).toHaveAttribute(
      'href',
      '/login',
    );
    expect(screen.queryByRole('button', { name: 'Create account' })).toBeNull();
  });

  it('shows the form while sign-ups are open', async () => {
    fakeApi({ 'GET /api/settings': () => settings(true) });
    renderWithRouter([{ path: '/register', Component: RegisterRoute }], '/register');
    expect(await screen.findByRole('button', { name: 'Create account' })).toBeInTheDocument();
    expect(screen.queryByText(SettingsMessages.signupsClosed)).toBeNull();
  });

  it('sends someone already signed in straight to where sign-up would have led', async () => {
    saveSession({ token: 'tok', user: createUser() });
    fakeApi({ 'GET /api/settings': () => settings(true) }, () =>
      apiError(404, 'Not found', 'not_found'),
    );
    renderWithRouter(
      [
        { path: '/register', Component: RegisterRoute },
        { path: '/scan', element: <LocationProbe label="Scan" /> },
        { path: '/dashboard', element: <LocationProbe label="Dashboard" /> },
      ],
      '/register?redirect=%2Fscan',
    );
    expect(await screen.findByText('Scan at /scan')).toBeInTheDocument();
  });
});
