import { tsr } from '@/lib/api-client';
import { reviewKeys } from './keys';

/** How many reviews the user may still leave (one per paid full paper); asked only when signed in. */
export function useAvailableReviews(enabled: boolean) {
  return tsr.review.available.useQuery({ queryKey: reviewKeys.available, enabled });
}
