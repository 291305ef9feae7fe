import { PageContainer } from '@/components/PageContainer';
import { UserAgreement } from '@/features/legal/components/UserAgreement';
import { usePublicConfig } from '@/lib/public-config';
import { useTitle } from '@/lib/use-title';

export function Component() {
  useTitle('Пользовательское соглашение');
  return (
    <PageContainer>
      <UserAgreement config={usePublicConfig()} />
    </PageContainer>
  );
}
