import type { Account } from '@lumiskin/contract/account';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { RemindersSection } from '@/features/profile/components/reminders-section';
import { getAccountQueryOptions } from '@/lib/api/get-account';
import { fakeApi } from '@/testing/fake-api';
import { createAccount, renderWithRouter } from '@/testing/test-utils';

const account: Account = createAccount();
const withTimes = (morning: string, evening: string): Account => ({
  ...account,
  settings: { ...account.settings, morning_reminder_time: morning, evening_reminder_time: evening },
});

/**
 * The section with the cached account, as on the profile page: it starts from the kept copy, the
 * test puts the server's answer in the cache, and a save's answer lands there too.
 */
let showAccount: (next: Account) => void = () => {};
function Holder() {
  const client = useQueryClient();
  const { data } = useQuery({
    ...getAccountQueryOptions(),
    initialData: account,
    staleTime: Infinity,
  });
  showAccount = (next) => client.setQueryData(getAccountQueryOptions().queryKey, next);
  return <RemindersSection account={data} />;
}

describe('the reminder times while the account is still arriving', () => {
  it('an untouched time shows the newer account, and leaving it saves nothing', async () => {
    const sent: unknown[] = [];
    fakeApi({
      'PATCH /api/users/me': ({ body }) => {
        sent.push(body);
        return { user: account };
      },
    });
    const { user } = renderWithRouter([{ path: '/profile', element: <Holder /> }], '/profile');
    const morning = screen.getByLabelText('Morning');
    expect(morning).toHaveValue('08:00');
    // The copy kept on the device said 08:00; the server's answer, saved on another device, 07:30.
    act(() => showAccount(withTimes('07:30', '22:15')));
    await waitFor(() => expect(screen.getByLabelText('Morning')).toHaveValue('07:30'));
    expect(screen.getByLabelText('Evening')).toHaveValue('22:15');
    // Passing through the fields (Tab) must not write the older time back.
    await user.click(screen.getByLabelText('Morning'));
    await user.tab();
    await user.tab();
    expect(sent).toEqual([]);
  });

  it('keeps a time typed before the server’s answer, saves it on leaving, then shows the answer', async () => {
    const sent: unknown[] = [];
    fakeApi({
      'PATCH /api/users/me': ({ body }) => {
        sent.push(body);
        return { user: withTimes('06:45', '22:15') };
      },
    });
    renderWithRouter([{ path: '/profile', element: <Holder /> }], '/profile');
    const morning = screen.getByLabelText('Morning');
    fireEvent.change(morning, { target: { value: '06:45' } });
    act(() => showAccount(withTimes('07:30', '22:15')));
    // The field not edited follows the answer; the edited one keeps what was typed.
    await waitFor(() => expect(screen.getByLabelText('Evening')).toHaveValue('22:15'));
    expect(screen.getByLabelText('Morning')).toHaveValue('06:45');
    fireEvent.blur(screen.getByLabelText('Morning'));
    await waitFor(() => expect(sent).toEqual([{ settings: { morning_reminder_time: '06:45' } }]));
    await waitFor(() => expect(screen.getByLabelText('Morning')).not.toBeDisabled());
    expect(screen.getByLabelText('Morning')).toHaveValue('06:45');
  });

  it('a time the server refuses goes back to the saved one', async () => {
    fakeApi({
      'PATCH /api/users/me': () =>
        new Response(JSON.stringify({ detail: 'Try again later', code: 'unavailable' }), {
          status: 503,
          headers: { 'Content-Type': 'application/json' },
        }),
    });
    renderWithRouter([{ path: '/profile', element: <Holder /> }], '/profile');
    const evening = screen.getByLabelText('Evening');
    fireEvent.change(evening, { target: { value: '23:30' } });
    fireEvent.blur(evening);
    await waitFor(() => expect(screen.getByLabelText('Evening')).toHaveValue('21:00'));
  });
});
