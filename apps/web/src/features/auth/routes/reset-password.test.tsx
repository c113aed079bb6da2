import { AccountMessages } from '@lumiskin/contract/account';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LoginForm } from '@/features/auth/components/login-form';
import ResetPasswordRoute from '@/features/auth/routes/reset-password';
import { TOKEN_KEY } from '@/lib/platform/storage';
import { createUser, fakeFetch, json, LocationProbe, renderWithRouter } from '@/testing/test-utils';

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
  await user.type(screen.getByLabelText('New password'), 'new-secret');
  await user.type(screen.getByLabelText('Confirm new password'), 'new-secret');
  await user.click(screen.getByRole('button', { name: 'Set new password' }));
}

describe('after a password reset', () => {
  it('signs in with the new password straight after, as the page says', async () => {
    const fetch = fakeFetch((url, init) => {
      if (url === '/api/auth/reset-password')
        return json(200, { message: AccountMessages.resetDone, email: EMAIL });
      if (url === '/api/auth/login') {
        expect(JSON.parse(String(init.body))).toMatchObject({
          email: EMAIL,
          password: 'new-secret',
        });
        return json(200, {
          user: createUser({ email: EMAIL }),
          access_token: 'tok-new',
          token_type: 'bearer',
          expires_at: '2099-01-01T00:00:00.000Z',
        });
      }
      return json(404, { detail: 'Not found', code: 'not_found' });
    });
    const { user } = renderReset();
    await setNewPassword(user);
    expect(await screen.findByText('Dashboard at /dashboard')).toBeInTheDocument();
    expect(localStorage.getItem(TOKEN_KEY)).toContain('tok-new');
    expect(fetch.mock.calls.map(([url]) => String(url))).toEqual([
      '/api/auth/reset-password',
      '/api/auth/login',
    ]);
  });

  it('opens the login form with the email filled in when signing in does not work', async () => {
    fakeFetch((url) =>
      url === '/api/auth/reset-password'
        ? json(200, { message: AccountMessages.resetDone, email: EMAIL })
        : json(503, { detail: 'Try again', code: 'unavailable' }),
    );
    const { user } = renderReset();
    await setNewPassword(user);
    expect(await screen.findByLabelText('Email')).toHaveValue(EMAIL);
  });
});
