import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AppProvider } from './app/provider';
import { AppRoutes, preloadPage } from './app/router';

const container = document.getElementById('root')!;
// The page being opened renders (or hydrates) with its code at hand, without a fallback first.
await preloadPage(window.location.pathname);
const app = (
  <StrictMode>
    <AppProvider>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProvider>
  </StrictMode>
);
// A page pre-rendered at build time is hydrated; every other page is rendered here.
if (container.hasChildNodes()) hydrateRoot(container, app);
else createRoot(container).render(app);
