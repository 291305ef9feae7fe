/** Reviews: anyone reads them; an author writes one for each paid full paper not yet reviewed. */
import type { Review as ReviewDto, ReviewSort } from '@app/contract';
import { UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../errors.ts';
import type { AuthSession } from '../accounts/sessions.ts';
import { Paper } from '../papers/entities.ts';
import { Review } from './entities.ts';

const ORDER: Record<ReviewSort, Record<string, 'asc' | 'desc'>> = {
  date_desc: { createdAt: 'desc', id: 'desc' },
  date_asc: { createdAt: 'asc', id: 'asc' },
  rating_desc: { rating: 'desc', createdAt: 'desc', id: 'desc' },
  rating_asc: { rating: 'asc', createdAt: 'desc', id: 'desc' },
};

const toDto = (r: Review): ReviewDto => ({
  id: r.id,
  rating: r.rating,
  comment: r.comment,
  username: r.user.username ?? '',
  created_at: r.createdAt.toISOString(),
});

export async function listReviews(
  em: EntityManager,
  query: { offset: number; limit: number; order_by: ReviewSort; only_user_reviews: boolean },
  authorId: number | null,
): Promise<{ reviews: ReviewDto[]; total_count: number }> {
  const where = query.only_user_reviews && authorId !== null ? { user: authorId } : {};
  const [rows, total] = await em.findAndCount(Review, where, {
    populate: ['user'],
    orderBy: ORDER[query.order_by],
    offset: query.offset,
    limit: query.limit,
  });
  return { reviews: rows.map(toDto), total_count: total };
}

export async function reviewStats(em: EntityManager): Promise<{ total_reviews: number; avg_rating: number }> {
  const [row] = await em.execute<{ total: string; avg: string | null }[]>('select count(*) as total, avg(rating) as avg from reviews');
  const avg = row.avg === null ? 0 : Math.round(Number(row.avg) * 100) / 100;
  return { total_reviews: Number(row.total), avg_rating: avg };
}

/** Paid full papers of the user that have no review yet: each allows one review. */
const UNREVIEWED = `from papers p
  where p.user_id = ? and p.type = 'full' and p.paid_at is not null and p.docx_key is not null
    and not exists (select 1 from reviews r where r.paper_id = p.id)`;

export async function availableReviewCount(em: EntityManager, userId: number): Promise<number> {
  const [row] = await em.execute<{ count: string }[]>(`select count(*) as count ${UNREVIEWED}`, [userId]);
  return Number(row.count);
}

const noneAvailable = () => new AppError('review_not_available');

export async function createReview(
  em: EntityManager,
  session: AuthSession,
  input: { rating: number; comment: string },
): Promise<ReviewDto> {
  const [candidate] = await em.execute<{ id: number }[]>(`select p.id ${UNREVIEWED} order by p.id limit 1`, [session.user.id]);
  if (!candidate) throw noneAvailable();
  const review = em.create(Review, {
    user: session.user,
    paper: em.getReference(Paper, candidate.id),
    rating: input.rating,
    comment: input.comment,
  });
  try {
    await em.flush();
  } catch (error) {
    // A concurrent request reviewed the same paper first (reviews.paper_id is unique).
    if (error instanceof UniqueConstraintViolationException) throw noneAvailable();
    throw error;
  }
  return toDto(review);
}

async function ownReview(em: EntityManager, session: AuthSession, id: number): Promise<Review> {
  const review = await em.findOne(Review, { id, user: session.user.id }, { populate: ['user'] });
  if (!review) throw new AppError('review_not_found');
  return review;
}

export async function updateReview(
  em: EntityManager,
  session: AuthSession,
  id: number,
  input: { rating: number; comment: string },
): Promise<ReviewDto> {
  const review = await ownReview(em, session, id);
  review.rating = input.rating;
  review.comment = input.comment;
  await em.flush();
  return toDto(review);
}

export async function deleteReview(em: EntityManager, session: AuthSession, id: number): Promise<void> {
  em.remove(await ownReview(em, session, id));
  await em.flush();
}
