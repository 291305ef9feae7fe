/** HTTP for orders: the user's current generation (order creation and payments are
 * payments/router.ts's). Thin: parse, call, answer. */
import { contract } from '@app/contract';
import { initServer } from '@ts-rest/fastify';
import { sessionOf } from '../../http/context.ts';
import { generationStatus } from './status.ts';

const s = initServer();

export const generationRouter = () =>
  s.router(contract.generation, {
    hasActiveGeneration: async ({ request }) => generationStatus(request.em, await sessionOf(request)),
  });
