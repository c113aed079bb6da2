import type { Account, AccountSession } from '@lumiskin/contract/account';
import type { AuthResponse, User } from '@lumiskin/contract/auth';
import { ErrorCode } from '@lumiskin/contract/errors';
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { checkAgainstContract, checkRequestBody } from '@/testing/fake-api';

/** Shows where the app navigated to, so a test can assert the page a person would land on. */
export function LocationProbe({ label }: { label: string }) {
  const location = useLocation();
  return (
    <p>
      {label} at {location.pathname}
      {location.search}
    </p>
  );
}

/** Renders routes in a memory router inside the real providers (query client, theme, toaster). */
export function renderWithRouter(
  routes: RouteObject[] | ((queryClient: QueryClient) => RouteObject[]),
  initialEntry: string,
) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(typeof routes === 'function' ? routes(queryClient) : routes, {
    initialEntries: [initialEntry],
  });
  const user = userEvent.setup();
  const view = render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, user, router, queryClient };
}

type FetchHandler = (url: string, init: RequestInit) => Response | Promise<Response>;

/**
 * Replaces fetch for one test; every call is recorded on the returned mock. Each answer to /api is
 * checked against the contract (testing/fake-api.ts): one the server could not send fails the
 * test. New tests use the typed `fakeApi` instead.
 */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export function fakeFetch(handler: FetchHandler) {
  const mock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    if (typeof init.body === 'string') {
      checkRequestBody(init.method ?? 'GET', url, parseJson(init.body));
    }
    const response = await handler(url, init);
    await checkAgainstContract(init.method ?? 'GET', url, response);
    return response;
  });
  vi.stubGlobal('fetch', mock);
  return mock;
}

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** An error as the server answers it (contract `ApiError`): a 500 unless told otherwise. */
export function apiError(
  status = 500,
  detail = 'Something went wrong',
  code: string = ErrorCode.internal,
): Response {
  return json(status, { detail, code });
}

/** The answer to a sign-in or a registration (contract `AuthResponse`). */
export function createAuthResponse(user: User, accessToken = 'tok_abc123'): AuthResponse {
  return {
    user,
    access_token: accessToken,
    token_type: 'bearer',
    expires_at: '2026-04-01T10:00:00.000Z',
  };
}

export function createUser(overrides: Partial<User> = {}): User {
  return {
    id: 'usr_8f3a2c',
    name: 'Ada Tester',
    email: 'ada@example.test',
    role: 'user',
    created_at: '2026-03-01T10:00:00.000Z',
    profile: { skinType: 'normal', skinConcerns: [] },
    ...overrides,
  };
}

/** One of GET /api/users/me/sessions' devices: this one, signed in on Linux's Chrome. */
export function createAccountSession(overrides: Partial<AccountSession> = {}): AccountSession {
  return {
    id: '3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
    device: 'Chrome on Linux',
    created_at: '2026-11-20T10:00:00.000Z',
    last_used_at: '2026-12-01T18:30:00.000Z',
    expires_at: '2027-01-20T10:00:00.000Z',
    current: true,
    ...overrides,
  };
}

/** An account as GET /api/users/me answers it: createUser's user with default settings. */
export function createAccount(overrides: Partial<Account> = {}): Account {
  return {
    ...createUser(),
    notes: '',
    timezone: 'UTC',
    settings: {
      email_notifications: true,
      data_sharing: false,
      marketing: false,
      morning_reminder_time: '08:00',
      evening_reminder_time: '21:00',
      analyse_on_device: false,
      notify: {
        routine: true,
        daily_quiz: true,
        streak: true,
        progress_scan: true,
        new_article: false,
      },
    },
    goals: { target_score: null, scans_per_week: null },
    email_confirmed: true,
    ...overrides,
  };
}
