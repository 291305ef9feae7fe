/** Every error becomes `{detail, ...}` here, and only here. */
import { STATUS_TEXT } from '@app/contract';
import type { RequestValidationError } from '@ts-rest/fastify';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodError } from 'zod';
import { AppError } from '../errors.ts';

export function sendError(error: FastifyError | AppError | Error, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    if (error.status >= 500) request.log.error({ err: error.cause ?? error }, error.message);
    return reply.status(error.status).send({ detail: error.detail, ...error.extra });
  }
  const status = (error as FastifyError).statusCode;
  if (status && status >= 400 && status < 500) {
    return reply.status(status).send({ detail: clientErrorText(error as FastifyError, status) });
  }
  // A 5xx never tells the client what went wrong inside.
  request.log.error({ err: error }, 'unhandled error');
  return reply.status(500).send({ detail: STATUS_TEXT[500] });
}

function clientErrorText(error: FastifyError, status: number): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return 'Некорректный JSON в теле запроса';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'Пустое тело запроса';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Неподдерживаемый тип содержимого запроса';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'Слишком большой запрос';
    default:
      return STATUS_TEXT[status] ?? STATUS_TEXT[400];
  }
}

/** ts-rest's failed request validation: 422 with the first Russian message as `detail`. */
export function sendValidationError(error: RequestValidationError, _request: FastifyRequest, reply: FastifyReply) {
  const errors = [error.pathParams, error.query, error.headers, error.body]
    .filter((e): e is ZodError => e !== null)
    .flatMap((e) => e.issues)
    .map((i) => ({ field: i.path.join('.'), message: i.message }));
  return reply.status(422).send({ detail: errors[0]?.message ?? STATUS_TEXT[422], errors });
}
