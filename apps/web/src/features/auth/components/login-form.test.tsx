import { AuthMessages } from '@lumiskin/contract/auth';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TOKEN_KEY, USER_KEY } from '@/lib/platform/storage';
import { LoginForm } from '@/features/auth/components/login-form';
import { fakeApi } from '@/testing/fake-api';
import {
  apiError,
  createAuthResponse,
  createUser,
  json,
  LocationProbe,
  renderWithRouter,
} from '@/testing/test-utils';

function renderLogin(initialEntry = '/login') {
  return renderWithRouter(
    [
      { path: '/login', element: <LoginForm /> },
      { path: '/dashboard', element: <LocationProbe label="Dashboard" /> },
      { path: '/admin', element: <LocationProbe label="Admin" /> },
      { path: '/history', element: <LocationProbe label="History" /> },
    ],
    initialEntry,
  );
}

/** The toast region appears with the first toast (the toaster's code loads on demand). */
function toastRegion() {
  return screen.findByRole('region', { name: /notifications/i });
}

async function fillAndSubmit(
  user: ReturnType<typeof renderLogin>['user'],
  email: string,
  password: string,
) {
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password', { exact: true }), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('LoginForm', () => {
  it('asks for both fields when submitted empty and does not call the API', async () => {
    const fetch = fakeApi({ 'POST /api/auth/login': () => apiError() });
    const { user } = renderLogin();

    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    // The form's schema is imported at its first use (lib/lazy-resolver.ts): the messages follow.
    await waitFor(() =>
      expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Enter your email'),
    );
    expect(screen.getByLabelText('Password', { exact: true })).toHaveAccessibleDescription(
      'Enter your password',
    );
    expect(
      await within(await toastRegion()).findByText(AuthMessages.fillAllFields),
    ).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('reads "Signing in..." and is disabled while the request is in flight', async () => {
    let answer: (response: Response) => void = () => {};
    fakeApi({
      'POST /api/auth/login': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const { user } = renderLogin();

    await fillAndSubmit(user, 'ada@example.test', 'glow-pass');

    const button = await screen.findByRole('button', { name: 'Signing in...' });
    expect(button).toBeDisabled();
    answer(json(401, { detail: AuthMessages.invalidCredentials, code: 'invalid_credentials' }));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeEnabled();
  });

  it("shows the server's detail on a 401 inline and as a toast, and stays signed out", async () => {
    fakeApi({
      'POST /api/auth/login': () =>
        json(401, { detail: AuthMessages.invalidCredentials, code: 'invalid_credentials' }),
    });
    const { user, router } = renderLogin();

    await fillAndSubmit(user, 'ada@example.test', 'wrong-password');

    expect(await screen.findByRole('alert')).toHaveTextContent(AuthMessages.invalidCredentials);
    expect(await within(await toastRegion()).findByText('Error')).toBeInTheDocument();
    expect(
      await within(await toastRegion()).findByText(AuthMessages.invalidCredentials),
    ).toBeInTheDocument();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(router.state.location.pathname).toBe('/login');
  });

  it("falls back to 'Login failed' when the answer carries no detail", async () => {
    fakeApi({
      'POST /api/auth/login': () => new Response('<html>Bad gateway</html>', { status: 502 }),
    });
    const { user } = renderLogin();

    await fillAndSubmit(user, 'ada@example.test', 'glow-pass');

    expect(await screen.findByRole('alert')).toHaveTextContent(AuthMessages.loginFailed);
  });

  it('stores both session keys and goes to /dashboard on success', async () => {
    const account = createUser();
    const fetch = fakeApi({
      'POST /api/auth/login': () => createAuthResponse(account, 'tok_abc123'),
    });
    const { user } = renderLogin();

    await fillAndSubmit(user, 'ada@example.test', 'glow-pass');

    expect(await screen.findByText('Dashboard at /dashboard')).toBeInTheDocument();
    expect(localStorage.getItem(TOKEN_KEY)).toBe('tok_abc123');
    expect(JSON.parse(localStorage.getItem(USER_KEY) ?? 'null')).toEqual(account);
    expect(
      await within(await toastRegion()).findByText(AuthMessages.loginSuccess),
    ).toBeInTheDocument();

    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('/api/auth/login');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({
      email: 'ada@example.test',
      password: 'glow-pass',
    });
  });

  it('returns to the page in ?redirect= after signing in', async () => {
    fakeApi({ 'POST /api/auth/login': () => createAuthResponse(createUser(), 'tok_abc123') });
    const { user } = renderLogin('/login?redirect=%2Fhistory');

    await fillAndSubmit(user, 'ada@example.test', 'glow-pass');

    expect(await screen.findByText('History at /history')).toBeInTheDocument();
  });

  it('ignores a redirect to another site', async () => {
    fakeApi({ 'POST /api/auth/login': () => createAuthResponse(createUser(), 'tok_abc123') });
    const { user } = renderLogin('/login?redirect=%2F%2Fevil.example');

    await fillAndSubmit(user, 'ada@example.test', 'glow-pass');

    expect(await screen.findByText('Dashboard at /dashboard')).toBeInTheDocument();
  });

  it.each([
    ['a tab that browsers strip into //evil.example', '%2F%09%2Fevil.example'],
    ['a newline', '%2Fhistory%0A'],
    ['a NUL byte', '%2Fhistory%00'],
  ])('ignores a redirect with %s and lands on the dashboard', async (_, redirect) => {
    fakeApi({ 'POST /api/auth/login': () => createAuthResponse(createUser(), 'tok_abc123') });
    const { user } = renderLogin(`/login?redirect=${redirect}`);

    await fillAndSubmit(user, 'ada@example.test', 'glow-pass');

    expect(await screen.findByText('Dashboard at /dashboard')).toBeInTheDocument();
  });

  it('sends moderators and admins to /admin', async () => {
    fakeApi({
      'POST /api/auth/login': () =>
        createAuthResponse(createUser({ role: 'moderator' }), 'tok_mod'),
    });
    const { user } = renderLogin();

    await fillAndSubmit(user, 'mod@example.test', 'glow-pass');

    expect(await screen.findByText('Admin at /admin')).toBeInTheDocument();
    expect(
      await within(await toastRegion()).findByText(AuthMessages.adminLoginSuccess),
    ).toBeInTheDocument();
  });

  it('shows and hides the password', async () => {
    fakeApi({ 'POST /api/auth/login': () => apiError() });
    const { user } = renderLogin();
    const password = screen.getByLabelText('Password', { exact: true });
    expect(password).toHaveAttribute('type', 'password');

    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');

    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('offers the demo credentials and a way to register or reset the password', async () => {
    fakeApi({ 'POST /api/auth/login': () => apiError() });
    const { user } = renderLogin();

    expect(screen.getByText(/demo@lumiskin\.app/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Use demo' }));
    expect(screen.getByLabelText('Email')).toHaveValue('demo@lumiskin.app');
    expect(screen.getByLabelText('Password', { exact: true })).toHaveValue('glow-demo-2026');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/register',
    );
    expect(screen.getByRole('checkbox', { name: 'Remember me' })).toBeInTheDocument();
  });

  it('remembers the email for next time only when Remember me is ticked', async () => {
    fakeApi({ 'POST /api/auth/login': () => createAuthResponse(createUser(), 'tok_abc123') });
    const { user } = renderLogin();
    await user.click(screen.getByRole('checkbox', { name: 'Remember me' }));
    await fillAndSubmit(user, 'ada@example.test', 'glow-pass');
    await screen.findByText('Dashboard at /dashboard');
    expect(localStorage.getItem('lumiskin_remembered_email')).toBe('ada@example.test');
  });

  it('keeps the fields filled after a failed attempt so the person can retry', async () => {
    fakeApi({
      'POST /api/auth/login': () =>
        json(429, { detail: 'Too many attempts. Try again in a minute.', code: 'rate_limited' }),
    });
    const { user } = renderLogin();

    await fillAndSubmit(user, 'ada@example.test', 'glow-pass');

    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Too many attempts'));
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.test');
  });
});
