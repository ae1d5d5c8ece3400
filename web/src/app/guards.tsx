import { Spinner } from '@blueprintjs/core';
import { Navigate, Outlet, useLocation } from './routing';
import { useSession } from '../session/SessionProvider';

const sessionSpinner = (
  <div className="ww-center-block">
    <Spinner />
  </div>
);

/** Signed-in pages: a spinner while the session loads, then the page or /login. */
export function RequireUser() {
  const { loading, user } = useSession();
  if (loading) return sessionSpinner;
  return user ? <Outlet /> : <Navigate to="/login" replace />;
}

/** Set by the admin guard: the spec sends a signed-in non-admin to /login, and there they stay. */
interface AdminDenied {
  adminDenied?: true;
}

/** Sign-in and registration: someone already signed in goes to /dashboard instead (unless the admin guard sent them). */
export function RequireSignedOut() {
  const { loading, user } = useSession();
  const location = useLocation();
  if (loading) return sessionSpinner;
  const sentByAdminGuard = Boolean((location.state as AdminDenied | null)?.adminDenied);
  return user && !sentByAdminGuard ? <Navigate to="/dashboard" replace /> : <Outlet />;
}

/** Admin pages: nothing while the session loads, then the page for admins or /login. */
export function RequireAdmin() {
  const { loading, user } = useSession();
  if (loading) return null;
  return user?.isAdmin ? <Outlet /> : <Navigate to="/login" replace state={{ adminDenied: true } satisfies AdminDenied} />;
}
