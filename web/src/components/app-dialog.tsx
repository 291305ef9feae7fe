/** The app's modal: a title, a body and footer buttons; closes on Escape, outside click or the cross. */
import { CloseButton, Dialog, Portal } from '@chakra-ui/react';

interface Props {
  open: boolean;
  onClose: () => void;
  title: React.ReactNode;
  children?: React.ReactNode;
  footer?: React.ReactNode;
  size?: 'xs' | 'sm' | 'md' | 'lg';
  role?: 'dialog' | 'alertdialog';
  /** 'inside' keeps header and footer in view and scrolls the body (long forms). */
  scrollBehavior?: 'inside' | 'outside';
}

export function AppDialog({ open, onClose, title, children, footer, size = 'md', role = 'dialog', scrollBehavior = 'outside' }: Props) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(e) => !e.open && onClose()}
      size={size}
      role={role}
      placement="center"
      scrollBehavior={scrollBehavior}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="3">
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            {children ? <Dialog.Body>{children}</Dialog.Body> : null}
            {footer ? <Dialog.Footer>{footer}</Dialog.Footer> : null}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Закрыть" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
