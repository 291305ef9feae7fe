import { PageContainer } from '@/components/PageContainer';
import { ReviewsPage } from '@/features/reviews/components/ReviewsPage';
import { useTitle } from '@/lib/use-title';

export function Component() {
  useTitle('Отзывы');
  return (
    <PageContainer maxW="4xl">
      <ReviewsPage />
    </PageContainer>
  );
}
