import { PageContainer } from '@/components/PageContainer';
import { PrivacyPolicy } from '@/features/legal/components/PrivacyPolicy';
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
