import { Navigate } from 'react-router';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/auth';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { RegisterForm } from '@/features/auth/components/register-form';

export default function RegisterRoute() {
  const session = useSession();
  if (session) return <Navigate to={paths.dashboard.href} replace />;
  return (
    <AuthLayout
      title="Create your account"
      description="Your first scan takes under a minute. Free, private, and yours to delete at any time."
    >
      <RegisterForm />
    </AuthLayout>
  );
}
