import { AccountMessages, type Account } from '@lumiskin/contract/account';
import { act, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '@/testing/fake-api';
import { ProfileForm } from '@/features/profile/components/profile-form';
import { createAccount, renderWithRouter } from '@/testing/test-utils';

const account: Account = createAccount();

/** The form with an account the test replaces, as the server's answer replaces the kept copy. */
let showAccount: (next: Account) => void = () => {};
function Holder() {
  const [shown, setShown] = useState(account);
  showAccount = setShown;
  return <ProfileForm account={shown} />;
}

describe('the profile form while the account is still arriving', () => {
  it('keeps what the person typed when the server’s answer arrives, and follows it elsewhere', async () => {
    const { user } = renderWithRouter([{ path: '/profile', element: <Holder /> }], '/profile');
    const name = screen.getByLabelText('Full name');
    await user.clear(name);
    await user.type(name, 'Grace Glow');
    // The server's answer: another name and notes saved on another device.
    act(() => showAccount({ ...account, name: 'Old Name', notes: 'Allergic to lanolin' }));
    expect(screen.getByLabelText('Full name')).toHaveValue('Grace Glow');
    expect(screen.getByLabelText('Additional notes')).toHaveValue('Allergic to lanolin');
  });

  it('an untouched form shows the newer account', () => {
    renderWithRouter([{ path: '/profile', element: <Holder /> }], '/profile');
    act(() => showAccount({ ...account, name: 'Newer Name' }));
    expect(screen.getByLabelText('Full name')).toHaveValue('Newer Name');
  });
});

describe('saving the profile', () => {
  it('says under the name that it is needed, focuses it, and sends nothing', async () => {
    const api = fakeApi({ 'GET /api/users/me/email': () => ({ pending: null }) });
    const { user } = renderWithRouter([{ path: '/profile', element: <Holder /> }], '/profile');
    const name = screen.getByLabelText('Full name');
    await user.clear(name);
    await user.click(screen.getByRole('button', { name: /Save/ }));
    expect(name).toHaveAccessibleDescription(AccountMessages.nameRequired);
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveFocus();
    // (the pending email change is read; nothing is written)
    expect(api.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}`)).toEqual([
      'GET /api/users/me/email',
    ]);
    // Typing a name takes the message away.
    await user.type(name, 'G');
    expect(name).not.toHaveAttribute('aria-invalid');
  });
});
