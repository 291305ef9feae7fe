import { Outlet, ScrollRestoration, useMatches } from 'react-router-dom';
import { FullPageLoader } from '@/components/full-page-loader';
import { useSession } from '@/lib/auth';
import type { RouteHandle } from './route-handle';

/** Waits for the session (the profile request at start) before any page decides who you are; a
 * pre-rendered public page shows at once, as to a guest, and follows the session when it arrives. */
export function Root() {
  const { isLoading } = useSession();
  const prerendered = useMatches().some((m) => (m.handle as RouteHandle | undefined)?.prerender);
  if (isLoading && !prerendered) return <FullPageLoader />;
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}
