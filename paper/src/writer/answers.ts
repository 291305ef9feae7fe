/**
 * What a chat completions server may send back, and the Russian name of each way it goes wrong:
 * an empty body, a web page, unreadable data, an error object with 200, no choices, no message,
 * a text that is not a string, a refusal, a content filter, an answer cut at the length limit or a
 * stream that ends before its finish. Each is a failed attempt (the writer retries it) whose
 * `said` is shown to the user and whose `message` keeps the technical detail for support.
 */
import type { ZodTypeAny } from 'zod';

type FailureReason = 'rate' | 'server' | 'network' | 'timeout' | 'auth' | 'malformed';

/** A failed attempt the writer retries: `said` is Russian, for the user; `message` is for the log. */
export class RetryableError extends Error {
  readonly reason: FailureReason;
  readonly said: string;
  readonly retryAfterMs?: number;
  constructor(reason: FailureReason, said: string, detail?: string, retryAfterMs?: number) {
    super(detail ?? said);
    this.name = 'RetryableError';
    this.reason = reason;
    this.said = said;
    this.retryAfterMs = retryAfterMs;
  }
}

/** The opening of a body for the technical detail. */
const excerpt = (s: string) => JSON.stringify(s.length > 300 ? `${s.slice(0, 300)}…` : s);

const malformed = (said: string, detail: string) => new RetryableError('malformed', said, detail);

const ANSWER = {
  empty: 'модель прислала пустой ответ',
  webPage: 'сервер модели прислал веб-страницу вместо ответа',
  unreadable: 'ответ сервера модели повреждён и не читается',
  serverError: 'сервер модели сообщил об ошибке вместо ответа',
  noChoices: 'в ответе сервера нет ответа модели',
  noMessage: 'в ответе сервера нет сообщения модели',
  notText: 'ответ модели пришёл не текстом',
  refused: 'модель отказалась отвечать',
  filtered: 'модель отказалась отвечать: сработал фильтр содержания',
  cutAtLimit: 'ответ модели оборван: исчерпана допустимая длина ответа',
  cutShort: 'ответ модели оборван на середине',
} as const;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The text of a content field: a string, or (some compatible servers) an array of text parts. */
function contentText(content: unknown): string | null | undefined {
  if (content === null || content === undefined || typeof content === 'string') return content;
  if (Array.isArray(content) && content.every((p) => isObject(p) && typeof p.text === 'string'))
    return content.map((p) => (p as { text: string }).text).join('');
  throw malformed(
    ANSWER.notText,
    `content is ${Array.isArray(content) ? 'an array' : typeof content}: ${excerpt(JSON.stringify(content))}`,
  );
}

/** An `error` the server put where the answer should be (with status 200, or as a stream event). */
function serverError(body: Record<string, unknown>): RetryableError | undefined {
  if (body.error === undefined || body.error === null) return undefined;
  return new RetryableError('server', ANSWER.serverError, `error object with 200: ${excerpt(JSON.stringify(body.error))}`);
}

/** A refusal, a filter or a limit named by the finish reason (GigaChat's filter says "blacklist"). */
function checkFinish(finish: unknown, refusal: string, text: string, streamed: boolean): void {
  if (refusal.trim()) throw malformed(ANSWER.refused, `refusal: ${excerpt(refusal)}`);
  if (finish === 'content_filter' || finish === 'blacklist') throw malformed(ANSWER.filtered, `finish_reason ${String(finish)}`);
  if (finish === 'length') throw malformed(ANSWER.cutAtLimit, `finish_reason length after ${text.length} characters`);
  // A stream that ends without a finish reason was cut; a whole body is whole even without one.
  if (streamed && (finish === null || finish === undefined))
    throw malformed(ANSWER.cutShort, `stream ended without finish_reason after ${text.length} characters`);
  if (!text.trim()) throw malformed(ANSWER.empty, `empty text, finish_reason ${String(finish)}`);
}

export interface ReadAnswer {
  text: string;
  usage?: { prompt_tokens: number; completion_tokens: number };
}

function usageOf(body: Record<string, unknown>): ReadAnswer['usage'] {
  const u = body.usage;
  return isObject(u) && typeof u.prompt_tokens === 'number' && typeof u.completion_tokens === 'number'
    ? { prompt_tokens: u.prompt_tokens, completion_tokens: u.completion_tokens }
    : undefined;
}

/** The body of an answer that is not an event stream: a web page, or JSON to be parsed. */
function parseBody(raw: string, contentType: string | null): unknown {
  if (!raw.trim()) throw malformed(ANSWER.empty, `empty body (content-type ${contentType ?? 'none'})`);
  if (/html/i.test(contentType ?? '') || /^\s*</.test(raw)) throw malformed(ANSWER.webPage, `HTML with 200: ${excerpt(raw)}`);
  try {
    return JSON.parse(raw);
  } catch {
    throw malformed(ANSWER.unreadable, `not JSON (content-type ${contentType ?? 'none'}): ${excerpt(raw)}`);
  }
}

/**
 * A whole (not streamed) chat completion: its text, or for a structured answer the arguments of
 * the forced function call (GigaChat sends them as an object, OpenAI as a string).
 */
export function readCompletion(raw: string, contentType: string | null): ReadAnswer {
  const body = parseBody(raw, contentType);
  if (!isObject(body)) throw malformed(ANSWER.noChoices, `body is not an object: ${excerpt(raw)}`);
  const error = serverError(body);
  if (error) throw error;
  if (!Array.isArray(body.choices)) throw malformed(ANSWER.noChoices, `no choices: ${excerpt(raw)}`);
  const choice: unknown = body.choices[0];
  if (!isObject(choice)) throw malformed(ANSWER.noChoices, `empty choices: ${excerpt(raw)}`);
  const message = choice.message;
  if (!isObject(message)) throw malformed(ANSWER.noMessage, `choice without message: ${excerpt(raw)}`);
  const args = isObject(message.function_call) ? message.function_call.arguments : undefined;
  const text =
    typeof args === 'string' && args.trim() ? args : isObject(args) ? JSON.stringify(args) : (contentText(message.content) ?? '');
  checkFinish(choice.finish_reason, typeof message.refusal === 'string' ? message.refusal : '', text, false);
  return { text, usage: usageOf(body) };
}

/** Reads a streamed answer chunk by chunk: `add` each event's data, then `finish`. */
export function streamReader(onDelta?: (chunk: string) => void) {
  let text = '';
  let refusal = '';
  let finish: unknown;
  let usage: ReadAnswer['usage'];
  const seen = { events: 0, choices: 0, deltas: 0 };
  return {
    add(data: unknown): void {
      seen.events++;
      if (!isObject(data)) throw malformed(ANSWER.unreadable, `stream event is not an object: ${excerpt(JSON.stringify(data))}`);
      const error = serverError(data);
      if (error) throw error;
      usage = usageOf(data) ?? usage;
      const choice: unknown = Array.isArray(data.choices) ? data.choices[0] : undefined;
      if (!isObject(choice)) return; // the usage chunk has no choices
      seen.choices++;
      const delta = isObject(choice.delta) ? choice.delta : {};
      if (isObject(choice.delta)) seen.deltas++;
      const piece = contentText(delta.content);
      if (piece) {
        text += piece;
        onDelta?.(piece);
      }
      if (typeof delta.refusal === 'string') refusal += delta.refusal;
      if (choice.finish_reason !== null && choice.finish_reason !== undefined) finish = choice.finish_reason;
    },
    finish(): ReadAnswer {
      if (!seen.events) throw malformed(ANSWER.empty, 'event stream without events');
      if (!seen.choices) throw malformed(ANSWER.noChoices, `${seen.events} events without choices`);
      if (!seen.deltas) throw malformed(ANSWER.noMessage, `${seen.choices} choices without delta`);
      checkFinish(finish, refusal, text, true);
      return { text, usage };
    },
  };
}

/** A structured answer read against its schema: the data, or a Russian problem and its technical detail. */
export function readStructured<T extends ZodTypeAny>(
  text: string,
  schema: T,
): { data: T['_output']; problem?: undefined; detail?: undefined } | { data?: undefined; problem: string; detail: string } {
  let json: unknown;
  try {
    json = JSON.parse(text.trim().replace(/^```(?:json)?\s*|\s*```$/g, ''));
  } catch (error) {
    return { problem: 'ответ оборван или повреждён и не читается', detail: `not JSON (${(error as Error).message}): ${excerpt(text)}` };
  }
  const parsed = schema.safeParse(json);
  if (parsed.success) return { data: parsed.data as T['_output'] };
  const issues = parsed.error.issues.slice(0, 5).map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`);
  return { problem: 'ответ не соответствует заданной структуре', detail: issues.join('; ') };
}
