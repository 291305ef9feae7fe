/** The signed-in user's account actions (logout, Telegram, deletion) and their dialogs, loaded only
 * when someone is signed in: a guest's page does not carry the mutations and dialogs. */
import type { ReactNode } from 'react';
import { useAccountActions } from '@/features/account/hooks/use-account-actions';

export type AccountActions = ReturnType<typeof useAccountActions>;

export default function AccountChrome({ children }: { children: (account: AccountActions) => ReactNode }) {
  const account = useAccountActions();
  return (
    <>
      {children(account)}
      {account.dialogs}
    </>
  );
}
