/** The shared layout: header, side menu (under 560 px), page, footer, cookie notice and the
 * account dialogs the menu can open. */
import { Box, Container } from '@chakra-ui/react';
import { useCallback, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { CookieConsent } from '@/components/cookie-consent';
import { FormAlert } from '@/components/form-alert';
import { Footer } from '@/components/footer';
import { Header } from '@/components/header';
import { SideMenu } from '@/components/side-menu';
import { useAccountActions } from '@/features/account/hooks/use-account-actions';
import { useSession } from '@/lib/auth';
import { usePublicConfig } from '@/lib/public-config';

export function SharedLayout() {
  const { isAuthenticated } = useSession();
  const config = usePublicConfig();
  const account = useAccountActions();
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  // A one-time message handed over by the page the user came from (e.g. after a password change).
  const notice = (useLocation().state as { notice?: string } | null)?.notice;

  return (
    <>
      <Header isAuthenticated={isAuthenticated} onLogout={account.logout} onOpenMenu={() => setMenuOpen(true)} menuOpen={menuOpen} />
      <SideMenu
        open={menuOpen}
        onClose={closeMenu}
        isAuthenticated={isAuthenticated}
        actions={{
          telegramLabel: account.telegramLabel,
          onTelegram: account.telegram,
          onLogoutAll: account.logoutAll,
          onDeleteAccount: account.askDelete,
          onLogout: account.logout,
        }}
      />
      <Box as="main" flex="1" display="flex" flexDirection="column">
        {notice ? (
          <Container maxW="6xl" pt="4" px={{ base: '4', md: '6' }}>
            <FormAlert status="success">{notice}</FormAlert>
          </Container>
        ) : null}
        <Outlet />
      </Box>
      <Footer config={config} />
      <CookieConsent show={!isAuthenticated} />
      {account.dialogs}
    </>
  );
}
