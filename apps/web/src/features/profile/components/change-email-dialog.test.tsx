import { AccountMessages, type Account } from '@lumiskin/contract/account';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProfileForm } from '@/features/profile/components/profile-form';
import { fakeApi } from '@/testing/fake-api';
import { apiError, createAccount, json, renderWithRouter } from '@/testing/test-utils';

const account: Account = createAccount();

const renderForm = () =>
  renderWithRouter([{ path: '/profile', element: <ProfileForm account={account} /> }], '/profile');

describe('changing the email on the profile', () => {
  it('shows the email read-only; Save never sends it', async () => {
    const fetch = fakeApi({ 'PATCH /api/users/me': () => ({ user: account }) });
    const { user } = renderForm();
    const email = screen.getByLabelText('Email');
    expect(email).toHaveValue(account.email);
    expect(email).toHaveAttribute('readonly');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await screen.findByText(AccountMessages.profileUpdated);
    const body = JSON.parse(String(fetch.mock.calls[0]?.[1]?.body)) as Record<string, unknown>;
    expect(body).not.toHaveProperty('email');
  });

  it('sends the new address with the current password, then says to open the link', async () => {
    const fetch = fakeApi({
      'POST /api/users/me/email': ({ body }) => {
        expect(body).toEqual({ newEmail: 'grace@example.test', currentPassword: 'secret-1' });
        return { message: AccountMessages.emailChangeRequested };
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
    expect(fetch).toHaveBeenCalledTimes(1);
    // The profile still shows the current address: nothing changed yet.
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(screen.getByLabelText('Email')).toHaveValue(account.email);
  });

  it("shows the server's wrong-password answer at the password field", async () => {
    fakeApi({
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
    const fetch = fakeApi({ 'POST /api/users/me/email': () => apiError() });
    const { user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Change email' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('New email'), account.email.toUpperCase());
    await user.click(within(dialog).getByRole('button', { name: 'Send confirmation link' }));
    expect(within(dialog).getByText(AccountMessages.emailUnchanged)).toBeInTheDocument();
    expect(within(dialog).getByText(AccountMessages.passwordRequired)).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });
});
