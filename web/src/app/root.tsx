import { Outlet, ScrollRestoration } from 'react-router-dom';
import { FullPageLoader } from '@/components/full-page-loader';
import { useSession } from '@/lib/auth';

/** Waits for the session (the profile request at start) before any page decides who you are. */
export function Root() {
  const { isLoading } = useSession();
  if (isLoading) return <FullPageLoader />;
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}
