import { Alert } from '@chakra-ui/react';

/** A form-level message (server error or notice), announced to screen readers. */
export function FormAlert({ status = 'error', children }: { status?: 'error' | 'success' | 'info'; children: React.ReactNode }) {
  return (
    <Alert.Root status={status} role={status === 'error' ? 'alert' : 'status'}>
      <Alert.Indicator />
      <Alert.Title>{children}</Alert.Title>
    </Alert.Root>
  );
}
