/** A real HTTP server on 127.0.0.1 for a stand-in of an outside API: it records what was asked and can answer 429 on demand. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Answer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

export interface StandIn {
  url: string;
  /** Every request, in order. */
  requests: { url: URL; headers: http.IncomingHttpHeaders }[];
  /** The next `times` requests get 429 with this Retry-After (seconds). */
  refuseNext(times: number, retryAfterSeconds?: number): void;
  close(): Promise<void>;
}

export async function startStandIn(answer: (url: URL, headers: http.IncomingHttpHeaders) => Answer): Promise<StandIn> {
  const requests: StandIn['requests'] = [];
  let refusals = 0;
  let retryAfter = 1;
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    requests.push({ url, headers: req.headers });
    let reply: Answer;
    if (refusals > 0) {
      refusals--;
      reply = { status: 429, body: { error: 'Too Many Requests' }, headers: { 'retry-after': String(retryAfter) } };
    } else {
      reply = answer(url, req.headers);
    }
    res.writeHead(reply.status, { 'content-type': 'application/json; charset=utf-8', ...reply.headers });
    res.end(JSON.stringify(reply.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    refuseNext(times, seconds = 1) {
      refusals = times;
      retryAfter = seconds;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The stand-ins' crude full-text match: a word of the query (its first five letters) in the text. */
export function matches(query: string, text: string): boolean {
  const words = (s: string) =>
    s
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter((w) => w.length >= 4)
      .map((w) => w.slice(0, 5));
  const have = new Set(words(text));
  return words(query).some((w) => have.has(w));
}
