/** /payment/waiting: the payment confirmation, then the generation's stage and progress; a
 * finished demo opens its preview, a finished full paper the cabinet with the thank-you modal, a
 * finished revision round (`revisionOf`: its paper) the paper's versions. */
import { Button, Heading, HStack, Progress, Spinner, Stack, Text } from '@chakra-ui/react';
import { ProgressLine } from '@/components/progress-line';
import { E } from '@app/contract';
import { useEffect } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { FormAlert } from '@/components/form-alert';
import { useTaskProgress, type TaskProgress } from '../hooks/use-task-progress';

export function PaymentWaiting({ taskId, revisionOf = null }: { taskId: string | null; revisionOf?: number | null }) {
  const navigate = useNavigate();
  const state = useTaskProgress(taskId);

  useEffect(() => {
    if (state.phase !== 'completed') return;
    if (revisionOf !== null) void navigate(`/papers/${revisionOf}/revisions`, { replace: true });
    else if (state.type === 'full') void navigate('/home?from_generation=true', { replace: true });
    else if (state.paperId !== null) void navigate(`/preview/${state.paperId}`, { replace: true });
  }, [state, navigate, revisionOf]);

  return (
    <Stack gap="6" aria-live="polite">
      <Heading as="h1" size="2xl">
        {state.phase === 'generation' || state.phase === 'failed' || state.phase === 'completed'
          ? revisionOf !== null
            ? 'Доработка работы'
            : 'Генерация работы'
          : 'Оплата заказа'}
      </Heading>
      <Body state={state} />
      {state.phase === 'canceled' || state.phase === 'not_found' || state.phase === 'failed' ? (
        <Stack direction={{ base: 'column', sm: 'row' }}>
          <Button asChild colorPalette="blue">
            <RouterLink to="/home">Личный кабинет</RouterLink>
          </Button>
          <Button asChild variant="outline">
            <RouterLink to="/demo">Создать новый проект</RouterLink>
          </Button>
        </Stack>
      ) : null}
    </Stack>
  );
}

function Body({ state }: { state: TaskProgress }) {
  switch (state.phase) {
    case 'payment':
      return (
        <HStack gap="3">
          <Spinner size="md" color="blue.600" />
          <Text fontSize="lg">Подождите, идёт подтверждение платежа</Text>
        </HStack>
      );
    case 'canceled':
      return <FormAlert>Платёж отменён</FormAlert>;
    case 'not_found':
      return <FormAlert>Платёж не найден</FormAlert>;
    case 'unknown':
      return <FormAlert>{E.unknownStatus}</FormAlert>;
    case 'failed':
      return (
        <Stack gap="4">
          <Progress.Root value={0} colorPalette="blue">
            <Progress.Track aria-label="Ход генерации: 0%">
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
          <FormAlert>{state.error}</FormAlert>
        </Stack>
      );
    case 'generation':
    case 'completed': {
      const progress = state.phase === 'completed' ? 100 : state.progress;
      const stage = state.phase === 'completed' ? 'Готово' : state.stage;
      return (
        <Stack gap="3">
          <Text fontSize="lg" data-testid="generation-stage">
            {stage}
          </Text>
          <ProgressLine value={progress} label="Ход генерации" />
          <Text color="fg.muted" fontSize="sm">
            Страницу можно закрыть: работа появится в личном кабинете, а мы пришлём письмо, когда она будет готова.
          </Text>
        </Stack>
      );
    }
  }
}
