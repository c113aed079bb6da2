import { AccountMessages } from '@lumiskin/contract/account';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import ConfirmEmailRoute from '@/features/auth/routes/confirm-email';
import { getSession, saveSession } from '@/lib/platform/storage';
import { fakeApi } from '@/testing/fake-api';
import { apiError, createUser, json, LocationProbe, renderWithRouter } from '@/testing/test-utils';

const NEW = 'grace@example.test';

const renderPage = (entry = '/confirm-email?token=tok-123') =>
  renderWithRouter(
    [
      { path: '/confirm-email', element: <ConfirmEmailRoute /> },
      { path: '/login', element: <LocationProbe label="Login" /> },
      { path: '/profile', element: <LocationProbe label="Profile" /> },
    ],
    entry,
  );

describe('the email confirmation page', () => {
  it('changes nothing on opening; the button confirms, then offers to sign in with the new address', async () => {
    const fetch = fakeApi({
      'POST /api/auth/confirm-email': ({ body }) => {
        expect(body).toEqual({ token: 'tok-123' });
        return { message: AccountMessages.emailChanged, email: NEW, kind: 'changed' };
      },
    });
    const { user } = renderPage();
    expect(await screen.findByRole('heading', { name: 'Confirm your email' })).toBeVisible();
    expect(fetch).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Confirm my email' }));
    expect(await screen.findByRole('status')).toHaveTextContent(`It is now ${NEW}`);
    await user.click(screen.getByRole('link', { name: 'Sign in' }));
    expect(
      await screen.findByText(`Login at /login?email=${encodeURIComponent(NEW)}`),
    ).toBeInTheDocument();
  });

  it('updates the stored user when this device is signed in', async () => {
    saveSession({ token: 'tok-session-0123456789', user: createUser() });
    fakeApi(
      {
        'POST /api/auth/confirm-email': () => ({
          message: AccountMessages.emailChanged,
          email: NEW,
          kind: 'changed',
        }),
        'GET /api/auth/me': () => ({ user: createUser({ email: NEW }) }),
      },
      () => apiError(404, 'Not found', 'not_found'),
    );
    const { user, queryClient } = renderPage();
    // What the profile read before: the change was pending then.
    const pendingKey = ['account', 'pending-email'];
    queryClient.setQueryData(pendingKey, { new_email: NEW, expires_at: '2026-12-04T14:05:00Z' });
    await user.click(await screen.findByRole('button', { name: 'Confirm my email' }));
    expect(await screen.findByRole('link', { name: 'Back to your profile' })).toBeVisible();
    await screen.findByRole('status');
    await vi.waitFor(() => expect(getSession()?.user.email).toBe(NEW));
    // The profile reads it again instead of showing the change as still waiting.
    await vi.waitFor(() => expect(queryClient.getQueryState(pendingKey)?.isInvalidated).toBe(true));
  });

  it('says a sign-up confirmation link proved the address, without claiming an email change', async () => {
    fakeApi({
      'POST /api/auth/confirm-email': () => ({
        message: AccountMessages.emailConfirmed,
        email: NEW,
        kind: 'confirmed',
      }),
    });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Confirm my email' }));
    expect(await screen.findByRole('status')).toHaveTextContent(AccountMessages.emailConfirmed);
    expect(screen.getByRole('heading', { name: 'Email confirmed' })).toBeVisible();
    expect(screen.queryByText(/It is now/)).toBeNull();
  });

  it("shows the server's answer for a used or expired link", async () => {
    fakeApi({
      'POST /api/auth/confirm-email': () =>
        json(400, { detail: AccountMessages.emailConfirmInvalid, code: 'invalid_email_token' }),
    });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Confirm my email' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(AccountMessages.emailConfirmInvalid);
    // Pressing again would get the same answer: the page leads on instead.
    expect(screen.queryByRole('button', { name: 'Confirm my email' })).toBeNull();
    await user.click(screen.getByRole('link', { name: 'Sign in' }));
    expect(await screen.findByText('Login at /login')).toBeInTheDocument();
  });

  it('keeps the button when the answer did not come (server error, offline): a new press may work', async () => {
    let calls = 0;
    fakeApi({
      'POST /api/auth/confirm-email': () => {
        calls += 1;
        return calls === 1
          ? apiError(
              503,
              'The server is very busy. Please try again in a few seconds.',
              'overloaded',
            )
          : { message: AccountMessages.emailChanged, email: NEW, kind: 'changed' };
      },
    });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Confirm my email' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('very busy');
    await user.click(screen.getByRole('button', { name: 'Confirm my email' }));
    expect(await screen.findByRole('status')).toHaveTextContent(`It is now ${NEW}`);
  });

  it('says the link is broken when it has no token', async () => {
    const fetch = fakeApi({ 'POST /api/auth/confirm-email': () => apiError() });
    renderPage('/confirm-email');
    expect(await screen.findByRole('alert')).toHaveTextContent(AccountMessages.emailConfirmInvalid);
    expect(screen.queryByRole('button', { name: 'Confirm my email' })).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });
});
