/**
 * A stand-in for Text.ru's uniqueness API (https://api.text.ru/post), on 127.0.0.1. Like the real
 * one it takes form-encoded POSTs and answers JSON with HTTP 200 whatever happens: a text and a
 * userkey give `text_uid`; a uid and a userkey give error_code 181 ("Текст ещё не проверен") for
 * the first polls and then `text_unique` with `result_json` (a JSON string); a wrong key gives
 * error_code 141, a text outside 100-150 000 characters 112 or 113, an unknown uid 180. `hang`
 * makes it accept connections and never answer (a timeout).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';

export interface TextRuStandInOptions {
  userKey: string;
  /** Polls answered 181 before the result. Default 2. */
  notReadyPolls?: number;
  /** text_unique of a text. Default 87.5. */
  unique?: (text: string) => number;
  /** Pages the result names (result_json.urls). */
  urls?: { url: string; plagiat: number }[];
  /** Never answer a request. */
  hang?: boolean;
}

export interface TextRuStandIn {
  url: string;
  /** Every request's form fields, in order. */
  requests: Record<string, string>[];
  /** Texts submitted (one per uid). */
  submitted: string[];
  close(): Promise<void>;
}

const error = (code: number, desc: string) => ({ error_code: code, error_desc: desc });

export async function startTextRuStandIn(options: TextRuStandInOptions): Promise<TextRuStandIn> {
  const requests: Record<string, string>[] = [];
  const submitted: string[] = [];
  const texts = new Map<string, { text: string; polls: number }>();
  const notReady = options.notReadyPolls ?? 2;

  function answer(fields: Record<string, string>): unknown {
    if (!fields.userkey) return error(120, 'Отсутствует пользовательский ключ');
    if (fields.uid !== undefined) {
      if (fields.userkey !== options.userKey) return error(170, 'Отсутствует пользовательский ключ');
      const entry = texts.get(fields.uid);
      if (!entry) return error(180, 'Текущая пара ключ-uid отсутствует в базе');
      if (entry.polls++ < notReady) return error(181, 'Текст ещё не проверен');
      const unique = options.unique?.(entry.text) ?? 87.5;
      const result = {
        date_check: '25.11.2026 12:00:00',
        unique,
        urls: options.urls ?? [],
        clear_text: entry.text.slice(0, 200),
        mixed_words: '',
      };
      const body: Record<string, unknown> = { text_unique: unique.toFixed(2), result_json: JSON.stringify(result) };
      // Only jsonvisible=detail adds the details.
      if (fields.jsonvisible !== 'detail') delete body.result_json;
      return { ...body, spell_check: '', seo_check: '' };
    }
    if (fields.text === undefined) return error(110, 'Отсутствует проверяемый текст');
    if (fields.userkey !== options.userKey) return error(141, 'Несуществующий пользовательский ключ');
    if (fields.text.length < 100) return error(112, 'Проверяемый текст слишком короткий');
    if (fields.text.length > 150_000) return error(113, 'Проверяемый текст слишком большой. Разбейте текст на несколько частей');
    const uid = randomBytes(6).toString('hex');
    texts.set(uid, { text: fields.text, polls: 0 });
    submitted.push(fields.text);
    return { text_uid: uid };
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const fields = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
      requests.push(fields);
      if (options.hang) return;
      const body = req.method === 'POST' && req.url === '/post' ? answer(fields) : error(143, 'Ошибка при передаче параметров на сервер');
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    submitted,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
