import { AccountMessages } from '@lumiskin/contract/messages';
import { AlertCircleIcon, MailCheckIcon } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { ApiRequestError, errorMessage } from '@/lib/api/api-client';
import { useSession } from '@/lib/api/auth';
import { useConfirmEmail } from '@/features/auth/api/confirm-email';
import { AuthLayout } from '@/features/auth/components/auth-layout';

/**
 * Where the email-change link and sign-up's confirmation link land (`/confirm-email?token=…`). The change is made by the button,
 * not by opening the page: mail scanners open links (some run their scripts) and must not make
 * the change on the reader's behalf (decision 035).
 */
export default function ConfirmEmailRoute() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const confirm = useConfirmEmail();
  const isSignedIn = useSession() !== null;
  const [error, setError] = useState<string | null>(
    token ? null : AccountMessages.emailConfirmInvalid,
  );
  // The server's no (a used, replaced or expired link: 400; the address taken meanwhile: 409) does
  // not change with another press: the page then leads on instead. Offline or busy, it may.
  const [isFinal, setIsFinal] = useState(!token);

  const submit = () => {
    setError(null);
    confirm.mutate(
      { token },
      {
        onError: (e) => {
          setError(errorMessage(e, AccountMessages.emailConfirmInvalid));
          setIsFinal(e instanceof ApiRequestError && (e.status === 400 || e.status === 409));
        },
      },
    );
  };

  if (confirm.data?.kind === 'confirmed') {
    return (
      <AuthLayout
        title="Email confirmed"
        description="Thank you: this address is now proved yours."
      >
        <Alert variant="info" role="status">
          <MailCheckIcon aria-hidden />
          <p>{confirm.data.message}</p>
        </Alert>
        <Button asChild className="mt-6 w-full">
          <Link to={isSignedIn ? paths.profile.href : paths.login.href}>
            {isSignedIn ? 'Back to your profile' : 'Sign in'}
          </Link>
        </Button>
      </AuthLayout>
    );
  }

  if (confirm.data) {
    const { email } = confirm.data;
    return (
      <AuthLayout title="Email changed" description="Sign in with the new address from now on.">
        <Alert variant="info" role="status">
          <MailCheckIcon aria-hidden />
          <p>
            {AccountMessages.emailChanged} It is now <strong className="break-all">{email}</strong>.
          </p>
        </Alert>
        <Button asChild className="mt-6 w-full">
          {isSignedIn ? (
            <Link to={paths.profile.href}>Back to your profile</Link>
          ) : (
            <Link to={`${paths.login.href}?email=${encodeURIComponent(email)}`}>Sign in</Link>
          )}
        </Button>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Confirm your email"
      description="A new address is used only once you confirm it here."
    >
      {error ? (
        <Alert variant="destructive" role="alert" className="mb-6">
          <AlertCircleIcon aria-hidden />
          <p>{error}</p>
        </Alert>
      ) : null}
      {!isFinal ? (
        <Button size="lg" className="w-full" disabled={confirm.isPending} onClick={submit}>
          {confirm.isPending ? 'Confirming...' : 'Confirm my email'}
        </Button>
      ) : (
        <Button asChild variant="outline" className="w-full">
          <Link to={isSignedIn ? paths.profile.href : paths.login.href}>
            {isSignedIn ? 'Back to your profile' : 'Sign in'}
          </Link>
        </Button>
      )}
    </AuthLayout>
  );
}
