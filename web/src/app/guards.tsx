import { Spinner } from '@blueprintjs/core';
import { Navigate, Outlet } from 'react-router-dom';
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

/** Sign-in and registration: someone already signed in goes to /dashboard instead. */
export function RequireSignedOut() {
  const { loading, user } = useSession();
  if (loading) return sessionSpinner;
  return user ? <Navigate to="/dashboard" replace /> : <Outlet />;
}

/** Admin pages: nothing while the session loads, then the page for admins or /login. */
export function RequireAdmin() {
  const { loading, user } = useSession();
  if (loading) return null;
  return user?.isAdmin ? <Outlet /> : <Navigate to="/login" replace />;
}
