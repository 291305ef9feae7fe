/** Create or edit a review: rating 1-5 (5 by default) and a comment of 10-500 characters. */
import { Button, RatingGroup, Text, Textarea } from '@chakra-ui/react';
import { E, forms, LIMITS, type Review } from '@app/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { AppDialog } from '@/components/app-dialog';
import { FormAlert } from '@/components/form-alert';
import { FormStack } from '@/components/form-stack';
import { FormField } from '@/components/form-field';
import { codeOf, detailOf } from '@/lib/errors';
import { useZodForm } from '@/lib/form';
import { useCreateReviewMutation } from '../api/create-review';
import { reviewKeys } from '../api/keys';
import { useUpdateReviewMutation } from '../api/update-review';

interface Props {
  open: boolean;
  /** The review being edited; null creates a new one. */
  review: Review | null;
  onClose: () => void;
}

const saveErrorText = (error: unknown) =>
  codeOf(error) === 'review_not_available' ? (detailOf(error) ?? E.reviewNotAllowed) : E.reviewSaveFailed;

export function ReviewFormDialog({ open, review, onClose }: Props) {
  const client = useQueryClient();
  const create = useCreateReviewMutation();
  const update = useUpdateReviewMutation();
  const form = useZodForm(forms.reviewForm, { rating: LIMITS.review.defaultRating as number, comment: '' });
  const { reset } = form;

  useEffect(() => {
    if (!open) return;
    reset({ rating: review?.rating ?? LIMITS.review.defaultRating, comment: review?.comment ?? '' });
    // Reset only when the dialog opens (or switches review), not on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `reset` is a new function on every render
  }, [open, review]);

  const onSubmit = form.handleSubmit((values) => {
    const body = { rating: values.rating, comment: values.comment };
    const done = {
      onSuccess: async () => {
        await client.invalidateQueries({ queryKey: reviewKeys.all });
        onClose();
      },
      onError: (error: unknown) => form.setFormError(saveErrorText(error)),
    };
    if (review) update.mutate({ params: { id: review.id }, body }, done);
    else create.mutate({ body }, done);
  });

  const length = form.values.comment.length;
  const pending = create.isPending || update.isPending;

  return (
    <AppDialog
      open={open}
      onClose={onClose}
      title={review ? 'Редактирование отзыва' : 'Новый отзыв'}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Отмена
          </Button>
          <Button type="submit" form="review-form" colorPalette="blue" loading={pending}>
            {review ? 'Сохранить' : 'Отправить'}
          </Button>
        </>
      }
    >
      <FormStack id="review-form" onSubmit={onSubmit}>
        <RatingGroup.Root
          count={LIMITS.review.ratingMax}
          value={form.values.rating}
          onValueChange={(e) => form.set('rating', e.value)}
          colorPalette="orange"
          size="lg"
          translations={{ ratingValueText: (index) => `${index} из ${LIMITS.review.ratingMax}` }}
        >
          <RatingGroup.Label>Оценка</RatingGroup.Label>
          <RatingGroup.HiddenInput />
          <RatingGroup.Control />
        </RatingGroup.Root>
        <FormField label="Комментарий" error={form.error('comment')}>
          <Textarea {...form.text('comment')} rows={6} placeholder="Расскажите, как прошла работа с сервисом" />
        </FormField>
        <Text
          fontSize="sm"
          color={length > LIMITS.review.commentMax ? 'fg.error' : 'fg.muted'}
          textAlign="end"
          mt="-2"
          aria-live="polite"
          data-testid="comment-counter"
        >
          {length} / {LIMITS.review.commentMax}
        </Text>
        {form.formError ? <FormAlert>{form.formError}</FormAlert> : null}
      </FormStack>
    </AppDialog>
  );
}
