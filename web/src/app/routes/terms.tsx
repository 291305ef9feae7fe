import { PageContainer } from '@/components/page-container';
import { UserAgreement } from '@/features/legal/components/user-agreement';
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
