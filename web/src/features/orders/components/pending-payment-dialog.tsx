/** 'Незавершенная покупка': go on paying, track it, or cancel it. A minutes:seconds countdown to
 * the automatic cancellation closes the dialog at zero; a successful cancel is reported and the
 * dialog closes 1.5 s later. */
import { Button, Stack, Text } from '@chakra-ui/react';
import { E, NETWORK_ERROR, type PendingPaymentData } from '@app/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { AppDialog } from '@/components/app-dialog';
import { FormAlert } from '@/components/form-alert';
import { codeOf, detailOf } from '@/lib/errors';
import { signOutLocally } from '@/lib/session-store';
import { useCountdown } from '@/lib/use-countdown';
import { cancelPayment } from '../api/cancel-payment';
import { TIMINGS } from '@/config/ui';

interface Props {
  data: PendingPaymentData | null;
  onClose: () => void;
  /** Called when the payment has been cancelled (before the dialog closes). */
  onCancelled?: () => void;
}

export function PendingPaymentDialog({ data, onClose, onCancelled }: Props) {
  return (
    <AppDialog open={data !== null} onClose={onClose} title="Незавершенная покупка" size="sm">
      {data ? <PendingBody key={data.payment_id} data={data} onClose={onClose} onCancelled={onCancelled} /> : null}
    </AppDialog>
  );
}

function formatCountdown(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return `${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}

function PendingBody({ data, onClose, onCancelled }: { data: PendingPaymentData; onClose: () => void; onCancelled?: () => void }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const { left } = useCountdown(data.minutes_to_cancel * 60 + data.seconds_to_cancel);
  const [cancelling, setCancelling] = useState(false);
  const [cancelled, setCancelled] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const closeTimer = useRef<number | undefined>(undefined);

  useEffect(() => {
    if (left === 0 && !cancelled) onClose();
  }, [left, cancelled, onClose]);
  useEffect(() => () => window.clearTimeout(closeTimer.current), []);

  const cancel = async () => {
    setCancelling(true);
    setError(null);
    try {
      const response = await cancelPayment(data.payment_id);
      if (response.status === 200) {
        setCancelled(true);
        closeTimer.current = window.setTimeout(() => {
          onCancelled?.();
          onClose();
        }, TIMINGS.paymentCancelSuccessDelayMs);
        return;
      }
      if (response.status === 401 || response.status === 404) {
        signOutLocally(client);
        return;
      }
      setError(codeOf(response) === 'payment_not_found' ? E.paymentNotFoundOrProcessed : (detailOf(response) ?? E.cancelPaymentFailed));
    } catch (e) {
      console.error('payment cancel failed', e);
      setError(NETWORK_ERROR);
    } finally {
      setCancelling(false);
    }
  };

  if (cancelled) return <FormAlert status="success">{E.paymentCanceled}</FormAlert>;
  return (
    <Stack gap="4">
      <Text>У вас есть неоплаченный заказ на тему «{data.topic}». Оплатите его или отмените, чтобы оформить новый.</Text>
      <Text>
        Заказ будет отменён автоматически через{' '}
        <Text as="span" fontWeight="bold" fontVariantNumeric="tabular-nums" data-testid="pending-countdown">
          {formatCountdown(left)}
        </Text>
      </Text>
      {error ? <FormAlert>{error}</FormAlert> : null}
      <Stack gap="2">
        <Button colorPalette="blue" onClick={() => window.location.assign(data.confirmation_url)} disabled={!data.confirmation_url}>
          Перейти к оплате
        </Button>
        <Button variant="outline" onClick={() => void navigate(`/payment/waiting?task_id=${encodeURIComponent(data.task_id)}`)}>
          Отслеживать генерацию
        </Button>
        <Button variant="outline" colorPalette="red" loading={cancelling} onClick={() => void cancel()}>
          Отменить платёж
        </Button>
      </Stack>
    </Stack>
  );
}
