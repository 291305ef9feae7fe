import { Button, Text } from '@chakra-ui/react';
import { AppDialog } from './app-dialog';

interface Props {
  open: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  pending?: boolean;
  error?: string | null;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before something that cannot be undone. */
export function ConfirmDialog({ open, title, text, confirmLabel, pending, error, onConfirm, onClose }: Props) {
  return (
    <AppDialog
      open={open}
      onClose={onClose}
      title={title}
      role="alertdialog"
      size="sm"
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Отмена
          </Button>
          <Button colorPalette="red" loading={pending} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <Text>{text}</Text>
      {error ? (
        <Text color="red.600" mt="3" role="alert">
          {error}
        </Text>
      ) : null}
    </AppDialog>
  );
}
