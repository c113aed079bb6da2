import { DEFAULT_USER_SETTINGS, type Account } from '@lumiskin/contract/account';
import { DeviceScanMessages } from '@lumiskin/contract/device-scan';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SettingsTab } from '@/features/profile/components/settings-tab';
import { fakeApi } from '@/testing/fake-api';
import { createUser, renderWithRouter } from '@/testing/test-utils';

const account: Account = {
  ...createUser(),
  notes: '',
  timezone: 'UTC',
  settings: DEFAULT_USER_SETTINGS,
  goals: { target_score: null, scans_per_week: null },
  email_confirmed: true,
};

describe('the settings tab', () => {
  it('offers analysis on this device, off by default, and saves the switch', async () => {
    let sent: unknown = null;
    fakeApi({
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
});
