/** The reviews page: stats, the leave-review button, tabs (mine only when signed in), sort, the
 * list and the dialogs. Query: tab=my_reviews selects my reviews, add_review=true opens the form. */
import { Button, Heading, HStack, Stack, Tabs, Text, Link } from '@chakra-ui/react';
import { REVIEW_SORTS, type Review, type ReviewSort } from '@app/contract';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { SortSelect } from '@/components/sort-select';
import { useSession } from '@/lib/auth';
import { usePublicConfig } from '@/lib/public-config';
import { useAvailableReviews } from '../api/get-available-reviews';
import { DeleteReviewDialog } from './delete-review-dialog';
import { ReviewFormDialog } from './review-form-dialog';
import { ReviewList } from './review-list';
import { ReviewStats } from './review-stats';

const SORT_LABELS: Record<ReviewSort, string> = {
  date_desc: 'Сначала новые',
  date_asc: 'Сначала старые',
  rating_desc: 'Сначала с высокой оценкой',
  rating_asc: 'Сначала с низкой оценкой',
};

type Tab = 'all' | 'my_reviews';

export function ReviewsPage() {
  const { isAuthenticated } = useSession();
  const config = usePublicConfig();
  const [params, setParams] = useSearchParams();
  const available = useAvailableReviews(isAuthenticated);
  const availableCount = available.data?.body.data.count ?? 0;
  const [sort, setSort] = useState<ReviewSort>('date_desc');
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<Review | null>(null);
  const [deleting, setDeleting] = useState<Review | null>(null);

  const tab: Tab = isAuthenticated && params.get('tab') === 'my_reviews' ? 'my_reviews' : 'all';
  const setTab = (next: Tab) =>
    setParams(
      (p) => {
        if (next === 'my_reviews') p.set('tab', 'my_reviews');
        else p.delete('tab');
        return p;
      },
      { replace: true },
    );

  // add_review=true (from the thank-you modal after a purchase) opens the form once.
  useEffect(() => {
    if (params.get('add_review') !== 'true' || !isAuthenticated) return;
    setEditing(null);
    setFormOpen(true);
    setParams(
      (p) => {
        p.delete('add_review');
        return p;
      },
      { replace: true },
    );
  }, [params, isAuthenticated, setParams]);

  const openForm = () => {
    setEditing(null);
    setFormOpen(true);
  };

  const list = (mine: boolean) => (
    <ReviewList
      mine={mine}
      sort={sort}
      onEdit={(r) => {
        setEditing(r);
        setFormOpen(true);
      }}
      onDelete={setDeleting}
    />
  );

  return (
    <Stack gap="8">
      <Stack gap="3">
        <Heading as="h1" size="3xl">
          Отзывы
        </Heading>
        <Text color="fg.muted" maxW="3xl">
          Отзывы оставляют пользователи, купившие полную версию работы. Если у вас есть вопрос или что-то пошло не так, напишите нам
          {config ? (
            <>
              {' '}
              на{' '}
              <Link href={`mailto:${config.support_email}`} color="blue.700">
                {config.support_email}
              </Link>
            </>
          ) : null}
          .
        </Text>
      </Stack>
      <Stack direction={{ base: 'column', md: 'row' }} justify="space-between" align={{ base: 'stretch', md: 'center' }} gap="6">
        <ReviewStats />
        {/* A guest gets a link, so the pre-rendered page leads to the login before the script has loaded. */}
        {!isAuthenticated ? (
          <Button asChild colorPalette="blue" size="lg">
            <RouterLink to="/login" state={{ from: { pathname: '/reviews', search: '' } }}>
              Оставить отзыв
            </RouterLink>
          </Button>
        ) : availableCount > 0 ? (
          <Button colorPalette="blue" size="lg" onClick={openForm}>
            Оставить отзыв
          </Button>
        ) : null}
      </Stack>
      <Tabs.Root value={tab} onValueChange={(e) => setTab(e.value as Tab)} lazyMount unmountOnExit variant="line">
        <HStack justify="space-between" wrap="wrap" gap="4" align="flex-end">
          <Tabs.List>
            <Tabs.Trigger value="all">Все отзывы</Tabs.Trigger>
            {isAuthenticated ? <Tabs.Trigger value="my_reviews">Мои отзывы</Tabs.Trigger> : null}
          </Tabs.List>
          <SortSelect
            options={REVIEW_SORTS}
            labels={SORT_LABELS}
            value={sort}
            onChange={setSort}
            size="sm"
            width={{ base: 'full', sm: '64' }}
          />
        </HStack>
        <Tabs.Content value="all">{list(false)}</Tabs.Content>
        {isAuthenticated ? <Tabs.Content value="my_reviews">{list(true)}</Tabs.Content> : null}
      </Tabs.Root>
      <ReviewFormDialog open={formOpen} review={editing} onClose={() => setFormOpen(false)} />
      <DeleteReviewDialog review={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  );
}
