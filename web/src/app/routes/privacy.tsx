import { PageContainer } from '@/components/page-container';
import { PrivacyPolicy } from '@/features/legal/components/privacy-policy';
import { usePublicConfig } from '@/lib/public-config';
import { useTitle } from '@/lib/use-title';

export function Component() {
  useTitle('Политика конфиденциальности');
  return (
    <PageContainer>
      <PrivacyPolicy config={usePublicConfig()} />
    </PageContainer>
  );
}
