/** The signed-in user's account actions (logout, Telegram, deletion) and their dialogs, loaded only
 * when someone is signed in: a guest's page does not carry the mutations and dialogs. */
import { useEffect, useRef, type ReactNode } from 'react';
import { useAccountActions } from '@/features/account/hooks/use-account-actions';

export type AccountActions = ReturnType<typeof useAccountActions>;

interface Props {
  children: (account: AccountActions) => ReactNode;
  /** «Выйти» was pressed before this part had loaded: it signs out at once. */
  logoutAsked: boolean;
  onLogoutTaken: () => void;
}

export default function AccountChrome({ children, logoutAsked, onLogoutTaken }: Props) {
  const account = useAccountActions();
  const { logout } = account;
  const taken = useRef(false);
  useEffect(() => {
    if (!logoutAsked || taken.current) return;
    taken.current = true;
    onLogoutTaken();
    logout();
  }, [logoutAsked, onLogoutTaken, logout]);
  return (
    <>
      {children(account)}
      {account.dialogs}
    </>
  );
}
