/** The personal cabinet. The account part is here; the orders part (tabs, search, sort, paper list
 * and the generation status check) comes with the orders screens. */
import { Heading, Stack } from '@chakra-ui/react';
import { useSearchParams } from 'react-router-dom';
import { PageContainer } from '@/components/PageContainer';
import { AccountPanel } from '@/features/account/components/AccountPanel';
import { PurchaseThanksDialog } from '@/features/account/components/PurchaseThanksDialog';
import { useSession } from '@/lib/auth';
import { useTitle } from '@/lib/use-title';

export function Component() {
  useTitle('Личный кабинет');
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
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
          <Heading as="h2" size="xl" id="orders-title">
            Мои заказы
          </Heading>
        </Stack>
      </Stack>
      <PurchaseThanksDialog open={params.get('from_generation') === 'true'} onClose={closeThanks} />
    </PageContainer>
  );
}
