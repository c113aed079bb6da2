import { SettingsMessages } from '@lumiskin/contract/messages';
import { InfoIcon } from 'lucide-react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { paths, safeRedirect } from '@/config/paths';
import { useSiteSettings } from '@/lib/api/get-settings';
import { useSession } from '@/lib/api/auth';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { RegisterForm } from '@/features/auth/components/register-form';

export default function RegisterRoute() {
  const session = useSession();
  const settings = useSiteSettings();
  const [searchParams] = useSearchParams();
  // Signed in already: where the sign-up would have led (the scan, from the landing's button).
  if (session)
    return (
      <Navigate to={safeRedirect(searchParams.get('redirect'), paths.dashboard.href)} replace />
    );
  // An admin paused sign-ups (admin settings); the server refuses them too.
  const closed = settings.data?.signups_open === false;
  return (
    <AuthLayout
      title="Create your account"
      description="Your first scan takes under a minute. Free, private, and yours to delete at any time."
    >
      {closed ? (
        <div className="grid gap-4">
          <Alert variant="info" role="status">
            <InfoIcon aria-hidden />
            <p>{SettingsMessages.signupsClosed}</p>
          </Alert>
          <Link
            to={paths.login.href}
            className="text-center text-sm font-semibold text-primary-text underline-offset-4 hover:underline"
          >
            Sign in to an existing account
          </Link>
        </div>
      ) : (
        <RegisterForm />
      )}
    </AuthLayout>
  );
}
