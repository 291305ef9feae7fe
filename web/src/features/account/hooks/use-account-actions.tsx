/** Account actions shared by the side menu and the cabinet: logout, logout from all devices,
 * account deletion (with confirmation) and Telegram bind/unbind (with the success modal). */
import { Button, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { AppDialog } from '@/components/app-dialog';
import { refreshSession, useSession } from '@/lib/auth';
import { signOutLocally } from '@/lib/session-store';
import { codeOf } from '@/lib/errors';
import { usePublicConfig } from '@/lib/public-config';
import { useBindTelegramMutation } from '../api/bind-telegram';
import { useDeleteAccountMutation } from '../api/delete-account';
import { useLogoutAllMutation } from '../api/logout-all';
import { useLogoutMutation } from '../api/logout';
import { useUnbindTelegramMutation } from '../api/unbind-telegram';
import { telegramStartUrl } from '../telegram-url';

export function useAccountActions() {
  const client = useQueryClient();
  const navigate = useNavigate();
  const { user } = useSession();
  const config = usePublicConfig();
  const logout = useLogoutMutation();
  const logoutAll = useLogoutAllMutation();
  const deleteAccount = useDeleteAccountMutation();
  const bind = useBindTelegramMutation();
  const unbind = useUnbindTelegramMutation();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [unbound, setUnbound] = useState(false);

  // A deliberate sign-out lands on the main page (a private page's guard would say /login).
  const leave = () => {
    signOutLocally(client, { path: '/' });
    void navigate('/');
  };

  const isBound = Boolean(user?.telegram_uid);

  return {
    isBound,
    telegramLabel: isBound ? 'Отвязать Telegram' : 'Привязать Telegram',
    logout: () => logout.mutate({ body: {} }, { onSuccess: leave, onError: (e) => console.error('logout failed', e) }),
    logoutAll: () => logoutAll.mutate({ body: {} }, { onSuccess: leave, onError: (e) => console.error('logout-all failed', e) }),
    askDelete: () => {
      setConfirmDelete(true);
    },
    telegram: () => {
      if (isBound) {
        unbind.mutate(
          { body: {} },
          {
            onSuccess: () => {
              void refreshSession(client).then(() => setUnbound(true));
            },
            onError: (e) => console.error('telegram unbind failed', e),
          },
        );
        return;
      }
      bind.mutate(undefined, {
        onSuccess: (data) => {
          const url = telegramStartUrl(config?.telegram_bot_username ?? null, data.token, data.bot_url);
          if (url) window.location.assign(url);
          else console.error('telegram bind: the bot username is not configured');
        },
        onError: (e) => {
          // Already bound elsewhere (another tab): show the current state.
          if (codeOf(e) === 'telegram_already_bound') void refreshSession(client);
          else console.error('telegram bind failed', e);
        },
      });
    },
    telegramPending: bind.isPending || unbind.isPending,
    dialogs: (
      <>
        <ConfirmDialog
          open={confirmDelete}
          title="Подтверждение удаления"
          text="Вы уверены, что хотите удалить аккаунт? Это действие нельзя будет отменить."
          confirmLabel="Удалить"
          pending={deleteAccount.isPending}
          onClose={() => setConfirmDelete(false)}
          onConfirm={() =>
            deleteAccount.mutate(
              {},
              {
                onSuccess: () => {
                  setConfirmDelete(false);
                  leave();
                },
                // The specification has deletion failures only logged.
                onError: (e) => {
                  console.error('account deletion failed', e);
                  setConfirmDelete(false);
                },
              },
            )
          }
        />
        <AppDialog
          open={unbound}
          onClose={() => setUnbound(false)}
          title="Успешно!"
          size="sm"
          footer={
            <Button colorPalette="blue" onClick={() => setUnbound(false)}>
              Закрыть
            </Button>
          }
        >
          <Text>Telegram-аккаунт отвязан от вашего профиля. Уведомления в Telegram больше не будут приходить.</Text>
        </AppDialog>
      </>
    ),
  };
}
