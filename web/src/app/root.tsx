import { Suspense, useEffect } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router-dom';
import { FullPageLoader } from '@/components/full-page-loader';
import { useSession } from '@/lib/auth';
import { isPrerendered } from './route-handle';

/** Waits for the session (the profile request at start) before any page decides who you are; a
 * pre-rendered public page shows at once, as to a guest, and follows the session when it arrives. */
export function Root() {
  const { isLoading } = useSession();
  const { pathname } = useLocation();
  if (isLoading && !isPrerendered(pathname)) return <FullPageLoader />;
  return (
    <>
      <ScrollToTop />
      <Suspense fallback={<FullPageLoader />}>
        <Outlet />
      </Suspense>
    </>
  );
}

/** A new page opens at its top; back and forward leave the scroll to the browser. */
function ScrollToTop() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  useEffect(() => {
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigationType]);
  return null;
}
