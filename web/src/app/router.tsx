/** The route table of the specification. Every page is a lazy chunk, so heavy code (the PDF viewer
 * of the preview page) is loaded only on the page that uses it. */
import { createBrowserRouter } from 'react-router-dom';
import { FullPageLoader } from '@/components/full-page-loader';
import { GuestOnly, RequireAuth } from './guards';
import { SharedLayout } from './layouts/shared-layout';
import { Root } from './root';

export const router = createBrowserRouter([
  {
    element: <Root />,
    HydrateFallback: () => <FullPageLoader />,
    children: [
      {
        element: <SharedLayout />,
        children: [
          { index: true, lazy: () => import('./routes/landing') },
          { path: 'reviews', lazy: () => import('./routes/reviews') },
          { path: 'terms', lazy: () => import('./routes/terms') },
          { path: 'privacy', lazy: () => import('./routes/privacy') },
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
]);
