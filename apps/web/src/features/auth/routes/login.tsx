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
    <AuthLayout title="Welcome back" description={whyHere(searchParams.get('redirect'))}>
      <LoginForm />
    </AuthLayout>
  );
}

/**
 * Why the sign-in page opened: a visitor sent here from a page that needs an account is told
 * which (the checkout said nothing, and the mix seemed lost).
 */
function whyHere(redirect: string | null): string {
  if (redirect?.startsWith('/checkout')) {
    return 'Sign in or create an account to check out: your mix is kept for you.';
  }
  if (redirect?.startsWith('/scan')) return 'Sign in or create an account to scan your skin.';
  return 'Sign in to see your skin scores, your routine and your quiz streak.';
}
