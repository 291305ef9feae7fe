/** The personal cabinet: the account, the papers (tabs, search, sort, list, pagination) and the
 * generation status check. from_generation=true selects the full tab and opens the thank-you modal. */
import { Heading, Stack } from '@chakra-ui/react';
import type { PaperType } from '@app/contract';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PageContainer } from '@/components/page-container';
import { AccountPanel } from '@/features/account/components/account-panel';
import { PurchaseThanksDialog } from '@/features/account/components/purchase-thanks-dialog';
import { ActiveGenerationCheck } from '@/features/orders/components/active-generation-check';
import { RefundsSection } from '@/features/orders/components/refunds-section';
import { PapersSection } from '@/features/papers/components/papers-section';
import { useSession } from '@/lib/auth';
import { useTitle } from '@/lib/use-title';

export function Component() {
  useTitle('Личный кабинет');
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const fromGeneration = params.get('from_generation') === 'true';
  // Read once: closing the thank-you modal drops the parameter but keeps the full tab.
  const [initialTab] = useState<PaperType>(fromGeneration ? 'full' : 'demo');
  if (!user) return null;
  const closeThanks = () =>
    setParams(
      (p) => {
        p.delete('from_generation');
        return p;
      },
      { replace: true },
    );
  return (
    <PageContainer>
      <Stack gap="8">
        <Heading as="h1" size="2xl">
          Личный кабинет
        </Heading>
        <AccountPanel user={user} />
        <Stack as="section" aria-labelledby="orders-title" gap="4" id="orders">
          <Stack direction={{ base: 'column', sm: 'row' }} justify="space-between" align={{ base: 'stretch', sm: 'center' }} gap="3">
            <Heading as="h2" size="xl" id="orders-title">
              Мои заказы
            </Heading>
            <ActiveGenerationCheck />
          </Stack>
          <PapersSection initialTab={initialTab} />
        </Stack>
        <RefundsSection />
      </Stack>
      <PurchaseThanksDialog open={fromGeneration} onClose={closeThanks} />
    </PageContainer>
  );
}
