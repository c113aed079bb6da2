import { DEFAULT_USER_SETTINGS, type Account } from '@lumiskin/contract/account';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OFFLINE_SEEN_LAST, OfflineBar } from '@/components/offline-bar';
import { getAccountQueryOptions } from '@/lib/api/get-account';
import { createUser } from '@/testing/test-utils';

function account(analyseOnDevice: boolean): Account {
  return {
    ...createUser(),
    notes: '',
    timezone: 'UTC',
    settings: { ...DEFAULT_USER_SETTINGS, analyse_on_device: analyseOnDevice },
    goals: { target_score: null, scans_per_week: null },
    email_confirmed: true,
  };
}

function renderBar(queryClient: QueryClient) {
  return render(
    <QueryClientProvider client={queryClient}>
      <OfflineBar />
    </QueryClientProvider>,
  );
}

describe('OfflineBar', () => {
  afterEach(() => vi.restoreAllMocks());

  it('says nothing online', () => {
    renderBar(new QueryClient());
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('offline, says scans wait for the connection unless this device analyses them', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const queryClient = new QueryClient();
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    renderBar(queryClient);
    expect(screen.getByRole('status')).toHaveTextContent(OFFLINE_SEEN_LAST.server);

    // The kept account's setting (decision 100): a scan on this device works offline.
    act(() => queryClient.setQueryData(getAccountQueryOptions().queryKey, account(true)));
    expect(screen.getByRole('status')).toHaveTextContent(OFFLINE_SEEN_LAST.device);
    act(() => queryClient.setQueryData(getAccountQueryOptions().queryKey, account(false)));
    expect(screen.getByRole('status')).toHaveTextContent(OFFLINE_SEEN_LAST.server);
    // Read from the cache only: the bar never asks the server for the account.
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
