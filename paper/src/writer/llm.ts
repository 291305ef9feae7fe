/**
 * The LLM writer: any OpenAI-compatible chat completions endpoint through the `openai` package.
 * Text is streamed; the outline uses structured output (a JSON schema made from the zod schema).
 * Every call has a time limit and is retried with exponential backoff on 429, 5xx, connection
 * errors and timeouts; at most `concurrency` calls run at once.
 */
import OpenAI, { APIConnectionError, APIError, APIUserAbortError } from 'openai';
import { zodResponseFormat } from 'openai/helpers/zod';
import { PaperError } from '../errors.ts';
import { createLimiter } from './limiter.ts';
import type { Writer, WriterCall, WriterReply } from './types.ts';

export interface LlmPrice {
  /** Rubles per million prompt tokens. */
  inputRubPerMillion: number;
  /** Rubles per million completion tokens. */
  outputRubPerMillion: number;
}

export interface LlmWriterOptions {
  baseURL: string;
  apiKey: string;
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
  /** "json_schema" (default) or "json_object" for endpoints without JSON schema support. */
  structuredOutput?: 'json_schema' | 'json_object';
  /** The name of the output limit parameter; OpenAI's newer models want max_completion_tokens. */
  maxTokensParam?: 'max_tokens' | 'max_completion_tokens';
  /** Largest output a call may ask for; the model's own limit (default 16000). */
  maxOutputTokens?: number;
  fetch?: typeof fetch;
}

class RetryableError extends Error {
  readonly retryAfterMs?: number;
  readonly reason: 'rate' | 'server' | 'network' | 'timeout' | 'empty';
  constructor(reason: RetryableError['reason'], message: string, retryAfterMs?: number) {
    super(message);
    this.reason = reason;
    this.retryAfterMs = retryAfterMs;
  }
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

export function createLlmWriter(options: LlmWriterOptions): Writer & { readonly stats: { attempts: number; retries: number } } {
  const timeoutMs = options.timeoutMs ?? 180_000;
  const maxRetries = options.maxRetries ?? 4;
  const baseMs = options.retryBaseMs ?? 1000;
  const maxMs = options.retryMaxMs ?? 30_000;
  const limiter = createLimiter(Math.max(1, options.concurrency ?? 4));
  const client = new OpenAI({
    baseURL: options.baseURL,
    apiKey: options.apiKey,
    maxRetries: 0, // retries are ours, so streaming calls and timeouts are retried the same way
    timeout: timeoutMs,
    fetch: options.fetch,
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
    const requestOptions = { signal: controller.signal, headers: { 'x-paper-call': call.key } };
    const limit = { [options.maxTokensParam ?? 'max_tokens']: Math.min(call.maxTokens, options.maxOutputTokens ?? 16_000) };
    try {
      if (call.json) {
        const format =
          options.structuredOutput === 'json_object'
            ? ({ type: 'json_object' } as const)
            : zodResponseFormat(call.json.schema, call.json.name);
        const response = await client.chat.completions.create(
          { model, messages: call.messages, temperature: options.temperature ?? 0.4, response_format: format, ...limit },
          requestOptions,
        );
        const text = response.choices[0]?.message?.content ?? '';
        if (!text.trim()) throw new RetryableError('empty', 'пустой ответ');
        return {
          text,
          promptTokens: response.usage?.prompt_tokens ?? 0,
          completionTokens: response.usage?.completion_tokens ?? 0,
          model,
        };
      }
      const stream = await client.chat.completions.create(
        {
          model,
          messages: call.messages,
          temperature: options.temperature ?? 0.7,
          stream: true,
          stream_options: { include_usage: true },
          ...limit,
        },
        requestOptions,
      );
      let text = '';
      let promptTokens = 0;
      let completionTokens = 0;
      for await (const chunk of stream) {
        const delta = chunk.choices?.[0]?.delta?.content;
        if (delta) {
          text += delta;
          call.onDelta?.(delta);
        }
        if (chunk.usage) {
          promptTokens = chunk.usage.prompt_tokens;
          completionTokens = chunk.usage.completion_tokens;
        }
      }
      if (!text.trim()) throw new RetryableError('empty', 'пустой ответ');
      return { text, promptTokens, completionTokens, model };
    } catch (error) {
      if (error instanceof RetryableError) throw error;
      if (call.signal?.aborted) throw new PaperError('aborted', 'Генерация остановлена');
      if (timedOut) throw new RetryableError('timeout', `нет ответа за ${Math.round(timeoutMs / 1000)} с`);
      if (error instanceof APIUserAbortError) throw new RetryableError('timeout', 'запрос прерван');
      if (error instanceof APIConnectionError) throw new RetryableError('network', 'нет соединения с сервером модели');
      if (error instanceof APIError) {
        const status = error.status ?? 0;
        if (status === 429) throw new RetryableError('rate', 'слишком много запросов (429)', retryAfter(error.headers));
        if (status >= 500) throw new RetryableError('server', `ошибка сервера модели (${status})`, retryAfter(error.headers));
        throw new PaperError('llm_failed', `Языковая модель отклонила запрос (${status}): ${error.message.slice(0, 200)}`, {
          cause: error,
        });
      }
      // A stream cut in the middle surfaces as a plain error: retry it like a network failure.
      throw new RetryableError('network', (error as Error)?.message ?? 'обрыв ответа');
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
            if (i >= maxRetries) {
              if (error.reason === 'timeout') {
                throw new PaperError('llm_timeout', `Языковая модель не ответила вовремя (${i + 1} попыток): ${error.message}`);
              }
              throw new PaperError('llm_failed', `Языковая модель недоступна (${i + 1} попыток): ${error.message}`);
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
