import { AuthMessages } from '@lumiskin/contract/auth';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TOKEN_KEY, USER_KEY } from '@/lib/platform/storage';
import { RegisterForm, TERMS_REQUIRED } from '@/features/auth/components/register-form';
import { fakeApi } from '@/testing/fake-api';
import {
  apiError,
  createAuthResponse,
  createUser,
  json,
  LocationProbe,
  renderWithRouter,
} from '@/testing/test-utils';

function renderRegister() {
  return renderWithRouter(
    [
      { path: '/register', element: <RegisterForm /> },
      { path: '/dashboard', element: <LocationProbe label="Dashboard" /> },
    ],
    '/register',
  );
}

type Ui = ReturnType<typeof renderRegister>['user'];

async function fill(
  user: Ui,
  values: { name?: string; email?: string; password?: string; confirm?: string; terms?: boolean },
) {
  if (values.name) await user.type(screen.getByLabelText('Full name'), values.name);
  if (values.email) await user.type(screen.getByLabelText('Email'), values.email);
  if (values.password)
    await user.type(screen.getByLabelText('Password', { exact: true }), values.password);
  if (values.confirm) await user.type(screen.getByLabelText('Confirm password'), values.confirm);
  if (values.terms) await user.click(screen.getByRole('checkbox', { name: /terms/i }));
}

const complete = {
  name: 'Ada Tester',
  email: 'ada@example.test',
  password: 'glow-pass',
  confirm: 'glow-pass',
  terms: true,
};

describe('RegisterForm', () => {
  it('asks for every field when submitted empty', async () => {
    const fetch = fakeApi({ 'POST /api/auth/register': () => apiError() });
    const { user } = renderRegister();

    await user.click(screen.getByRole('button', { name: 'Create account' }));

    // The form's schema is imported at its first use (lib/lazy-resolver.ts): the messages follow.
    // Each field says what it wants (not "Please fill in all fields" four times); the toast
    // says the spec's words once.
    await waitFor(() =>
      expect(screen.getByLabelText('Full name')).toHaveAccessibleDescription(
        'Enter your full name',
      ),
    );
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Enter your email');
    expect(screen.getByLabelText('Password', { exact: true })).toHaveAccessibleDescription(
      'Choose a password',
    );
    expect(screen.getByLabelText('Confirm password')).toHaveAccessibleDescription(
      'Enter the password again',
    );
    const toasts = await screen.findByRole('region', { name: /notifications/i });
    expect(await within(toasts).findByText(AuthMessages.fillAllFields)).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("says the passwords don't match", async () => {
    const fetch = fakeApi({ 'POST /api/auth/register': () => apiError() });
    const { user } = renderRegister();

    await fill(user, { ...complete, confirm: 'glow-pasS' });
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByLabelText('Confirm password')).toHaveAccessibleDescription(
      AuthMessages.passwordsDontMatch,
    );
    const toasts = await screen.findByRole('region', { name: /notifications/i });
    expect(await within(toasts).findByText(AuthMessages.passwordsDontMatch)).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('asks for at least 8 characters, and says so before (decision 180)', async () => {
    const fetch = fakeApi({ 'POST /api/auth/register': () => apiError() });
    const { user } = renderRegister();

    expect(screen.getByLabelText('Password', { exact: true })).toHaveAttribute(
      'placeholder',
      'At least 8 characters',
    );
    await fill(user, { ...complete, password: 'tulip-7', confirm: 'tulip-7' });
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByLabelText('Password', { exact: true })).toHaveAccessibleDescription(
      AuthMessages.passwordTooShort,
    );
    expect(fetch).not.toHaveBeenCalled();
  });

  it('requires the terms box, which links to /terms and /privacy', async () => {
    const fetch = fakeApi({ 'POST /api/auth/register': () => apiError() });
    const { user } = renderRegister();

    await fill(user, { ...complete, terms: false });
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByRole('checkbox', { name: /terms/i })).toHaveAccessibleDescription(
      TERMS_REQUIRED,
    );
    expect(screen.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute(
      'href',
      '/terms',
    );
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      '/privacy',
    );
    expect(fetch).not.toHaveBeenCalled();
  });

  it("shows the server's detail when the email is taken", async () => {
    fakeApi({
      'POST /api/auth/register': () =>
        json(409, { detail: AuthMessages.emailTaken, code: 'email_taken' }),
    });
    const { user } = renderRegister();

    await fill(user, complete);
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(AuthMessages.emailTaken);
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it("falls back to 'Registration failed' without a detail", async () => {
    fakeApi({ 'POST /api/auth/register': () => new Response('', { status: 500 }) });
    const { user } = renderRegister();

    await fill(user, complete);
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(AuthMessages.registrationFailed);
  });

  it('reads "Creating account..." while waiting, then stores the session and opens the dashboard', async () => {
    const account = createUser();
    let answer: (response: Response) => void = () => {};
    const fetch = fakeApi({
      'POST /api/auth/register': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const { user } = renderRegister();

    await fill(user, complete);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('button', { name: 'Creating account...' })).toBeDisabled();

    answer(json(201, createAuthResponse(account, 'tok_new')));

    expect(await screen.findByText('Dashboard at /dashboard')).toBeInTheDocument();
    expect(localStorage.getItem(TOKEN_KEY)).toBe('tok_new');
    expect(JSON.parse(localStorage.getItem(USER_KEY) ?? 'null')).toEqual(account);
    // And where to look next: the link that confirms the address is in the mail.
    expect(
      screen.getByText(
        `${AuthMessages.registerSuccess} We have sent a link to ${complete.email} to confirm it's yours.`,
      ),
    ).toBeInTheDocument();

    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('/api/auth/register');
    // Only the four wire fields are sent (docs/product-rules.md#api); the terms box stays in the browser.
    expect(JSON.parse(String(init?.body))).toEqual({
      name: 'Ada Tester',
      email: 'ada@example.test',
      password: 'glow-pass',
      confirmPassword: 'glow-pass',
    });
  });
});

describe('RegisterForm after "Start AI Scan" (?redirect=)', () => {
  function renderFrom(entry: string) {
    return renderWithRouter(
      [
        { path: '/register', element: <RegisterForm /> },
        { path: '/dashboard', element: <LocationProbe label="Dashboard" /> },
        { path: '/scan', element: <LocationProbe label="Scan" /> },
      ],
      entry,
    );
  }

  it('lands the new account on the scan page', async () => {
    fakeApi({
      'POST /api/auth/register': () =>
        json(201, createAuthResponse(createUser({ name: 'Ada Tester' }), 'tok_scan')),
    });
    const { user } = renderFrom('/register?redirect=%2Fscan');
    // Someone who already has an account signs in and still ends on the scan.
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/login?redirect=%2Fscan',
    );
    await fill(user, complete);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Scan at /scan')).toBeInTheDocument();
  });

  it.each(['https://evil.example/', '//evil.example/scan', '/\\evil.example'])(
    'ignores a redirect off this site (%s) and goes to the dashboard',
    async (target) => {
      fakeApi({
        'POST /api/auth/register': () =>
          json(201, createAuthResponse(createUser({ name: 'Ada Tester' }), 'tok_x')),
      });
      const { user } = renderFrom(`/register?redirect=${encodeURIComponent(target)}`);
      await fill(user, complete);
      await user.click(screen.getByRole('button', { name: 'Create account' }));
      expect(await screen.findByText('Dashboard at /dashboard')).toBeInTheDocument();
    },
  );
});
