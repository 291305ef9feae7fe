/** The side menu of narrow screens (under 560 px). Closes on an outside click, on Escape, after
 * choosing an item, and by itself when the window grows past 560 px. */
import { Button, CloseButton, Drawer, Portal, Separator, Stack } from '@chakra-ui/react';
import { useEffect } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useMediaQuery } from '@/lib/use-media-query';
import { SIDE_MENU_ID } from './header';
import { WIDE_MENU } from './media';

interface SideMenuActions {
  telegramLabel: string;
  onTelegram: () => void;
  onLogoutAll: () => void;
  onDeleteAccount: () => void;
  onLogout: () => void;
}

interface Props {
  open: boolean;
  onClose: () => void;
  isAuthenticated: boolean;
  actions: SideMenuActions;
}

export function SideMenu({ open, onClose, isAuthenticated, actions }: Props) {
  const wide = useMediaQuery(WIDE_MENU);
  useEffect(() => {
    if (wide && open) onClose();
  }, [wide, open, onClose]);

  const link = (to: string, label: string) => (
    <Button asChild variant="ghost" justifyContent="flex-start" onClick={onClose}>
      <RouterLink to={to}>{label}</RouterLink>
    </Button>
  );
  const action = (label: string, run: () => void, danger = false) => (
    <Button
      variant="ghost"
      justifyContent="flex-start"
      color={danger ? 'red.700' : undefined}
      onClick={() => {
        onClose();
        run();
      }}
    >
      {label}
    </Button>
  );

  return (
    <Drawer.Root open={open} onOpenChange={(e) => !e.open && onClose()} placement="end" size="xs" ids={{ content: SIDE_MENU_ID }}>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content>
            <Drawer.Header>
              <Drawer.Title>Меню</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>
              <Stack as="nav" aria-label="Меню сайта" gap="1">
                {link('/', 'Главная')}
                {link('/reviews', 'Отзывы')}
                {isAuthenticated ? (
                  <>
                    {link('/home', 'Личный кабинет')}
                    <Separator my="2" />
                    {action('Выйти со всех устройств', actions.onLogoutAll)}
                    {link('/change-password', 'Сменить пароль')}
                    {action(actions.telegramLabel, actions.onTelegram)}
                    {action('Удалить аккаунт', actions.onDeleteAccount, true)}
                    <Separator my="2" />
                    {action('Выйти', actions.onLogout)}
                  </>
                ) : (
                  <>
                    <Separator my="2" />
                    {link('/login', 'Войти')}
                    {link('/register', 'Регистрация')}
                  </>
                )}
              </Stack>
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Закрыть меню" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
