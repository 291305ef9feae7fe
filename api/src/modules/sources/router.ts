/** HTTP for the sources estimate: a session (the order form's), a rate limit per user. */
import { contract } from '@app/contract';
import { initServer } from '@ts-rest/fastify';
import { sessionOf } from '../../http/context.ts';
import { limitRate } from '../limits/rate-limit.ts';
import type { SourcesEstimator } from './estimate.ts';

const s = initServer();

/** Each estimate asks outside databases: a user typing a topic gets a few a minute. */
export const ESTIMATES_PER_MINUTE = 10;

export const sourcesRouter = (estimator: SourcesEstimator) =>
  s.router(contract.sources, {
    estimate: async ({ query, request }) => {
      const session = await sessionOf(request);
      await limitRate(request.em, `sources-estimate:${session.user.id}`, ESTIMATES_PER_MINUTE, 60);
      return { status: 200, body: await estimator.estimate(query) };
    },
  });
