import { Navigate, useSearchParams } from 'react-router';
import { useSession } from '@/lib/api/auth';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { destinationAfterLogin, LoginForm } from '@/features/auth/components/login-form';

export default function LoginRoute() {
  const session = useSession();
  const [searchParams] = useSearchParams();
  // Already signed in: go where a fresh login would go.
  if (session)
    return (
      <Navigate to={destinationAfterLogin(session.user, searchParams.get('redirect'))} replace />
    );
  return (
    <AuthLayout
      title="Welcome back"
      description="Sign in to see your skin scores, your routine and your quiz streak."
    >
      <LoginForm />
    </AuthLayout>
  );
}
