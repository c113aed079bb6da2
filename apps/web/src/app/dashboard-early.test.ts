import { DEFAULT_USER_SETTINGS } from '@lumiskin/contract/account';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DASHBOARD_EARLY_REQUESTS, startDashboardEarly } from '@/app/dashboard-early';
import { dashboardLoader } from '@/features/dashboard/api/prefetch-dashboard';
import { clearEarlyRequests, startEarlyRequest, takeEarlyResponse } from '@/lib/api/early-requests';
import { saveSession } from '@/lib/platform/storage';
import { routineResponse } from '@/testing/routine-factory';
import { createAnalysis, createHistoryItem } from '@/testing/scan-factory';
import { apiError, createUser, fakeFetch, json } from '@/testing/test-utils';

vi.mock('@/features/dashboard/routes/dashboard', () => ({ default: () => null }));

const SCAN_ID = '6466521f-dfb0-47c5-adb5-efed2a18f2aa';
const TOKEN = 'session-token-0123456789abcdef';

/** Answers every dashboard read with something its schema accepts. */
function answer(url: string): Response {
  if (url === '/api/auth/me') return json(200, { user: createUser() });
  if (url === '/api/dashboard/stats')
    return json(200, {
      stats: { total_analyses: 1, average_score: 80, this_week: 1, streak_days: 1 },
    });
  if (url === '/api/users/me')
    return json(200, {
      user: {
        ...createUser(),
        notes: '',
        timezone: 'UTC',
        settings: DEFAULT_USER_SETTINGS,
        goals: { target_score: null, scans_per_week: null },
        email_confirmed: true,
      },
    });
  if (url.startsWith('/api/analysis/history'))
    return json(200, [createHistoryItem({ id: SCAN_ID })]);
  if (url === `/api/analysis/${SCAN_ID}`) return json(200, createAnalysis({ id: SCAN_ID }));
  if (url === '/api/routine') return json(200, routineResponse());
  return apiError(404, 'Not found', 'not_found');
}

async function settle(queryClient: QueryClient) {
  for (let i = 0; i < 20 && queryClient.isFetching() > 0; i++)
    await new Promise((r) => setTimeout(r, 10));
  await new Promise((r) => setTimeout(r, 20));
}

afterEach(() => clearEarlyRequests());

describe('the dashboard started from the entry script', () => {
  it('asks early only for requests the dashboard loader makes, spelled the same', async () => {
    saveSession({ token: TOKEN, user: createUser() });
    const fetch = fakeFetch(answer);
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    dashboardLoader(queryClient)();
    await settle(queryClient);
    const loaderUrls = fetch.mock.calls.map(([url]) => String(url));
    expect(loaderUrls).toHaveLength(7);
    for (const url of DASHBOARD_EARLY_REQUESTS) expect(loaderUrls).toContain(url);
  });

  it('then the loader uses those answers instead of asking again', async () => {
    saveSession({ token: TOKEN, user: createUser() });
    const fetch = fakeFetch(answer);
    startDashboardEarly('/dashboard');
    await new Promise((r) => setTimeout(r, 20));
    expect(fetch.mock.calls.map(([url]) => String(url))).toEqual([...DASHBOARD_EARLY_REQUESTS]);
    for (const [, init] of fetch.mock.calls)
      expect(new Headers(init?.headers).get('Authorization')).toBe(`Bearer ${TOKEN}`);
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    dashboardLoader(queryClient)();
    await settle(queryClient);
    // Seven reads in all, the two early ones not asked again.
    expect(fetch).toHaveBeenCalledTimes(7);
    const urls = fetch.mock.calls.map(([url]) => String(url));
    for (const url of DASHBOARD_EARLY_REQUESTS)
      expect(urls.filter((u) => u === url)).toHaveLength(1);
    expect(queryClient.getQueryData(['analysis', 'detail', SCAN_ID])).toBeDefined();
  });

  it('starts nothing on another page or without a stored session', () => {
    const fetch = fakeFetch(answer);
    startDashboardEarly('/dashboard');
    saveSession({ token: TOKEN, user: createUser() });
    startDashboardEarly('/profile');
    startDashboardEarly('/');
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('an early answer', () => {
  it('is used once, for a GET with the same token, while fresh', async () => {
    const fetch = fakeFetch(() => json(200, routineResponse()));
    const init = { headers: { Authorization: `Bearer ${TOKEN}` } };
    startEarlyRequest('/api/routine', TOKEN);
    expect(takeEarlyResponse('/api/routine', init)).toBeDefined();
    expect(takeEarlyResponse('/api/routine', init)).toBeUndefined();

    startEarlyRequest('/api/routine', TOKEN);
    expect(
      takeEarlyResponse('/api/routine', { headers: { Authorization: 'Bearer another-token-000' } }),
    ).toBeUndefined();
    startEarlyRequest('/api/routine', TOKEN);
    expect(takeEarlyResponse('/api/routine', { ...init, method: 'POST' })).toBeUndefined();

    vi.useFakeTimers();
    try {
      startEarlyRequest('/api/routine', TOKEN);
      vi.advanceTimersByTime(10_001);
      expect(takeEarlyResponse('/api/routine', init)).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
    expect(fetch).toHaveBeenCalledTimes(4);
  });
});
