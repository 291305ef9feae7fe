import { LIMITS, type ReviewSort } from '@app/contract';
import { tsr } from '@/lib/api-client';
import { reviewKeys } from './keys';

interface Page {
  body: { reviews: unknown[]; total_count: number };
}

/** Reviews page by page (20 each), all or only the user's own. */
export function useReviews(mine: boolean, sort: ReviewSort) {
  return tsr.review.list.useInfiniteQuery({
    queryKey: reviewKeys.list(mine, sort),
    queryData: ({ pageParam }) => ({
      query: { offset: pageParam as number, limit: LIMITS.review.pageSize, order_by: sort, only_user_reviews: mine },
    }),
    initialPageParam: 0,
    getNextPageParam: (last: Page, pages: Page[]) => {
      const loaded = pages.reduce((n, p) => n + p.body.reviews.length, 0);
      return loaded < last.body.total_count && last.body.reviews.length > 0 ? loaded : undefined;
    },
  });
}
