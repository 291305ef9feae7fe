/**
 * The LLM writer: any OpenAI-compatible chat completions endpoint through the `openai` package
 * (OpenAI, YandexGPT's compatible endpoint: yandex.ts; GigaChat with its token provider: gigachat.ts).
 * Text is streamed; the outline uses structured output (a JSON schema made from the zod schema,
 * or a forced function call where the endpoint has no response_format). Every call has a time
 * limit and is retried with exponential backoff on 429, 5xx, connection errors and timeouts; a
 * 401 is retried once with fresh credentials when they come from a token provider; at most
 * `concurrency` calls run at once.
 */
import OpenAI, { APIConnectionError, APIError, APIUserAbortError } from 'openai';
import { Stream } from 'openai/core/streaming';
import { zodResponseFormat } from 'openai/helpers/zod';
import { PaperError } from '../errors.ts';
import { readCompletion, RetryableError, streamReader, type ReadAnswer } from './answers.ts';
import { createLimiter } from './limiter.ts';
import type { Writer, WriterCall, WriterReply } from './types.ts';

export interface LlmPrice {
  /** Rubles per million prompt tokens. */
  inputRubPerMillion: number;
  /** Rubles per million completion tokens. */
  outputRubPerMillion: number;
}

/** Where the Authorization header comes from, when it is not `Bearer <apiKey>`. */
export interface LlmAuth {
  /** The Authorization header for the next request (a token provider refreshes it as needed). */
  header(signal?: AbortSignal): Promise<string>;
  /** The server answered 401 to this header: the next header() must not return it. */
  refused?(header: string): void;
}

export interface LlmWriterOptions {
  baseURL: string;
  apiKey: string;
  /** The provider's name in error messages (default "Языковая модель"). */
  provider?: string;
  /** Overrides `Bearer <apiKey>` (Yandex's `Api-Key <key>`, GigaChat's access token). */
  auth?: LlmAuth;
  /** Sent with every request (Yandex's folder). */
  headers?: Record<string, string>;
  /** Model name per tariff. */
  models: { basic: string; professional: string };
  /** Calls at once (default 4). */
  concurrency?: number;
  /** Time limit of one call, streaming included (default 180 s). */
  timeoutMs?: number;
  /** Retries after the first attempt (default 4). */
  maxRetries?: number;
  /** First backoff delay (default 1 s), doubled each retry, with jitter. */
  retryBaseMs?: number;
  /** Longest backoff delay, Retry-After included (default 30 s). */
  retryMaxMs?: number;
  temperature?: number;
  /** Prices by model name, for usage.costRub. */
  prices?: Record<string, LlmPrice>;
  /** "json_schema" (default), "json_object" for endpoints without JSON schema support, or
   * "functions": a forced call of a function whose parameters are the schema (GigaChat). */
  structuredOutput?: 'json_schema' | 'json_object' | 'functions';
  /** How a stream reports its usage: when asked with stream_options (default, OpenAI) or always,
   * in its last chunk, without the option (GigaChat). */
  streamUsage?: 'stream_options' | 'always';
  /** The name of the output limit parameter; OpenAI's newer models want max_completion_tokens. */
  maxTokensParam?: 'max_tokens' | 'max_completion_tokens';
  /** Largest output a call may ask for; the model's own limit (default 16000). */
  maxOutputTokens?: number;
  fetch?: typeof fetch;
}

function retryAfter(headers: Headers | undefined): number | undefined {
  const ms = headers?.get('retry-after-ms');
  if (ms && Number.isFinite(Number(ms))) return Number(ms);
  const s = headers?.get('retry-after');
  if (s && Number.isFinite(Number(s))) return Number(s) * 1000;
  return undefined;
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new PaperError('aborted', 'Генерация остановлена'));
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new PaperError('aborted', 'Генерация остановлена'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** ~3 characters of Russian per token: usage for an endpoint that reports none, so that cost is never silently 0. */
const estimateTokens = (chars: number) => Math.ceil(chars / 3);

export function createLlmWriter(options: LlmWriterOptions): Writer & { readonly stats: { attempts: number; retries: number } } {
  const timeoutMs = options.timeoutMs ?? 180_000;
  const maxRetries = options.maxRetries ?? 4;
  const baseMs = options.retryBaseMs ?? 1000;
  const maxMs = options.retryMaxMs ?? 30_000;
  const who = options.provider ?? 'Языковая модель';
  const limiter = createLimiter(Math.max(1, options.concurrency ?? 4));
  const client = new OpenAI({
    baseURL: options.baseURL,
    apiKey: options.apiKey,
    maxRetries: 0, // retries are ours, so streaming calls and timeouts are retried the same way
    timeout: timeoutMs,
    fetch: options.fetch,
    logLevel: 'off', // every failure is named and thrown here; the SDK's own console lines would only repeat it
  });
  const stats = { attempts: 0, retries: 0 };

  async function attempt(call: WriterCall, model: string): Promise<WriterReply> {
    stats.attempts++;
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const onAbort = () => controller.abort();
    call.signal?.addEventListener('abort', onAbort, { once: true });
    const limit = { [options.maxTokensParam ?? 'max_tokens']: Math.min(call.maxTokens, options.maxOutputTokens ?? 16_000) };
    let authorization: string | undefined;
    const reply = (read: ReadAnswer): WriterReply => ({
      text: read.text,
      promptTokens: read.usage?.prompt_tokens ?? estimateTokens(call.messages.reduce((n, m) => n + m.content.length, 0)),
      completionTokens: read.usage?.completion_tokens ?? estimateTokens(read.text.length),
      model,
    });
    try {
      authorization = await options.auth?.header(controller.signal);
      const headers = { ...options.headers, 'x-paper-call': call.key, ...(authorization ? { authorization } : {}) };
      const requestOptions = { signal: controller.signal, headers };
      // The raw response, read here: every shape a server may send is named (answers.ts), none
      // reaches the user as an internal error of a parser.
      if (call.json) {
        const format = zodResponseFormat(call.json.schema, call.json.name);
        const structured =
          options.structuredOutput === 'functions'
            ? {
                functions: [
                  { name: call.json.name, description: 'Ответ строго по схеме параметров', parameters: format.json_schema.schema },
                ],
                function_call: { name: call.json.name },
              }
            : { response_format: options.structuredOutput === 'json_object' ? { type: 'json_object' as const } : format };
        const body = { model, messages: call.messages, temperature: options.temperature ?? 0.4, ...structured, ...limit };
        const response = await client.chat.completions
          .create(body as Parameters<typeof client.chat.completions.create>[0] & { stream?: false }, requestOptions)
          .asResponse();
        return reply(readCompletion(await response.text(), response.headers.get('content-type')));
      }
      const response = await client.chat.completions
        .create(
          {
            model,
            messages: call.messages,
            temperature: options.temperature ?? 0.7,
            stream: true,
            ...(options.streamUsage === 'always' ? {} : { stream_options: { include_usage: true } }),
            ...limit,
          },
          requestOptions,
        )
        .asResponse();
      const type = response.headers.get('content-type');
      if (!/event-stream/i.test(type ?? '')) {
        // A server that ignored `stream` answers whole; a page or an error in its place is named there.
        const whole = readCompletion(await response.text(), type);
        call.onDelta?.(whole.text);
        return reply(whole);
      }
      const reader = streamReader(call.onDelta);
      for await (const data of Stream.fromSSEResponse<unknown>(response, controller, client, false, 'events')) reader.add(data);
      // The stream ends quietly when it is aborted (the time limit, the run stopped): not an answer.
      controller.signal.throwIfAborted();
      return reply(reader.finish());
    } catch (error) {
      if (error instanceof RetryableError || error instanceof PaperError) throw error;
      if (call.signal?.aborted) throw new PaperError('aborted', 'Генерация остановлена');
      if (timedOut) throw new RetryableError('timeout', `нет ответа за ${Math.ceil(timeoutMs / 1000)} с`);
      if (error instanceof APIUserAbortError) throw new RetryableError('timeout', 'запрос прерван');
      if (error instanceof APIConnectionError)
        throw new RetryableError('network', 'нет соединения с сервером модели', String(error.cause ?? error.message));
      if (error instanceof APIError) {
        const status = error.status ?? 0;
        const detail = `${status} ${error.message}`;
        if (status === 429) throw new RetryableError('rate', 'слишком много запросов (429)', detail, retryAfter(error.headers));
        if (status >= 500 || status === 0)
          throw new RetryableError(
            'server',
            status ? `ошибка сервера модели (${status})` : 'сервер модели сообщил об ошибке',
            detail,
            retryAfter(error.headers),
          );
        if (status === 401 && authorization && options.auth?.refused) {
          // An access token that expired on the server's clock: the next attempt gets a fresh one.
          options.auth.refused(authorization);
          throw new RetryableError('auth', 'токен доступа отклонён (401)', detail, 0);
        }
        if (status === 401 || status === 403) {
          throw new PaperError('llm_failed', `${who}: ключ доступа не принят (${status}), проверьте настройки доступа к модели`, {
            cause: error,
          });
        }
        if (status === 404)
          throw new PaperError('llm_failed', `${who}: модель или адрес не найдены (404), проверьте название модели и адрес сервера`, {
            cause: error,
          });
        // The server's own words (English, as a rule) stay in the cause, for support.
        throw new PaperError('llm_failed', `${who} отклонила запрос (${status})`, { cause: error });
      }
      // The event stream's data did not parse (the SDK's parser says so with a SyntaxError).
      if (error instanceof SyntaxError)
        throw new RetryableError('malformed', 'ответ сервера модели повреждён и не читается', error.message);
      // A stream cut in the middle surfaces as a plain error: retried like a network failure.
      throw new RetryableError('network', 'соединение с сервером модели оборвалось', String((error as Error)?.message ?? error));
    } finally {
      clearTimeout(timer);
      call.signal?.removeEventListener('abort', onAbort);
    }
  }

  return {
    kind: 'llm',
    stats,
    complete(call) {
      const model = options.models[call.tariff];
      return limiter.run(async () => {
        let authRetried = false;
        for (let i = 0; ; i++) {
          try {
            const reply = await attempt(call, model);
            const price = options.prices?.[model];
            if (price) {
              reply.costRub = (reply.promptTokens * price.inputRubPerMillion + reply.completionTokens * price.outputRubPerMillion) / 1e6;
            }
            return reply;
          } catch (error) {
            if (!(error instanceof RetryableError)) throw error;
            if (error.reason === 'rate') call.onRateLimited?.(error.retryAfterMs);
            if (error.reason === 'auth') {
              // Once per call: a second 401 with a fresh token is a key the server does not accept.
              if (authRetried)
                throw new PaperError('llm_failed', `${who}: ключ доступа не принят (401), проверьте настройки доступа к модели`);
              authRetried = true;
              i--;
              continue;
            }
            if (i >= maxRetries) {
              const tries = `попыток: ${i + 1}`;
              if (error.reason === 'timeout')
                throw new PaperError('llm_timeout', `${who} не ответила вовремя (${tries}): ${error.said}`, { cause: error });
              if (error.reason === 'malformed')
                throw new PaperError('llm_failed', `${who} не дала пригодного ответа (${tries}): ${error.said}`, { cause: error });
              throw new PaperError('llm_failed', `${who} недоступна (${tries}): ${error.said}`, { cause: error });
            }
            stats.retries++;
            const backoff = Math.min(maxMs, baseMs * 2 ** i) * (0.5 + Math.random() / 2);
            await sleep(Math.min(maxMs, Math.max(backoff, error.retryAfterMs ?? 0)), call.signal);
          }
        }
      });
    },
  };
}
