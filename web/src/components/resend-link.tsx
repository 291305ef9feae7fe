/** 'Send the code again', available after a 60 s countdown that restarts after each resend. */
import { Button, Text } from '@chakra-ui/react';
import { useCountdown } from '@/lib/use-countdown';
import { TIMINGS } from '@/config/ui';

export function ResendLink({ onResend, pending }: { onResend: () => Promise<boolean>; pending: boolean }) {
  const { left, restart } = useCountdown(TIMINGS.resendCountdownSeconds);
  if (left > 0) {
    return (
      <Text color="fg.muted" fontSize="sm" aria-live="off" data-testid="resend-countdown">
        Отправить код повторно можно через {left} с
      </Text>
    );
  }
  return (
    <Button
      variant="plain"
      colorPalette="blue"
      color="colorPalette.700"
      textDecoration="underline"
      p="0"
      h="auto"
      alignSelf="flex-start"
      loading={pending}
      onClick={() => {
        void onResend().then((sent) => {
          if (sent) restart();
        });
      }}
    >
      Отправить код повторно
    </Button>
  );
}
