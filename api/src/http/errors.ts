/** Every error becomes `{ detail, code, ... }` here, and only here. */
import { ERRORS, type ErrorCode } from '@app/contract';
import type { RequestValidationError } from '@ts-rest/fastify';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodError } from 'zod';
import { AppError } from '../errors.ts';

/** Fastify's own client errors (parsers, limits) by their code. */
const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'empty_body',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'bad_request',
  FST_ERR_CTP_BODY_TOO_LARGE: 'body_too_large',
  FST_ERR_BAD_URL: 'bad_request',
  FST_ERR_MAX_PARAM_LENGTH: 'uri_too_long',
};
const BY_STATUS: Record<number, ErrorCode> = {
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  413: 'body_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
};

/** Any thrown error as the one error type: ours as is, a client error by its code, anything else 500. */
function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const e = error as FastifyError;
  const status = e?.statusCode;
  if (status && status >= 400 && status < 500)
    return new AppError(FASTIFY_CODES[e.code] ?? BY_STATUS[status] ?? 'bad_request', { cause: error });
  return new AppError('internal', { cause: error });
}

export function sendError(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  const appError = toAppError(error);
  // A 5xx never tells the client what went wrong inside; the log does.
  if (appError.status >= 500) request.log.error({ err: appError.cause ?? appError, code: appError.code }, appError.message);
  return reply.status(appError.status).send({ detail: appError.detail, code: appError.code, ...appError.extra });
}

/** ts-rest's failed request validation: 422 with the first Russian message as `detail`. */
export function sendValidationError(error: RequestValidationError, _request: FastifyRequest, reply: FastifyReply) {
  const issues = [error.pathParams, error.query, error.headers, error.body]
    .filter((e): e is ZodError => e !== null)
    .flatMap((e) => e.issues);
  return reply.status(422).send(validationFailure(issues));
}

/** The 422 body for zod issues: the first message as `detail`, every field's message in `errors`. */
export function validationFailure(issues: ZodError['issues']) {
  const errors = issues.map((i) => ({ field: i.path.join('.'), message: i.message }));
  return { detail: errors[0]?.message ?? ERRORS.validation_failed.message, code: 'validation_failed' as const, errors };
}
