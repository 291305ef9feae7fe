/** The route table of the specification. Every page is a lazy chunk, so heavy code (the PDF viewer
 * of the preview page) is loaded only on the page that uses it. The public pages marked `prerender`
 * are rendered to HTML at build time (src/entry-server.tsx) and hydrated in the browser. */
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router-dom';
import { FullPageLoader } from '@/components/full-page-loader';
import { GuestOnly, RequireAuth } from './guards';
import { SharedLayout } from './layouts/shared-layout';
import { Root } from './root';
import type { RouteHandle } from './route-handle';

const prerendered: RouteHandle = { prerender: true };

export const routes: RouteObject[] = [
  {
    element: <Root />,
    HydrateFallback: () => <FullPageLoader />,
    children: [
      {
        element: <SharedLayout />,
        children: [
          { index: true, handle: prerendered, lazy: () => import('./routes/landing') },
          { path: 'reviews', handle: prerendered, lazy: () => import('./routes/reviews') },
          { path: 'terms', handle: prerendered, lazy: () => import('./routes/terms') },
          { path: 'privacy', handle: prerendered, lazy: () => import('./routes/privacy') },
          {
            element: <RequireAuth />,
            children: [
              { path: 'home', lazy: () => import('./routes/home') },
              { path: 'preview/:paperId', lazy: () => import('./routes/preview') },
            ],
          },
          { path: '*', lazy: () => import('./routes/not-found') },
        ],
      },
      {
        element: <GuestOnly />,
        children: [
          { path: 'register', lazy: () => import('./routes/register') },
          { path: 'login', lazy: () => import('./routes/login') },
          { path: 'verify-email', lazy: () => import('./routes/verify-email') },
          { path: 'recovery-request', lazy: () => import('./routes/recovery-request') },
          { path: 'recovery-verify', lazy: () => import('./routes/recovery-verify') },
          { path: 'recovery-update', lazy: () => import('./routes/recovery-update') },
        ],
      },
      {
        element: <RequireAuth />,
        children: [
          { path: 'change-password', lazy: () => import('./routes/change-password') },
          { path: 'demo', lazy: () => import('./routes/demo') },
          { path: 'payment/waiting', lazy: () => import('./routes/payment-waiting') },
        ],
      },
    ],
  },
];

/** The browser's router, with the current page's lazy modules loaded first: a pre-rendered page is
 * then hydrated with the same tree the build rendered (no fallback in between). */
export async function createAppRouter() {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, await route.lazy());
      route.lazy = undefined;
    }),
  );
  return createBrowserRouter(routes);
}
