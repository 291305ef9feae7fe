/** The route table of the specification, rendered by react-router's declarative router
 * (BrowserRouter in the browser, StaticRouter at build time): the data router would add 17 KiB of
 * gzipped script to every page for loaders and actions the app does not have. Every page is a lazy
 * chunk, so heavy code (the PDF viewer of the preview page) is loaded only on the page that uses it;
 * the page being opened is loaded before the first render, so a pre-rendered page hydrates at once. */
import { lazy, Suspense, useState, type ComponentType } from 'react';
import { matchRoutes, useRoutes, type RouteObject } from 'react-router-dom';
import { GuestOnly, RequireAuth } from './guards';
import { SharedLayout } from './layouts/shared-layout';
import { Root } from './root';
import { withFullTheme } from './theme-store';

interface PageModule {
  Component: ComponentType;
}

interface PageHandle {
  preload: () => Promise<void>;
}

/** A route's page, loaded when first shown; `preload` loads it ahead of the first render. Unless it
 * is one of the first paint's pages, the full theme (its components' recipes) comes with it. */
function page(importPage: () => Promise<PageModule>, { firstPaint = false } = {}): Pick<RouteObject, 'element' | 'handle'> {
  const load = firstPaint ? importPage : () => withFullTheme(importPage());
  let loaded: ComponentType | null = null;
  const Lazy = lazy(async () => ({ default: (await load()).Component }));
  function Page() {
    // Chosen once per mount: switching from the lazy wrapper to the component would remount it.
    const [Loaded] = useState(() => loaded);
    return Loaded ? <Loaded /> : <Lazy />;
  }
  const handle: PageHandle = {
    preload: async () => {
      loaded = (await load()).Component;
    },
  };
  return { element: <Page />, handle };
}

// A supervisor's link: outside the session and the shared layout (no account code on it). Opened
// from outside the app only, so its page is always loaded before the first render (main.tsx).
const sharedPaper = page(() => import('./routes/shared-paper'));

const routes: RouteObject[] = [
  { path: 's/:token', element: <Suspense>{sharedPaper.element}</Suspense>, handle: sharedPaper.handle },
  {
    element: <Root />,
    children: [
      {
        element: <SharedLayout />,
        children: [
          { index: true, ...page(() => import('./routes/landing'), { firstPaint: true }) },
          { path: 'reviews', ...page(() => import('./routes/reviews')) },
          { path: 'terms', ...page(() => import('./routes/terms'), { firstPaint: true }) },
          { path: 'privacy', ...page(() => import('./routes/privacy'), { firstPaint: true }) },
          {
            element: <RequireAuth />,
            children: [
              { path: 'home', ...page(() => import('./routes/home')) },
              { path: 'preview/:paperId', ...page(() => import('./routes/preview')) },
              { path: 'defence/:paperId', ...page(() => import('./routes/defence')) },
              { path: 'papers/:paperId/revisions', ...page(() => import('./routes/revisions')) },
            ],
          },
          { path: '*', ...page(() => import('./routes/not-found')) },
        ],
      },
      {
        element: <GuestOnly />,
        children: [
          { path: 'register', ...page(() => import('./routes/register')) },
          { path: 'login', ...page(() => import('./routes/login')) },
          { path: 'verify-email', ...page(() => import('./routes/verify-email')) },
          { path: 'recovery-request', ...page(() => import('./routes/recovery-request')) },
          { path: 'recovery-verify', ...page(() => import('./routes/recovery-verify')) },
          { path: 'recovery-update', ...page(() => import('./routes/recovery-update')) },
        ],
      },
      {
        element: <RequireAuth />,
        children: [
          { path: 'change-password', ...page(() => import('./routes/change-password')) },
          { path: 'demo', ...page(() => import('./routes/demo')) },
          { path: 'payment/waiting', ...page(() => import('./routes/payment-waiting')) },
        ],
      },
    ],
  },
];

/** Loads the page of a path before the first render (in the browser, and at build time). */
export async function preloadPage(pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(matches.map(({ route }) => (route.handle as PageHandle | undefined)?.preload()));
}

export function AppRoutes() {
  return useRoutes(routes);
}
