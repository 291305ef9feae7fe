/** Account actions shared by the side menu and the cabinet: logout, logout from all devices,
 * account deletion (with confirmation) and Telegram bind/unbind (with the success modal). A
 * failed action always says so on screen (the failure dialog), never only in the console. */
import { Button, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { AppDialog } from '@/components/app-dialog';
import { refreshSession, useSession } from '@/lib/auth';
import { signOutLocally } from '@/lib/session-store';
import { ERRORS } from '@app/contract';
import { codeOf, detailOf, errorText, statusOf } from '@/lib/errors';
import { usePublicConfig } from '@/lib/public-config';
import { useBindTelegramMutation } from '../api/bind-telegram';
import { useDeleteAccountMutation } from '../api/delete-account';
import { useLogoutAllMutation } from '../api/logout-all';
import { useLogoutMutation } from '../api/logout';
import { useUnbindTelegramMutation } from '../api/unbind-telegram';
import { telegramStartUrl } from '../telegram-url';

interface Failure {
  title: string;
  text: string;
}

const TELEGRAM_UNAVAILABLE: Failure = { title: 'Привязка Telegram недоступна', text: ERRORS.telegram_unavailable.message };

/** The server's own reason when it gave one (a stable code), otherwise the generic text. */
function failureText(error: unknown): string {
  return (codeOf(error) && detailOf(error)) || errorText(error);
}

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
  const [failure, setFailure] = useState<Failure | null>(null);
  const fail = (title: string) => (error: unknown) => {
    console.error(title, error);
    setFailure({ title, text: failureText(error) });
  };

  // A deliberate sign-out lands on the main page (a private page's guard would say /login).
  const leave = () => {
    signOutLocally(client, { path: '/' });
    void navigate('/');
  };

  // A session that is already gone (401) is as good as a finished sign-out.
  const leaveOn401Else = (otherwise: (error: unknown) => void) => (error: unknown) =>
    statusOf(error) === 401 ? leave() : otherwise(error);

  const isBound = Boolean(user?.telegram_uid);

  return {
    isBound,
    telegramLabel: isBound ? 'Отвязать Telegram' : 'Привязать Telegram',
    logout: () => logout.mutate({ body: {} }, { onSuccess: leave, onError: leaveOn401Else(fail('Не удалось выйти')) }),
    logoutAll: () =>
      logoutAll.mutate({ body: {} }, { onSuccess: leave, onError: leaveOn401Else(fail('Не удалось выйти со всех устройств')) }),
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
            onError: fail('Не удалось отвязать Telegram'),
          },
        );
        return;
      }
      bind.mutate(undefined, {
        onSuccess: (data) => {
          const url = telegramStartUrl(config?.telegram_bot_username ?? null, data.token, data.bot_url);
          if (url) window.location.assign(url);
          else setFailure(TELEGRAM_UNAVAILABLE);
        },
        onError: (e) => {
          // Already bound elsewhere (another tab): show the current state.
          if (codeOf(e) === 'telegram_already_bound') void refreshSession(client);
          else if (codeOf(e) === 'telegram_unavailable')
            setFailure({ ...TELEGRAM_UNAVAILABLE, text: detailOf(e) ?? TELEGRAM_UNAVAILABLE.text });
          else fail('Не удалось привязать Telegram')(e);
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
                onError: (e) => {
                  setConfirmDelete(false);
                  fail('Не удалось удалить аккаунт')(e);
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
        <AppDialog
          open={failure !== null}
          onClose={() => setFailure(null)}
          title={failure?.title}
          size="sm"
          role="alertdialog"
          footer={
            <Button variant="outline" onClick={() => setFailure(null)}>
              Закрыть
            </Button>
          }
        >
          <Text>{failure?.text}</Text>
        </AppDialog>
      </>
    ),
  };
}
