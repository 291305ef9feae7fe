/**
 * A local server speaking the Telegram Bot API (https://core.telegram.org/bots/api) for tests:
 * `POST /bot<token>/<method>` with a JSON body, answered `{ok, result}` or `{ok:false, error_code,
 * description, parameters}` with the matching HTTP status, like the real one. It records every call,
 * answers long polling (`getUpdates` with offset and timeout) from updates a test pushes, and lets a
 * test script failures (a blocked user's 403, a 429 with retry_after).
 */
import { EventEmitter } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface BotApiCall {
  method: string;
  payload: Record<string, any>;
  at: number;
  /** How it was refused, if it was. */
  failure?: BotApiFailure;
}

export interface BotApiFailure {
  error_code: number;
  description: string;
  parameters?: { retry_after?: number };
}

export interface FakeBotApiOptions {
  token: string;
  /** Return a failure to answer this call with it; undefined answers normally. */
  behave?: (call: BotApiCall) => BotApiFailure | undefined;
}

export const BOT_INFO = {
  id: 7000000001,
  is_bot: true as const,
  first_name: 'Академические работы',
  username: 'paper_test_bot',
  can_join_groups: false,
  can_read_all_group_messages: false,
  supports_inline_queries: false,
  can_connect_to_business: false,
  can_manage_bots: false,
  supports_join_request_queries: false,
  has_main_web_app: false,
  has_topics_enabled: false,
  allows_users_to_create_topics: false,
};

export const BLOCKED: BotApiFailure = { error_code: 403, description: 'Forbidden: bot was blocked by the user' };

export interface FakeBotApi {
  apiRoot: string;
  calls: BotApiCall[];
  /** Messages delivered to one chat, in order. */
  sentTo(chatId: string | number): BotApiCall[];
  /** Resolves with the calls once `until` holds for them (checked on every new call). */
  waitFor(until: (calls: BotApiCall[]) => boolean, timeoutMs?: number): Promise<BotApiCall[]>;
  /** Queues an update for the next getUpdates; returns its update_id. */
  pushUpdate(update: Record<string, unknown>): number;
  close(): Promise<void>;
}

export async function startFakeBotApi(options: FakeBotApiOptions): Promise<FakeBotApi> {
  const calls: BotApiCall[] = [];
  const events = new EventEmitter();
  const updates: { update_id: number }[] = [];
  let nextUpdateId = 1;
  let messageId = 1;
  const polls = new Set<http.ServerResponse>();

  const answer = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  const resultOf = (call: BotApiCall): unknown => {
    switch (call.method) {
      case 'getMe':
        return BOT_INFO;
      case 'sendMessage':
        return {
          message_id: messageId++,
          date: Math.floor(call.at / 1000),
          chat: { id: Number(call.payload.chat_id), type: 'private' },
          from: BOT_INFO,
          text: call.payload.text,
        };
      default:
        return true;
    }
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const match = /^\/bot([^/]+)\/(\w+)$/.exec(req.url ?? '');
      if (req.method !== 'POST' || !match) return answer(res, 404, { ok: false, error_code: 404, description: 'Not Found' });
      if (match[1] !== options.token) return answer(res, 401, { ok: false, error_code: 401, description: 'Unauthorized' });
      let payload: Record<string, any> = {};
      const text = Buffer.concat(chunks).toString('utf8');
      if (text) {
        if (!String(req.headers['content-type']).startsWith('application/json')) {
          return answer(res, 400, { ok: false, error_code: 400, description: 'Bad Request: this fake speaks JSON only' });
        }
        payload = JSON.parse(text);
      }
      const call: BotApiCall = { method: match[2], payload, at: Date.now() };
      if (call.method === 'getUpdates') return poll(call, res);
      calls.push(call);
      call.failure = options.behave?.(call);
      if (call.failure) answer(res, call.failure.error_code, { ok: false, ...call.failure });
      else answer(res, 200, { ok: true, result: resultOf(call) });
      events.emit('call');
    });
  });

  /** Long polling: confirm updates below the offset, answer at once when some are pending,
   * otherwise hold the request until one arrives or the timeout passes. */
  function poll(call: BotApiCall, res: http.ServerResponse) {
    const offset = Number(call.payload.offset ?? 0);
    while (updates.length && updates[0].update_id < offset) updates.shift();
    const limit = Number(call.payload.limit ?? 100);
    if (updates.length || !call.payload.timeout) return answer(res, 200, { ok: true, result: updates.slice(0, limit) });
    polls.add(res);
    const done = () => {
      clearTimeout(timer);
      events.off('update', done);
      if (!polls.delete(res)) return;
      answer(res, 200, { ok: true, result: updates.slice(0, limit) });
    };
    const timer = setTimeout(done, Number(call.payload.timeout) * 1000);
    events.on('update', done);
    res.on('close', () => {
      clearTimeout(timer);
      events.off('update', done);
      polls.delete(res);
    });
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    apiRoot: `http://127.0.0.1:${port}`,
    calls,
    sentTo: (chatId) => calls.filter((c) => c.method === 'sendMessage' && !c.failure && String(c.payload.chat_id) === String(chatId)),
    waitFor: (until, timeoutMs = 30_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          if (!until(calls)) return;
          clearTimeout(timer);
          events.off('call', check);
          resolve(calls);
        };
        const timer = setTimeout(() => {
          events.off('call', check);
          reject(new Error(`fake Bot API: timed out; last calls ${JSON.stringify(calls.slice(-3))}`));
        }, timeoutMs);
        events.on('call', check);
        check();
      }),
    pushUpdate: (update) => {
      const update_id = nextUpdateId++;
      updates.push({ ...update, update_id });
      events.emit('update');
      return update_id;
    },
    close: async () => {
      for (const res of polls) answer(res, 200, { ok: true, result: [] });
      polls.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

let nextMessageId = 1;
/** An update with a message from user `from` as Telegram delivers it, in the private chat with
 * the bot unless a group is given (commands carry their entity). */
export function messageUpdate(from: number, text: string, group?: { id: number; title: string }) {
  const command = /^\/\w+/.exec(text);
  return {
    update_id: 100_000 + nextMessageId,
    message: {
      message_id: nextMessageId++,
      date: Math.floor(Date.now() / 1000),
      chat: group ? { ...group, type: 'group' } : { id: from, type: 'private', first_name: 'Иван' },
      from: { id: from, is_bot: false, first_name: 'Иван', language_code: 'ru' },
      text,
      ...(command ? { entities: [{ type: 'bot_command', offset: 0, length: command[0].length }] } : {}),
    },
  };
}
