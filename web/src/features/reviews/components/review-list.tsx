/** The review list with infinite scroll: the next 20 load when the end of the list is 10% visible;
 * 8 placeholders show while a page loads. */
import { Skeleton, Stack, Text } from '@chakra-ui/react';
import type { Review, ReviewSort } from '@app/contract';
import { useEffect, useRef } from 'react';
import { useReviews } from '../api/get-reviews';
import { ReviewCard } from './review-card';
import { REVIEW_LIST } from '@/config/ui';

interface Props {
  mine: boolean;
  sort: ReviewSort;
  onEdit: (review: Review) => void;
  onDelete: (review: Review) => void;
}

export function ReviewList({ mine, sort, onEdit, onDelete }: Props) {
  const query = useReviews(mine, sort);
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const pages = query.data?.pages ?? [];

  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasNextPage || isFetchingNextPage) return;
    // Re-created after every page, so a sentinel that is still visible asks for the next one.
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) void fetchNextPage();
      },
      { threshold: REVIEW_LIST.scrollThreshold },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, pages.length]);

  useEffect(() => {
    // A failed page is only logged; a failed first page leaves the list empty.
    if (query.error) console.error('reviews failed to load', query.error);
  }, [query.error]);

  const reviews = pages.flatMap((p) => p.body.reviews);
  const loading = query.isPending || isFetchingNextPage;

  return (
    <Stack gap="4">
      {reviews.map((review) => (
        <ReviewCard
          key={review.id}
          review={review}
          onEdit={mine ? () => onEdit(review) : undefined}
          onDelete={mine ? () => onDelete(review) : undefined}
        />
      ))}
      {loading ? (
        <Stack gap="4" role="status" aria-busy="true" aria-label="Загрузка отзывов" data-testid="review-skeletons">
          {Array.from({ length: REVIEW_LIST.skeletons }, (_, i) => (
            <Skeleton key={i} height="28" rounded="lg" />
          ))}
        </Stack>
      ) : null}
      {!loading && reviews.length === 0 ? (
        <Text color="fg.muted" textAlign="center" py="8">
          {mine ? 'У вас пока нет отзывов' : 'Отзывов пока нет'}
        </Text>
      ) : null}
      {!loading && reviews.length > 0 && !hasNextPage ? (
        <Text color="fg.muted" textAlign="center" py="4">
          Все отзывы загружены
        </Text>
      ) : null}
      <div ref={sentinel} aria-hidden="true" style={{ height: 1 }} />
    </Stack>
  );
}
