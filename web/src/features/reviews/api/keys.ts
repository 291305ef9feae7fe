import type { ReviewSort } from '@app/contract';

/** Query keys of the reviews feature; invalidating `all` refreshes list, stats and availability. */
export const reviewKeys = {
  all: ['reviews'] as const,
  list: (mine: boolean, sort: ReviewSort) => ['reviews', 'list', mine, sort] as const,
  stats: ['reviews', 'stats'] as const,
  available: ['reviews', 'available'] as const,
};
