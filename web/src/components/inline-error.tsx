/** A short error under the control that caused it (a failed download), announced to screen readers. */
import { Text } from '@chakra-ui/react';

export function InlineError({ message }: { message: string | null | undefined }) {
  return message ? (
    <Text color="red.600" fontSize="sm" role="alert">
      {message}
    </Text>
  ) : null;
}
