/** Access rules of the route table: private pages send a guest to /login, guest-only pages send
 * a signed-in user to / (or back to the private page that sent them to log in). */
import { Navigate, Outlet, useLocation, type Location } from 'react-router-dom';
import { useSession } from '@/lib/auth';
import { signOutTarget } from '@/lib/session-store';

export function RequireAuth() {
  const { isAuthenticated } = useSession();
  const location = useLocation();
  if (!isAuthenticated) {
    const leave = signOutTarget();
    if (leave) return <Navigate to={leave.path} replace state={{ notice: leave.notice }} />;
    return <Navigate to="/login" replace state={{ from: location }} />;
  }
  return <Outlet />;
}

export function GuestOnly() {
  const { isAuthenticated } = useSession();
  const location = useLocation();
  if (isAuthenticated) {
    const from = (location.state as { from?: Location } | null)?.from;
    return <Navigate to={from ? `${from.pathname}${from.search}` : '/'} replace />;
  }
  return <Outlet />;
}
