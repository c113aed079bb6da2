import { AccountMessages, type Account } from '@lumiskin/contract/account';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProfileForm } from '@/features/profile/components/profile-form';
import { fakeApi } from '@/testing/fake-api';
import { apiError, createAccount, json, renderWithRouter } from '@/testing/test-utils';

const account: Account = createAccount();
const NOTHING_PENDING = { 'GET /api/users/me/email': () => ({ pending: null }) } as const;
/** The requests that would change something (the pending change is read on every render). */
const writes = (fetch: ReturnType<typeof fakeApi>) =>
  fetch.mock.calls.filter(([, init]) => (init?.method ?? 'GET') !== 'GET');

const renderForm = () =>
  renderWithRouter([{ path: '/profile', element: <ProfileForm account={account} /> }], '/profile');

describe('changing the email on the profile', () => {
  it('shows the email read-only; Save never sends it', async () => {
    const fetch = fakeApi({ ...NOTHING_PENDING, 'PATCH /api/users/me': () => ({ user: account }) });
    const { user } = renderForm();
    const email = screen.getByLabelText('Email');
    expect(email).toHaveValue(account.email);
    expect(email).toHaveAttribute('readonly');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await screen.findByText(AccountMessages.profileUpdated);
    const body = JSON.parse(String(writes(fetch)[0]?.[1]?.body)) as Record<string, unknown>;
    expect(body).not.toHaveProperty('email');
  });

  it('sends the new address with the current password, says to open the link, and shows the change waiting until it is cancelled', async () => {
    const expiresAt = new Date(2026, 11, 4, 14, 5).toISOString();
    let pending: { new_email: string; expires_at: string } | null = null;
    const fetch = fakeApi({
      'GET /api/users/me/email': () => ({ pending }),
      'POST /api/users/me/email': ({ body }) => {
        expect(body).toEqual({ newEmail: 'grace@example.test', currentPassword: 'secret-1' });
        pending = { new_email: 'grace@example.test', expires_at: expiresAt };
        return { message: AccountMessages.emailChangeRequested };
      },
      'DELETE /api/users/me/email': () => {
        pending = null;
        return { pending: null };
      },
    });
    const { user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Change email' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change your email' });
    await user.type(within(dialog).getByLabelText('New email'), ' grace@example.test ');
    const password = within(dialog).getByLabelText('Current password');
    await user.type(password, 'secret-1');
    // the sign-up form's show/hide, as on every password field a person types
    expect(password).toHaveAttribute('type', 'password');
    await user.click(within(dialog).getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(within(dialog).getByRole('button', { name: 'Send confirmation link' }));
    const status = await within(dialog).findByRole('status');
    expect(status).toHaveTextContent(AccountMessages.emailChangeRequested);
    expect(status).toHaveTextContent('grace@example.test');
    expect(writes(fetch)).toHaveLength(1);
    // The profile still shows the current address: nothing changed yet; the change waits below it.
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(screen.getByLabelText('Email')).toHaveValue(account.email);
    const note = await screen.findByText(/Waiting for you to open the link sent to/);
    expect(note).toHaveTextContent('grace@example.test');
    expect(note).toHaveTextContent(/until 14:05|until 2:05\s?PM/);
    await user.click(screen.getByRole('button', { name: 'Cancel change' }));
    await waitFor(() => expect(screen.queryByText(/Waiting for you to open/)).toBeNull());
    expect(await screen.findByText(AccountMessages.emailChangeCancelled)).toBeInTheDocument();
    expect(writes(fetch).map(([url, init]) => `${init?.method} ${String(url)}`)).toEqual([
      'POST /api/users/me/email',
      'DELETE /api/users/me/email',
    ]);
  });

  it("shows the server's wrong-password answer at the password field", async () => {
    fakeApi({
      ...NOTHING_PENDING,
      'POST /api/users/me/email': () =>
        json(400, {
          detail: AccountMessages.wrongPassword,
          code: 'wrong_password',
          fields: { currentPassword: AccountMessages.wrongPassword },
        }),
    });
    const { user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Change email' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('New email'), 'grace@example.test');
    await user.type(within(dialog).getByLabelText('Current password'), 'wrong');
    await user.click(within(dialog).getByRole('button', { name: 'Send confirmation link' }));
    expect(await within(dialog).findByText(AccountMessages.wrongPassword)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Current password')).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  });

  it('checks the address and the password before asking the server', async () => {
    const fetch = fakeApi({ ...NOTHING_PENDING, 'POST /api/users/me/email': () => apiError() });
    const { user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Change email' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('New email'), account.email.toUpperCase());
    await user.click(within(dialog).getByRole('button', { name: 'Send confirmation link' }));
    expect(within(dialog).getByText(AccountMessages.emailUnchanged)).toBeInTheDocument();
    expect(within(dialog).getByText(AccountMessages.passwordRequired)).toBeInTheDocument();
    expect(writes(fetch)).toEqual([]);
  });
});

describe('an address not confirmed yet', () => {
  const unconfirmed: Account = { ...account, email_confirmed: false };
  const renderUnconfirmed = () =>
    renderWithRouter(
      [{ path: '/profile', element: <ProfileForm account={unconfirmed} /> }],
      '/profile',
    );

  it('offers a new confirmation link', async () => {
    const fetch = fakeApi({
      ...NOTHING_PENDING,
      'POST /api/users/me/email/confirmation': () => ({
        message: AccountMessages.confirmationSent,
      }),
    });
    const { user } = renderUnconfirmed();
    expect(screen.getByText(/Not confirmed yet/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send a new link' }));
    expect(await screen.findByText(AccountMessages.confirmationSent)).toBeInTheDocument();
    expect(writes(fetch)).toHaveLength(1);
  });

  it('asks for nothing while a change to another address waits for its link (that link proves it)', async () => {
    fakeApi({
      'GET /api/users/me/email': () => ({
        pending: { new_email: 'grace@example.test', expires_at: '2026-12-04T14:05:00Z' },
      }),
    });
    renderUnconfirmed();
    await screen.findByText(/Waiting for you to open the link sent to/);
    expect(screen.queryByText(/Not confirmed yet/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send a new link' })).toBeNull();
  });
});
