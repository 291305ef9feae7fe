/** Input hygiene before validation: PostgreSQL text cannot hold NUL, so a string with one is
 * refused here with a clear 400 instead of failing deep in the database. */
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.ts';

export function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 64 || value === null || typeof value !== 'object') return false;
  for (const v of Object.values(value)) if (hasNul(v, depth + 1)) return true;
  return false;
}

/** A callback hook (every request passes it; an async one costs a promise and a microtask turn). */
export function refuseNulCharacters(app: FastifyInstance) {
  app.addHook('preValidation', (request, _reply, done) => {
    if (hasNul(request.body) || hasNul(request.query) || hasNul(request.params)) done(new AppError('invalid_characters'));
    else done();
  });
}
