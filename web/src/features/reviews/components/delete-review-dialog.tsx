import type { Review } from '@app/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { errorText } from '@/lib/errors';
import { useDeleteReviewMutation } from '../api/delete-review';
import { reviewKeys } from '../api/keys';

export function DeleteReviewDialog({ review, onClose }: { review: Review | null; onClose: () => void }) {
  const client = useQueryClient();
  const remove = useDeleteReviewMutation();
  const [error, setError] = useState<string | null>(null);
  return (
    <ConfirmDialog
      open={review !== null}
      title="Удаление отзыва"
      text="Вы уверены, что хотите удалить отзыв? Это действие нельзя будет отменить."
      confirmLabel="Удалить"
      pending={remove.isPending}
      error={error}
      onClose={() => {
        setError(null);
        onClose();
      }}
      onConfirm={() =>
        review &&
        remove.mutate(
          { params: { id: review.id } },
          {
            onSuccess: () => {
              void client.invalidateQueries({ queryKey: reviewKeys.all }).then(onClose);
            },
            onError: (e) => setError(errorText(e)),
          },
        )
      }
    />
  );
}
