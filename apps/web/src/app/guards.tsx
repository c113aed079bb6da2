import { Navigate, Outlet, useLocation } from 'react-router';
import { FullPageSpinner } from '@/components/full-page-spinner';
import { paths, type LoginPageState } from '@/config/paths';
import { useAuth } from '@/lib/api/auth';
import { sessionEndedByServer, signOutDestination } from '@/lib/platform/storage';
import { isStaff } from '@/lib/user';
import { ForbiddenPage } from '@/app/routes/forbidden';

/**
 * Signed-in routes (docs/product-rules.md#routes-and-guards): a spinner while the stored session is checked, /login?redirect=…
 * for visitors without one.
 */
export function RequireAuth() {
  const { status } = useAuth();
  const location = useLocation();
  if (status === 'signed-out') {
    const leaving = signOutDestination();
    if (leaving) return <Navigate to={leaving} replace />;
    // A session the server refused: the login page says it ended, as the 401 handler's
    // navigation does (app/router), whichever of the two lands last.
    const state: LoginPageState | undefined = sessionEndedByServer()
      ? { sessionEnded: true }
      : undefined;
    return (
      <Navigate
        to={paths.login.withRedirect(location.pathname + location.search)}
        replace
        state={state}
      />
    );
  }
  if (status === 'loading') return <FullPageSpinner label="Checking your session" />;
  return <Outlet />;
}

/** Admin area: admins and moderators only (docs/product-rules.md#roles); everyone else sees a 403 page. */
export function RequireStaff() {
  const { user } = useAuth();
  if (!user || !isStaff(user.role)) return <ForbiddenPage />;
  return <Outlet />;
}
