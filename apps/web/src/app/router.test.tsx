import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createRoutes, installUnauthorizedHandler } from '@/app/router';
import { resetAppUpdate, watchForUpdates } from '@/lib/platform/app-update';
import { clearSession, saveSession, TOKEN_KEY, USER_KEY } from '@/lib/platform/storage';
import { fakeApi } from '@/testing/fake-api';
import { openOnOneVersion } from '@/testing/fake-service-worker';
import { apiError, createUser, fakeFetch, json, renderWithRouter } from '@/testing/test-utils';

function renderApp(path: string) {
  const view = renderWithRouter(createRoutes, path);
  installUnauthorizedHandler(view.router, view.queryClient);
  return view;
}

describe('app shell and guards', () => {
  it('sends a signed-out visitor from /dashboard to /login with the way back', async () => {
    fakeApi({}, () => apiError());
    const { router } = renderApp('/dashboard');

    // The first test loads the login chunk cold: give it time on a busy machine.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome back' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?redirect=%2Fdashboard');
  });

  it('shows a spinner while the stored session is checked, then the signed-in dashboard', async () => {
    const user = createUser({ name: 'Grace Hopper' });
    saveSession({ token: 'tok_abc', user });
    let answer: (response: Response) => void = () => {};
    // The session check waits for the test; the dashboard's own requests (started with the
    // navigation) stay unanswered.
    const fetch = fakeFetch(
      (url) =>
        new Promise<Response>((resolve) => {
          if (url === '/api/auth/me') answer = resolve;
        }),
    );
    renderApp('/dashboard');

    expect(
      await screen.findByRole('status', { name: 'Checking your session' }),
    ).toBeInTheDocument();
    answer(json(200, { user }));

    expect(
      await screen.findByRole('heading', { name: 'Welcome, Grace Hopper' }),
    ).toBeInTheDocument();
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/auth/me');
    expect(screen.getByRole('link', { name: 'Quick Scan' })).toHaveAttribute('href', '/scan');
    expect(screen.getByRole('link', { name: 'Lumiskin home' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
  });

  it('ends the session and opens /login, with the way back and why, when the stored token is refused', async () => {
    saveSession({ token: 'tok_revoked', user: createUser() });
    fakeApi({}, () => apiError(401, 'Please sign in again', 'unauthorized'));
    const { router } = renderApp('/profile?tab=history');

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(USER_KEY)).toBeNull();
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?redirect=%2Fprofile%3Ftab%3Dhistory');
    expect(screen.getByRole('status')).toHaveTextContent(
      'Your session has ended. Sign in again to pick up where you left off.',
    );
  });

  it('says why on the login page when the guarded page redirects before the 401 handler does', async () => {
    // The race seen in CI: the cleared session re-renders the guard, whose redirect can land
    // after the handler's. Here the guard's is the only one (no handler installed).
    saveSession({ token: 'tok_revoked', user: createUser() });
    fakeApi({}, () => apiError(401, 'Please sign in again', 'unauthorized'));
    const { router } = renderWithRouter(createRoutes, '/profile');

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?redirect=%2Fprofile');
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Your session has ended. Sign in again to pick up where you left off.',
    );
  });

  it('says nothing about an ended session on a login page opened by hand', async () => {
    fakeApi({}, () => apiError());
    renderApp('/login');

    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByText(/Your session has ended/)).not.toBeInTheDocument();
  });

  it('keeps a visitor on a public page when the stored token is refused, with the visitor header', async () => {
    saveSession({ token: 'tok_expired', user: createUser() });
    const fetch = fakeApi({}, () => apiError(401, 'Please sign in again', 'unauthorized'));
    const { router } = renderApp('/');

    await waitFor(() => expect(localStorage.getItem(TOKEN_KEY)).toBeNull());
    expect(fetch).toHaveBeenCalled();
    expect(await screen.findByRole('link', { name: 'Get Started' })).toBeInTheDocument();
    // A redirect starts with the 401 (then waits for the login chunk): none is under way.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(router.state.navigation.state).toBe('idle');
    expect(router.state.location.pathname).toBe('/');
  });

  it('shows a 403 page on /admin to a signed-in member and the admin area to staff', async () => {
    const member = createUser();
    saveSession({ token: 'tok_member', user: member });
    fakeApi({ 'GET /api/auth/me': () => ({ user: member }) }, () => apiError());
    const first = renderApp('/admin');
    // The admin area is a lazy chunk: its first import (transformed on the fly) can take more
    // than findBy's default second on a busy machine.
    expect(
      await screen.findByRole(
        'heading',
        { name: 'This area is for the Lumiskin team' },
        { timeout: 10_000 },
      ),
    ).toBeInTheDocument();
    first.unmount();

    const admin = createUser({ role: 'admin' });
    saveSession({ token: 'tok_admin', user: admin });
    fakeApi({ 'GET /api/auth/me': () => ({ user: admin }) }, () => apiError());
    const { user } = renderApp('/admin');
    expect(
      await screen.findByRole('heading', { name: 'Overview' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Admin' });
    expect(within(nav).getByRole('link', { name: 'Audit log' })).toBeInTheDocument();
    // The shopper's floating Quick Scan stays out of the admin area, and is back in the app.
    expect(screen.queryByRole('link', { name: 'Quick Scan' })).toBeNull();
    const back = screen.getByRole('link', { name: 'Back to the app' });
    expect(back).toHaveAttribute('href', '/dashboard');
    await user.click(back);
    expect(await screen.findByRole('link', { name: 'Quick Scan' })).toHaveAttribute(
      'href',
      '/scan',
    );
  }, 30_000);

  it('opens no prompt over a checkout or an order; back in the shop, the waiting one shows', async () => {
    const member = createUser();
    saveSession({ token: 'tok_member', user: member });
    fakeApi({ 'GET /api/auth/me': () => ({ user: member }) }, () => apiError());
    // A version deployed while the app is open: the update prompt wants to show.
    const { registration, container } = openOnOneVersion();
    const stop = watchForUpdates(
      registration as unknown as ServiceWorkerRegistration,
      container as unknown as ServiceWorkerContainer,
    );
    act(() => registration.found().moveTo('installed'));
    const prompt = () => screen.queryByRole('region', { name: 'App update' });
    try {
      const { router } = renderApp('/checkout');
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Checkout' }, { timeout: 5000 }),
      ).toBeInTheDocument();
      expect(prompt()).toBeNull();

      await act(() => router.navigate('/orders/ord_1'));
      expect(router.state.location.pathname).toBe('/orders/ord_1');
      expect(prompt()).toBeNull();

      await act(() => router.navigate('/shop'));
      expect(await screen.findByRole('region', { name: 'App update' })).toHaveTextContent(
        'A new version of Lumiskin is ready',
      );
    } finally {
      stop();
      resetAppUpdate();
    }
  });

  it('shows a 404 page for unknown paths', async () => {
    fakeApi({}, () => apiError());
    renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it('logs out through the account menu: revokes on the server, clears storage, opens /login', async () => {
    const member = createUser();
    saveSession({ token: 'tok_abc', user: member });
    const fetch = fakeApi(
      {
        'POST /api/auth/logout': () => new Response(null, { status: 204 }),
        'GET /api/auth/me': () => ({ user: member }),
      },
      () => apiError(),
    );
    const { user, router } = renderApp('/dashboard');

    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    // The only toast left says so (it replaced the sign-in's "Welcome back!").
    const notices = await screen.findByRole('region', { name: /notifications/i });
    expect(await within(notices).findByText("You're signed out.")).toBeInTheDocument();
    const logoutCall = fetch.mock.calls.find(([url]) => url === '/api/auth/logout');
    expect(logoutCall?.[1]?.method).toBe('POST');
    expect(new Headers(logoutCall?.[1]?.headers).get('Authorization')).toBe('Bearer tok_abc');
  });

  it('a deliberate sign-out on a guarded page goes where it was heading, not to /login?redirect', async () => {
    const member = createUser({ name: 'Ada Lovelace' });
    saveSession({ token: 'tok_abc', user: member });
    fakeApi({ 'GET /api/auth/me': () => ({ user: member }) }, () => apiError());
    const { router } = renderApp('/dashboard');
    expect(
      await screen.findByRole('heading', { name: 'Welcome, Ada Lovelace' }),
    ).toBeInTheDocument();

    // What deleting the account does: the session goes while the guarded page is still shown.
    act(() => clearSession({ leavingTo: '/' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.location.search).toBe('');
  });

  it('shows visitors Sign in and Get Started, and members their own links', async () => {
    fakeApi({}, () => apiError());
    const first = renderApp('/');
    expect(
      await screen.findByRole('heading', { level: 1, name: /Skincare That Learns You/ }),
    ).toBeInTheDocument();
    // The header's, and the footer's as everywhere else: one verb for signing in.
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('link', { name: 'Login' })).toBeNull();
    expect(screen.getAllByRole('link', { name: 'Get Started' })[0]).toHaveAttribute(
      'href',
      '/register',
    );
    expect(screen.queryByRole('link', { name: 'Quick Scan' })).toBeNull();
    first.unmount();
  });

  it('opens the mobile menu on demand, closes it with Escape and gives focus back', async () => {
    fakeApi({}, () => apiError());
    const { user } = renderApp('/');
    const trigger = await screen.findByRole('button', { name: 'Open menu' });
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(trigger);
    const menu = await screen.findByRole('dialog', { name: 'Menu' });
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(within(menu).getByRole('link', { name: 'Shop' })).toHaveAttribute('href', '/shop');
    expect(within(menu).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(trigger).toHaveFocus();
  });
});
