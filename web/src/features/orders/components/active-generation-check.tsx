/** The cabinet's 'track the generation' button: asks for the user's current order and shows one of
 * four dialogs (active generation, pending payment, none, error). */
import { Button, Text } from '@chakra-ui/react';
import { E, type PendingPaymentData } from '@app/contract';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { AppDialog } from '@/components/app-dialog';
import { getGenerationStatus } from '../api/get-generation-status';
import { PendingPaymentDialog } from './pending-payment-dialog';

type Status =
  | { type: 'active_generation'; topic: string; task_id: string }
  | { type: 'pending_payment'; data: PendingPaymentData }
  | { type: 'no_active_generation' }
  | { type: 'error' };

async function fetchStatus(): Promise<Status> {
  try {
    const response = await getGenerationStatus();
    if (response.status === 200) return { type: 'active_generation', topic: response.body.data.topic, task_id: response.body.data.task_id };
    if (response.status === 202) {
      const { type: _type, ...data } = response.body.data;
      return { type: 'pending_payment', data };
    }
    if (response.status === 400) return { type: 'no_active_generation' };
  } catch (error) {
    console.error('generation status check failed', error);
  }
  return { type: 'error' };
}

export function ActiveGenerationCheck() {
  const navigate = useNavigate();
  const [checking, setChecking] = useState(false);
  const [status, setStatus] = useState<Status | null>(null);
  const close = () => setStatus(null);

  const check = async () => {
    setChecking(true);
    setStatus(await fetchStatus());
    setChecking(false);
  };

  return (
    <>
      <Button variant="outline" onClick={() => void check()} loading={checking}>
        Отслеживать процесс генерации
      </Button>
      <AppDialog
        open={status?.type === 'active_generation'}
        onClose={close}
        title="Активная генерация"
        size="sm"
        footer={
          status?.type === 'active_generation' ? (
            <Button colorPalette="blue" onClick={() => void navigate(`/payment/waiting?task_id=${encodeURIComponent(status.task_id)}`)}>
              Отслеживать генерацию
            </Button>
          ) : null
        }
      >
        {status?.type === 'active_generation' ? <Text>Сейчас создаётся работа на тему «{status.topic}».</Text> : null}
      </AppDialog>
      <PendingPaymentDialog data={status?.type === 'pending_payment' ? status.data : null} onClose={close} />
      <AppDialog
        open={status?.type === 'no_active_generation'}
        onClose={close}
        title={E.noActiveGeneration}
        size="sm"
        footer={
          <Button colorPalette="blue" onClick={() => void navigate('/demo')}>
            Создать новый проект
          </Button>
        }
      >
        <Text>Сейчас у вас нет оплаченных или создающихся работ.</Text>
      </AppDialog>
      <AppDialog
        open={status?.type === 'error'}
        onClose={close}
        title="Ошибка"
        size="sm"
        role="alertdialog"
        footer={
          <Button variant="outline" onClick={close}>
            Закрыть
          </Button>
        }
      >
        <Text>{E.statusCheckFailed}</Text>
      </AppDialog>
    </>
  );
}
