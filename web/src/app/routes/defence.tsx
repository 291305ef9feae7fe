/** /defence/{paperId}: «Подготовка к защите» of a paper: the kit's contents and purchase, its making
 * followed on the order's socket, then its files and the slides in the PDF viewer. */
import { Heading, Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useParams } from 'react-router-dom';
import { FullPageLoader } from '@/components/full-page-loader';
import { FormAlert } from '@/components/form-alert';
import { PageContainer } from '@/components/page-container';
import { useDefenceKit } from '@/features/defence/api/get-defence-kit';
import { DefenceKit } from '@/features/defence/components/defence-kit';
import { PendingPaymentDialog } from '@/features/orders/components/pending-payment-dialog';
import { usePurchase } from '@/features/orders/hooks/use-purchase';
import { useTaskProgress } from '@/features/orders/hooks/use-task-progress';
import { usePaper } from '@/features/papers/api/get-paper';
import { PdfPreview } from '@/features/papers/components/pdf-preview';
import { useTitle } from '@/lib/use-title';

/** 16:9 slides. */
const SLIDE_RATIO = 9 / 16;

export function Component() {
  const paperId = Number(useParams().paperId);
  const client = useQueryClient();
  const paper = usePaper(paperId);
  const kit = useDefenceKit(paperId);
  const status = kit.data?.status === 200 ? kit.data.body : null;
  const title = paper.data?.status === 200 ? paper.data.body.title : '';
  useTitle('Подготовка к защите');
  const purchase = usePurchase({ onPromoRejected: () => undefined });
  // Followed while it is paid for and made; when it ends, the kit is asked for again.
  const following = status && (status.state === 'pending_payment' || status.state === 'making') ? status.task_id : null;
  const progress = useTaskProgress(following);
  const ended = progress.phase === 'completed' || progress.phase === 'failed' || progress.phase === 'canceled';
  useEffect(() => {
    if (ended) void client.invalidateQueries({ queryKey: ['defence', paperId] });
  }, [ended, client, paperId]);

  if (kit.isLoading || paper.isLoading) return <FullPageLoader text="Подождите, идёт загрузка" />;
  if (!status) {
    if (kit.error || kit.data) console.error('defence kit load failed', kit.error ?? kit.data);
    return (
      <PageContainer>
        <FormAlert>Работа не найдена</FormAlert>
      </PageContainer>
    );
  }
  const making =
    progress.phase === 'generation'
      ? { stage: progress.stage, progress: progress.progress }
      : progress.phase === 'completed'
        ? { stage: 'Готово', progress: 100 }
        : null;
  return (
    <PageContainer>
      <Stack gap="6">
        <Stack gap="1">
          <Heading as="h1" size="2xl">
            Подготовка к защите
          </Heading>
          {title ? (
            <Text color="fg.muted" fontSize="lg">
              «{title}»
            </Text>
          ) : null}
        </Stack>
        <DefenceKit
          title={title}
          kit={progress.phase === 'generation' && status.state === 'pending_payment' ? { ...status, state: 'making' } : status}
          making={making}
          onBuy={() => void purchase.pay({ purchase: { kind: 'defence', paper_id: paperId } })}
          buying={purchase.busy}
          buyError={purchase.error}
        />
        {status.state === 'ready' && status.files ? (
          <Stack as="section" gap="4" aria-labelledby="slides-title">
            <Heading as="h2" size="xl" id="slides-title">
              Слайды
            </Heading>
            <PdfPreview url={status.files.preview} locked={false} onBuy={() => undefined} ratio={SLIDE_RATIO} />
          </Stack>
        ) : null}
      </Stack>
      <PendingPaymentDialog data={purchase.pending} onClose={purchase.closePending} />
    </PageContainer>
  );
}
