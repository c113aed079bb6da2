import { AccountMessages } from '@lumiskin/contract/account';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LoginForm } from '@/features/auth/components/login-form';
import ResetPasswordRoute from '@/features/auth/routes/reset-password';
import { TOKEN_KEY } from '@/lib/platform/storage';
import { fakeApi } from '@/testing/fake-api';
import { createUser, json, LocationProbe, renderWithRouter } from '@/testing/test-utils';

const EMAIL = 'ada@example.test';

function renderReset() {
  return renderWithRouter(
    [
      { path: '/reset-password', element: <ResetPasswordRoute /> },
      { path: '/login', element: <LoginForm /> },
      { path: '/dashboard', element: <LocationProbe label="Dashboard" /> },
    ],
    '/reset-password?token=abc123',
  );
}

async function setNewPassword(user: ReturnType<typeof renderReset>['user']) {
  await user.type(await screen.findByLabelText('New password'), 'new-secret');
  await user.type(screen.getByLabelText('Confirm new password'), 'new-secret');
  await user.click(screen.getByRole('button', { name: 'Set new password' }));
}

describe('after a password reset', () => {
  it('signs in with the new password straight after, as the page says', async () => {
    const fetch = fakeApi({
      'POST /api/auth/reset-password/check': () => ({ valid: true }),
      'POST /api/auth/reset-password': () => ({ message: AccountMessages.resetDone, email: EMAIL }),
      'POST /api/auth/login': ({ body }) => {
        expect(body).toMatchObject({ email: EMAIL, password: 'new-secret' });
        return {
          user: createUser({ email: EMAIL }),
          access_token: 'tok-new',
          token_type: 'bearer',
          expires_at: '2099-01-01T00:00:00.000Z',
        };
      },
    });
    const { user } = renderReset();
    await setNewPassword(user);
    expect(await screen.findByText('Dashboard at /dashboard')).toBeInTheDocument();
    expect(localStorage.getItem(TOKEN_KEY)).toContain('tok-new');
    expect(fetch.mock.calls.map(([url]) => String(url))).toEqual([
      '/api/auth/reset-password/check',
      '/api/auth/reset-password',
      '/api/auth/login',
    ]);
  });

  it('opens the login form with the email filled in when signing in does not work', async () => {
    fakeApi({
      'POST /api/auth/reset-password/check': () => ({ valid: true }),
      'POST /api/auth/reset-password': () => ({ message: AccountMessages.resetDone, email: EMAIL }),
      'POST /api/auth/login': () => json(503, { detail: 'Try again', code: 'unavailable' }),
    });
    const { user } = renderReset();
    await setNewPassword(user);
    expect(await screen.findByLabelText('Email')).toHaveValue(EMAIL);
  });

  it('says an old link no longer works before a password is typed, with the way to a new one', async () => {
    const fetch = fakeApi({
      'POST /api/auth/reset-password/check': ({ body }) => {
        expect(body).toEqual({ token: 'abc123' });
        return { valid: false };
      },
    });
    renderReset();
    expect(await screen.findByRole('alert')).toHaveTextContent(AccountMessages.resetInvalid);
    expect(
      screen.getByText('A reset link works once, for an hour after it was sent.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.queryByLabelText('New password')).toBeNull();
    expect(fetch.mock.calls.map(([url]) => String(url))).toEqual([
      '/api/auth/reset-password/check',
    ]);
  });

  it('keeps the form when the link cannot be checked (offline): the reset answers then', async () => {
    fakeApi({
      'POST /api/auth/reset-password/check': () =>
        json(429, { detail: 'Too many attempts.', code: 'rate_limited' }),
    });
    renderReset();
    expect(await screen.findByLabelText('New password')).toBeInTheDocument();
  });
});
