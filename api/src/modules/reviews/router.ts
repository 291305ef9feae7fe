/** HTTP for reviews. */
import { contract } from '@app/contract';
import { initServer } from '@ts-rest/fastify';
import { optionalSessionOf, sessionOf } from '../../http/context.ts';
import { AppError } from '../../errors.ts';
import { availableReviewCount, createReview, deleteReview, listReviews, reviewStats, updateReview } from './reviews.ts';

const s = initServer();

export const reviewsRouter = () =>
  s.router(contract.review, {
    list: async ({ query, request }) => {
      const session = query.only_user_reviews ? await optionalSessionOf(request) : null;
      if (query.only_user_reviews && !session) throw new AppError('unauthorized');
      return { status: 200, body: await listReviews(request.em, query, session?.user.id ?? null) };
    },
    stats: async ({ request }) => ({ status: 200, body: { ok: true, data: await reviewStats(request.em) } }),
    available: async ({ request }) => {
      const session = await sessionOf(request);
      return { status: 200, body: { data: { count: await availableReviewCount(request.em, session.user.id) } } };
    },
    create: async ({ body, request }) => ({
      status: 201,
      body: { ok: true, data: await createReview(request.em, await sessionOf(request), body) },
    }),
    update: async ({ params, body, request }) => ({
      status: 200,
      body: { ok: true, data: await updateReview(request.em, await sessionOf(request), params.id, body) },
    }),
    delete: async ({ params, request }) => {
      await deleteReview(request.em, await sessionOf(request), params.id);
      return { status: 200, body: { ok: true } };
    },
  });
