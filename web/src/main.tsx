import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { AppProvider } from './app/provider';
import { createAppRouter } from './app/router';

const container = document.getElementById('root')!;
const app = (
  <StrictMode>
    <AppProvider>
      <RouterProvider router={await createAppRouter()} />
    </AppProvider>
  </StrictMode>
);
// A page pre-rendered at build time is hydrated; every other page is rendered here.
if (container.hasChildNodes()) hydrateRoot(container, app);
else createRoot(container).render(app);
