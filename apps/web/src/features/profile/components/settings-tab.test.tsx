import { AccountMessages, DEFAULT_USER_SETTINGS, type Account } from '@lumiskin/contract/account';
import { AuthMessages } from '@lumiskin/contract/auth';
import { DeviceScanMessages } from '@lumiskin/contract/device-scan';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SettingsTab } from '@/features/profile/components/settings-tab';
import { fakeApi } from '@/testing/fake-api';
import { consentStatus } from '@/testing/scan-factory';
import { createAccountSession, createUser, renderWithRouter } from '@/testing/test-utils';

const account: Account = {
  ...createUser(),
  notes: '',
  timezone: 'UTC',
  settings: DEFAULT_USER_SETTINGS,
  goals: { target_score: null, scans_per_week: null },
  email_confirmed: true,
};

/** The photo consent (photo-consent-section.test covers it): given once. */
const CONSENTED = {
  'GET /api/analysis/consent': () => consentStatus(),
} as const;

/** The devices section's list (devices-section.test covers it): this device alone. */
const NO_OTHER_DEVICES = {
  ...CONSENTED,
  'GET /api/users/me/sessions': () => ({ sessions: [createAccountSession()] }),
} as const;

describe('the settings tab', () => {
  it('offers analysis on this device, off by default, and saves the switch', async () => {
    let sent: unknown = null;
    fakeApi({
      ...NO_OTHER_DEVICES,
      'PATCH /api/users/me': ({ body }) => {
        sent = body;
        return {
          user: { ...account, settings: { ...account.settings, analyse_on_device: true } },
        };
      },
    });
    const { user } = renderWithRouter(
      [{ path: '/profile', element: <SettingsTab account={account} /> }],
      '/profile',
    );
    const toggle = await screen.findByRole('switch', { name: 'Analyse on this device' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(screen.getByText(DeviceScanMessages.photoStays)).toBeInTheDocument();
    await user.click(toggle);
    await waitFor(() => expect(sent).toEqual({ settings: { analyse_on_device: true } }));
  });

  it('says under each field what is wrong, before sending and when the current password is wrong', async () => {
    const sent: unknown[] = [];
    fakeApi({
      ...NO_OTHER_DEVICES,
      'POST /api/users/me/password': ({ body }) => {
        sent.push(body);
        return new Response(
          JSON.stringify({
            detail: AccountMessages.wrongPassword,
            code: 'wrong_password',
            fields: { currentPassword: AccountMessages.wrongPassword },
          }),
          { status: 400, headers: { 'Content-Type': 'application/json' } },
        );
      },
    });
    const { user } = renderWithRouter(
      [{ path: '/profile', element: <SettingsTab account={account} /> }],
      '/profile',
    );
    const current = await screen.findByLabelText('Current password');
    const next = screen.getByLabelText('New password');
    const confirm = screen.getByLabelText('Confirm new password');
    const submit = screen.getByRole('button', { name: 'Change password' });

    // Nothing typed: each field says so, and the first one takes the focus.
    await user.click(submit);
    expect(current).toHaveAccessibleDescription(AccountMessages.passwordRequired);
    expect(next).toHaveAccessibleDescription(AuthMessages.passwordTooShort);
    expect(current).toHaveFocus();
    expect(current).toHaveAttribute('aria-invalid', 'true');

    // Each field can be shown while typing, as on the sign-up form.
    for (const field of [current, next, confirm]) {
      expect(field).toHaveAttribute('type', 'password');
      const eye = screen
        .getAllByRole('button', { name: 'Show password' })
        .find((button) => button.getAttribute('aria-controls') === field.id);
      await user.click(eye!);
      expect(field).toHaveAttribute('type', 'text');
      await user.click(screen.getByRole('button', { name: 'Hide password' }));
      expect(field).toHaveAttribute('type', 'password');
    }

    // A new password that does not match its copy: only that is said.
    await user.type(current, 'old-secret-words');
    await user.type(next, 'a much longer phrase');
    await user.type(confirm, 'a much longer phrasf');
    await user.click(submit);
    expect(current).not.toHaveAttribute('aria-invalid');
    expect(next).not.toHaveAttribute('aria-invalid');
    expect(confirm).toHaveAccessibleDescription(AuthMessages.passwordsDontMatch);
    expect(confirm).toHaveFocus();
    expect(sent).toEqual([]);

    // Sent, and the server's "wrong password" is shown under the current password.
    await user.clear(confirm);
    await user.type(confirm, 'a much longer phrase');
    await user.click(submit);
    await waitFor(() => expect(current).toHaveAccessibleDescription(AccountMessages.wrongPassword));
    expect(current).toHaveFocus();
    expect(sent).toEqual([
      {
        currentPassword: 'old-secret-words',
        password: 'a much longer phrase',
        confirmPassword: 'a much longer phrase',
      },
    ]);
  });

  it('reads the signed-in devices again once the password is changed (the others were signed out)', async () => {
    const here = NO_OTHER_DEVICES['GET /api/users/me/sessions']().sessions[0]!;
    const phone = {
      ...here,
      id: '9b2f6c1e-0d4a-4f3b-8c7e-1a2b3c4d5e6f',
      device: 'Safari on iPhone',
      current: false,
    };
    let live = [here, phone];
    fakeApi({
      ...CONSENTED,
      'GET /api/users/me/sessions': () => ({ sessions: live }),
      'POST /api/users/me/password': () => {
        live = [here];
        return { message: AccountMessages.passwordChanged };
      },
    });
    const { user } = renderWithRouter(
      [{ path: '/profile', element: <SettingsTab account={account} /> }],
      '/profile',
    );
    const devices = await screen.findByRole('list', { name: 'Signed-in devices' });
    await waitFor(() => expect(within(devices).getAllByRole('listitem')).toHaveLength(2));

    await user.type(screen.getByLabelText('Current password'), 'old-secret-words');
    await user.type(screen.getByLabelText('New password'), 'a much longer phrase');
    await user.type(screen.getByLabelText('Confirm new password'), 'a much longer phrase');
    await user.click(screen.getByRole('button', { name: 'Change password' }));

    await waitFor(() => expect(within(devices).getAllByRole('listitem')).toHaveLength(1));
    expect(within(devices).queryByText('Safari on iPhone')).toBeNull();
  });

  it('saves the export exactly as the server sent it, under its name', async () => {
    // As streamed: compact, one line (a re-printed copy held the file in memory several times).
    const file = JSON.stringify({
      format: 'lumiskin-export/1',
      exported_at: '2026-12-02T10:00:00.000Z',
      user: account,
      ...Object.fromEntries(
        [
          'scans',
          'photos',
          'scan_consents',
          'routine',
          'routine_history',
          'routine_check_offs',
          'mix',
          'favourites',
          'liked_posts',
          'saved_posts',
          'viewed_posts',
          'quiz_attempts',
          'quiz_answers',
          'quiz_badges',
          'sessions',
          'notifications',
          'push_devices',
          'orders',
          'delivery_address',
          'emails',
        ].map((key) => [key, []]),
      ),
    });
    fakeApi({
      ...NO_OTHER_DEVICES,
      'GET /api/users/me/export': () =>
        new Response(file, {
          headers: {
            'content-type': 'application/json; charset=utf-8',
            'content-disposition': 'attachment; filename="lumiskin-export-2026-12-02.json"',
          },
        }),
    });
    let saved: { name: string; blob: Blob } | null = null;
    let blob: Blob | null = null;
    vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
      blob = b as Blob;
      return 'blob:export';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved = { name: this.download, blob: blob! };
    });
    const { user } = renderWithRouter(
      [{ path: '/profile', element: <SettingsTab account={account} /> }],
      '/profile',
    );
    await user.click(await screen.findByRole('button', { name: 'Export my data' }));
    await waitFor(() => expect(saved).not.toBeNull());
    expect(saved!.name).toBe('lumiskin-export-2026-12-02.json');
    expect(await saved!.blob.text()).toBe(file);
  });
  it('delete account: the wrong password is said at the field; "Keep my account" closes and forgets it', async () => {
    const sent: unknown[] = [];
    fakeApi({
      ...NO_OTHER_DEVICES,
      'DELETE /api/users/me': ({ body }) => {
        sent.push(body);
        return new Response(
          JSON.stringify({
            detail: AccountMessages.wrongPassword,
            code: 'wrong_password',
            fields: { password: AccountMessages.wrongPassword },
          }),
          { status: 400, headers: { 'Content-Type': 'application/json' } },
        );
      },
    });
    const { user } = renderWithRouter(
      [{ path: '/profile', element: <SettingsTab account={account} /> }],
      '/profile',
    );
    await user.click(await screen.findByRole('button', { name: 'Delete Account' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(within(dialog).getByText(AccountMessages.passwordRequired)).toBeInTheDocument();
    expect(sent).toEqual([]);
    const password = within(dialog).getByLabelText('Your password');
    await user.type(password, 'not-my-password');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    await within(dialog).findByText(AccountMessages.wrongPassword);
    expect(sent).toEqual([{ password: 'not-my-password' }]);
    expect(password).toHaveAttribute('aria-invalid', 'true');
    await user.click(within(dialog).getByRole('button', { name: 'Keep my account' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Delete Account' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    expect(within(dialog).getByLabelText('Your password')).toHaveValue('');
    expect(within(dialog).queryByText(AccountMessages.wrongPassword)).toBeNull();
  });
});
