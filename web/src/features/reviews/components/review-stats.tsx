/** Total reviews and the average rating (partial stars, one decimal, a dash when there is none). */
import { HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Stars } from '@/components/stars';
import { formatRating } from '@/lib/format';
import { useReviewStats } from '../api/get-review-stats';

export function ReviewStats() {
  const stats = useReviewStats();
  const data = stats.data?.body.data;
  if (!data) return <Skeleton height="16" rounded="lg" w="full" maxW="md" />;
  const average = formatRating(data.avg_rating);
  return (
    <Stack direction="row" gap={{ base: '8', sm: '12' }} wrap="wrap" data-testid="review-stats">
      <Stack gap="1">
        <Text color="fg.muted" fontSize="sm">
          Средняя оценка
        </Text>
        <HStack gap="3">
          <Text fontSize="2xl" fontWeight="bold" data-testid="avg-rating">
            {average}
          </Text>
          <Stars value={data.avg_rating} size="6" label={data.avg_rating > 0 ? `Средняя оценка ${average} из 5` : 'Оценок пока нет'} />
        </HStack>
      </Stack>
      <Stack gap="1">
        <Text color="fg.muted" fontSize="sm">
          Всего отзывов
        </Text>
        <Text fontSize="2xl" fontWeight="bold" data-testid="total-reviews">
          {data.total_reviews}
        </Text>
      </Stack>
    </Stack>
  );
}
