import { tsr } from '@/lib/api-client';
import { reviewKeys } from './keys';

export function useReviewStats() {
  return tsr.review.stats.useQuery({ queryKey: reviewKeys.stats });
}
