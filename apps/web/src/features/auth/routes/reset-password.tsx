import { MIN_PASSWORD_LENGTH } from '@lumiskin/contract/constants';
import { AccountMessages, AuthMessages } from '@lumiskin/contract/messages';
import { newPasswordProblem } from '@lumiskin/contract/password';
import { AlertCircleIcon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api/api-client';
import { useLogin } from '@/features/auth/api/login';
import { useResetPassword, useResetTokenCheck } from '@/features/auth/api/reset-password';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { PasswordInput } from '@/components/password-input';

export default function ResetPasswordRoute() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const reset = useResetPassword();
  const check = useResetTokenCheck(token);
  const login = useLogin();
  const [form, setForm] = useState({ password: '', confirmPassword: '' });
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.password || !form.confirmPassword) return setError(AuthMessages.fillAllFields);
    if (form.password !== form.confirmPassword) return setError(AuthMessages.passwordsDontMatch);
    const problem = newPasswordProblem(form.password);
    if (problem) return setError(problem);
    setError(null);
    reset.mutate(
      { token, ...form },
      {
        // As the page promises: signed in with the new password straight after; should that
        // fail, the login form opens with the email filled in.
        onSuccess: ({ message, email }) => {
          toast.success(message || AccountMessages.resetDone);
          const toLogin = () =>
            void navigate(`${paths.login.href}?email=${encodeURIComponent(email)}`, {
              replace: true,
            });
          if (!email) return toLogin();
          login.mutate(
            { email, password: form.password },
            {
              onSuccess: () => void navigate(paths.dashboard.href, { replace: true }),
              onError: toLogin,
            },
          );
        },
        onError: (e) => setError(errorMessage(e, AccountMessages.resetInvalid)),
      },
    );
  };

  if (check.isPending && token) {
    return (
      <AuthLayout title="Choose a new password" description="Checking your link…">
        <Spinner className="mx-auto size-6" label="Checking your link" />
      </AuthLayout>
    );
  }

  // No token, or one that no longer works (used, over an hour old, unknown): said before a new
  // password is typed. A reset that succeeded already leaves the page before it is read again.
  if (!token || (check.data?.valid === false && !reset.isSuccess)) {
    return (
      <AuthLayout
        title="Reset your password"
        description={
          token
            ? 'A reset link works once, for an hour after it was sent.'
            : 'This page opens from the link we email you.'
        }
      >
        <Alert variant="destructive" role="alert">
          <AlertCircleIcon aria-hidden />
          <p>{AccountMessages.resetInvalid}</p>
        </Alert>
        <Button asChild className="mt-6 w-full">
          <Link to={paths.forgotPassword.href}>Request a new link</Link>
        </Button>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Choose a new password"
      description={`At least ${MIN_PASSWORD_LENGTH} characters, and not one anyone would guess. You will sign in with it straight after.`}
    >
      <form onSubmit={submit} className="grid gap-5" noValidate>
        {error ? (
          <Alert variant="destructive" role="alert">
            <AlertCircleIcon aria-hidden />
            <div>
              <p>{error}</p>
              {error === AccountMessages.resetInvalid ? (
                <Link
                  to={paths.forgotPassword.href}
                  className="mt-1 inline-block font-semibold underline"
                >
                  Request a new link
                </Link>
              ) : null}
            </div>
          </Alert>
        ) : null}
        <Field id="reset-password" label="New password">
          <PasswordInput
            id="reset-password"
            autoComplete="new-password"
            value={form.password}
            onChange={(e) => setForm({ ...form, password: e.target.value })}
          />
        </Field>
        <Field id="reset-confirm" label="Confirm new password">
          <PasswordInput
            id="reset-confirm"
            autoComplete="new-password"
            value={form.confirmPassword}
            onChange={(e) => setForm({ ...form, confirmPassword: e.target.value })}
          />
        </Field>
        <Button
          type="submit"
          size="lg"
          disabled={reset.isPending || login.isPending}
          className="w-full"
        >
          {reset.isPending || login.isPending ? 'Saving...' : 'Set new password'}
        </Button>
      </form>
    </AuthLayout>
  );
}
