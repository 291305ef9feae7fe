import { Button, Card, HStack, Stack, Text } from '@chakra-ui/react';
import type { Review } from '@app/contract';
import { Stars } from '@/components/stars';
import { formatDate } from '@/lib/format';

interface Props {
  review: Review;
  /** Edit and delete appear only on the user's own reviews tab. */
  onEdit?: () => void;
  onDelete?: () => void;
}

export function ReviewCard({ review, onEdit, onDelete }: Props) {
  return (
    <Card.Root variant="outline" as="article" data-testid="review-card">
      <Card.Body gap="3">
        <HStack justify="space-between" align="flex-start" wrap="wrap" gap="2">
          <Stack gap="1" minW="0">
            <Text fontWeight="semibold" wordBreak="break-word" data-testid="review-author">
              {review.username}
            </Text>
            <Stars value={review.rating} size="4" label={`Оценка ${review.rating} из 5`} />
          </Stack>
          <Text fontSize="sm" color="fg.muted">
            <time dateTime={review.created_at}>{formatDate(review.created_at)}</time>
          </Text>
        </HStack>
        <Text whiteSpace="pre-line" wordBreak="break-word">
          {review.comment}
        </Text>
        {onEdit || onDelete ? (
          <HStack gap="2">
            {onEdit ? (
              <Button size="sm" variant="outline" onClick={onEdit}>
                Редактировать
              </Button>
            ) : null}
            {onDelete ? (
              <Button size="sm" variant="outline" colorPalette="red" onClick={onDelete}>
                Удалить
              </Button>
            ) : null}
          </HStack>
        ) : null}
      </Card.Body>
    </Card.Root>
  );
}
