import { AccountMessages, AuthMessages } from '@lumiskin/contract/messages';
import { AlertCircleIcon, MailCheckIcon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api/api-client';
import { useHydrated } from '@/lib/use-hydrated';
import { useForgotPassword } from '@/features/auth/api/forgot-password';
import { AuthLayout } from '@/features/auth/components/auth-layout';

export default function ForgotPasswordRoute() {
  // Server-rendered: no submit before the app handles it (the email never goes in the URL).
  const hydrated = useHydrated();
  const forgot = useForgotPassword();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) {
      setError(AuthMessages.fillAllFields);
      return;
    }
    setError(null);
    forgot.mutate(
      { email: email.trim() },
      {
        onSuccess: ({ message }) => setSent(message || AccountMessages.resetRequested),
        onError: (e) => setError(errorMessage(e, 'Something went wrong. Please try again.')),
      },
    );
  };

  return (
    <AuthLayout
      title="Forgot your password?"
      description="Enter the email you signed up with and we will send you a link to choose a new one."
    >
      {sent ? (
        <div className="grid gap-6">
          <Alert variant="info" role="status">
            <MailCheckIcon aria-hidden />
            <p>{sent}</p>
          </Alert>
          <Button asChild variant="outline">
            <Link to={paths.login.href}>Back to sign in</Link>
          </Button>
        </div>
      ) : (
        <form onSubmit={submit} className="grid gap-5" noValidate>
          {error ? (
            <Alert variant="destructive" role="alert">
              <AlertCircleIcon aria-hidden />
              <p>{error}</p>
            </Alert>
          ) : null}
          <Field id="forgot-email" label="Email">
            <Input
              id="forgot-email"
              type="email"
              autoComplete="email"
              inputMode="email"
              placeholder="you@example.com"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          </Field>
          <Button
            type="submit"
            size="lg"
            disabled={forgot.isPending || !hydrated}
            className="w-full"
          >
            {forgot.isPending ? 'Sending...' : 'Send reset link'}
          </Button>
          <p className="text-center text-sm text-muted-foreground">
            Remembered it?{' '}
            <Link
              to={paths.login.href}
              className="font-semibold text-primary-text underline-offset-4 hover:underline"
            >
              Sign in
            </Link>
          </p>
        </form>
      )}
    </AuthLayout>
  );
}
