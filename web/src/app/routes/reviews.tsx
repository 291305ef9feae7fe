import { PageContainer } from '@/components/page-container';
import { ReviewsPage } from '@/features/reviews/components/reviews-page';
import { useTitle } from '@/lib/use-title';

export function Component() {
  useTitle('Отзывы');
  return (
    <PageContainer maxW="4xl">
      <ReviewsPage />
    </PageContainer>
  );
}
