/** Site header: logo, Reviews, and Cabinet + Logout for a user or Login + Register for a guest.
 * Under 560 px the links give way to the side-menu button. */
import { Button, Container, HStack, IconButton } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { Logo } from './logo';
import { MenuIcon } from './icons';
import { NARROW_MENU, WIDE_MENU } from './media';

/** The side menu's element, which the menu button controls (the menu is loaded when first opened). */
export const SIDE_MENU_ID = 'side-menu';

interface Props {
  isAuthenticated: boolean;
  onLogout: () => void;
  onOpenMenu: () => void;
  menuOpen: boolean;
}

export function Header({ isAuthenticated, onLogout, onOpenMenu, menuOpen }: Props) {
  return (
    <HStack as="header" bg="white" borderBottomWidth="1px" borderColor="gray.200" position="sticky" top="0" zIndex="sticky">
      <Container maxW="6xl" py="3" px={{ base: '4', md: '6' }}>
        <HStack justify="space-between" gap="4">
          <Logo />
          <HStack as="nav" aria-label="Основное меню" gap="1" css={{ [`@media ${NARROW_MENU}`]: { display: 'none' } }}>
            <Button asChild variant="ghost">
              <RouterLink to="/reviews">Отзывы</RouterLink>
            </Button>
            {isAuthenticated ? (
              <>
                <Button asChild variant="ghost">
                  <RouterLink to="/home">Личный кабинет</RouterLink>
                </Button>
                <Button variant="outline" onClick={onLogout}>
                  Выйти
                </Button>
              </>
            ) : (
              <>
                <Button asChild variant="ghost">
                  <RouterLink to="/login">Войти</RouterLink>
                </Button>
                <Button asChild colorPalette="blue">
                  <RouterLink to="/register">Регистрация</RouterLink>
                </Button>
              </>
            )}
          </HStack>
          <IconButton
            variant="outline"
            aria-label="Открыть меню"
            aria-expanded={menuOpen}
            aria-controls={SIDE_MENU_ID}
            onClick={onOpenMenu}
            css={{ [`@media ${WIDE_MENU}`]: { display: 'none' } }}
          >
            <MenuIcon />
          </IconButton>
        </HStack>
      </Container>
    </HStack>
  );
}
