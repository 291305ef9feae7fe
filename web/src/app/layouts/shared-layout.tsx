/** The shared layout: header, side menu (under 560 px), page, footer, cookie notice and the
 * account dialogs the menu can open. The side menu and the account actions are loaded when needed
 * (the menu opened, a user signed in), so the pre-rendered public pages start with less script. */
import { Box, Container } from '@chakra-ui/react';
import { lazy, Suspense, useCallback, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { CookieConsent } from '@/components/cookie-consent';
import { Footer } from '@/components/footer';
import { Header } from '@/components/header';
import { useSession } from '@/lib/auth';
import { useHydrated } from '@/lib/use-hydrated';
import { usePublicConfig } from '@/lib/public-config';
import { withFullTheme } from '../theme-store';
import type { AccountActions } from './account-chrome';

// Loaded with the full theme: their dialogs, drawer and alert are not on the first paint.
const AccountChrome = lazy(() => withFullTheme(import('./account-chrome')));
const SideMenu = lazy(() => withFullTheme(import('@/components/side-menu')).then((m) => ({ default: m.SideMenu })));
const FormAlert = lazy(() => withFullTheme(import('@/components/form-alert')).then((m) => ({ default: m.FormAlert })));
const noop = () => {};

export function SharedLayout() {
  // A pre-rendered page is a guest's: the user's own header comes once hydration is over, even when
  // the session is known sooner (else React throws the hydrated tree away, error 418).
  const hydrated = useHydrated();
  const isAuthenticated = useSession().isAuthenticated && hydrated;
  const config = usePublicConfig();
  const [menuOpen, setMenuOpen] = useState(false);
  // Mounted from the first opening on, so that closing it animates.
  const [menuLoaded, setMenuLoaded] = useState(false);
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  const openMenu = () => {
    setMenuLoaded(true);
    setMenuOpen(true);
  };
  // «Выйти» pressed while the account actions are still loading is carried out once they have
  // (before, that click went nowhere).
  const [logoutAsked, setLogoutAsked] = useState(false);
  const askLogout = useCallback(() => setLogoutAsked(true), []);
  const logoutTaken = useCallback(() => setLogoutAsked(false), []);
  // A one-time message handed over by the page the user came from (e.g. after a password change).
  const notice = (useLocation().state as { notice?: string } | null)?.notice;

  const chrome = (account: AccountActions | null) => (
    <>
      <Header isAuthenticated={isAuthenticated} onLogout={account?.logout ?? askLogout} onOpenMenu={openMenu} menuOpen={menuOpen} />
      {menuLoaded ? (
        <Suspense>
          <SideMenu
            open={menuOpen}
            onClose={closeMenu}
            isAuthenticated={isAuthenticated}
            actions={{
              telegramLabel: account?.telegramLabel ?? '',
              onTelegram: account?.telegram ?? noop,
              onLogoutAll: account?.logoutAll ?? noop,
              onDeleteAccount: account?.askDelete ?? noop,
              onLogout: account?.logout ?? askLogout,
            }}
          />
        </Suspense>
      ) : null}
    </>
  );

  return (
    <>
      {isAuthenticated ? (
        <Suspense fallback={chrome(null)}>
          <AccountChrome logoutAsked={logoutAsked} onLogoutTaken={logoutTaken}>
            {chrome}
          </AccountChrome>
        </Suspense>
      ) : (
        chrome(null)
      )}
      <Box as="main" flex="1" display="flex" flexDirection="column">
        {notice ? (
          <Container maxW="6xl" pt="4" px={{ base: '4', md: '6' }}>
            <Suspense>
              <FormAlert status="success">{notice}</FormAlert>
            </Suspense>
          </Container>
        ) : null}
        <Outlet />
      </Box>
      <Footer config={config} />
      <CookieConsent show={!isAuthenticated} />
    </>
  );
}
