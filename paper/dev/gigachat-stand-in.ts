/**
 * A local stand-in of GigaChat: its OAuth endpoint and its chat completions, checking what the real
 * ones check. The OAuth call needs `Authorization: Basic <authorization key>`, a RqUID in uuid4
 * form and the form field `scope` that the key was issued for; it answers an access token with its
 * `expires_at` (ms). The chat refuses a token it did not issue or one that has expired (401), more
 * concurrent streams than the quota (429 with Retry-After: one for an individual, ten for a
 * company), response_format (structured output is a forced function call there), and streams SSE
 * with the usage in the last chunk. Optionally over https with the given certificate.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import type { GigaChatScope } from '../src/writer/gigachat.ts';
import { startFakeLlm, type FakeLlmOptions } from './fake-llm.ts';

export interface GigaChatStandInOptions extends Omit<FakeLlmOptions, 'apiKey' | 'authorize' | 'structured' | 'streamUsage'> {
  authKey: string;
  /** The scope the key was issued for. */
  scope: GigaChatScope;
  /** Life of an access token (default 30 minutes). */
  tokenTtlMs?: number;
  /** The first this many token requests get a proxy's web page with status 200. */
  oauthGarbage?: number;
}

const UUID4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
const SCOPES = ['GIGACHAT_API_PERS', 'GIGACHAT_API_B2B', 'GIGACHAT_API_CORP'];

export async function startGigaChatStandIn(options: GigaChatStandInOptions) {
  const { authKey, scope, tokenTtlMs = 30 * 60_000, oauthGarbage = 0, ...rest } = options;
  const tokens = new Map<string, number>();
  const oauth: { status: number; rqUID: string | undefined; scope: string | null; at: number }[] = [];

  const oauthHandler = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
    const rqUID = req.headers.rquid as string | undefined;
    const entry = { status: 200, rqUID, scope: form.get('scope'), at: Date.now() };
    oauth.push(entry);
    const answer = (status: number, body: unknown) => {
      entry.status = status;
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (oauth.length <= oauthGarbage) {
      res.writeHead(200, { 'content-type': 'text/html' });
      return res.end('<html><body>Please wait</body></html>');
    }
    if (req.method !== 'POST' || !req.url?.endsWith('/api/v2/oauth')) return answer(404, { code: 404, message: 'not found' });
    if (req.headers.authorization !== `Basic ${authKey}`) return answer(401, { code: 6, message: "credentials doesn't match db data" });
    if (!rqUID || !UUID4.test(rqUID)) return answer(400, { code: 5, message: 'RqUID is not uuid4' });
    if (!String(req.headers['content-type']).startsWith('application/x-www-form-urlencoded')) {
      return answer(400, { code: 5, message: 'content-type must be application/x-www-form-urlencoded' });
    }
    if (!entry.scope) return answer(400, { code: 5, message: 'scope is empty' });
    if (!SCOPES.includes(entry.scope)) return answer(400, { code: 1, message: 'scope data format invalid' });
    if (entry.scope !== scope) return answer(400, { code: 7, message: 'scope from db not fully includes consumed scope' });
    const token = randomBytes(24).toString('base64url');
    const expiresAt = Date.now() + tokenTtlMs;
    tokens.set(token, expiresAt);
    answer(200, { access_token: token, expires_at: expiresAt });
  };
  const oauthServer = rest.tls ? https.createServer(rest.tls, oauthHandler) : http.createServer(oauthHandler);
  await new Promise<void>((resolve) => oauthServer.listen(0, '127.0.0.1', resolve));

  const llm = await startFakeLlm({
    maxConcurrent: scope === 'GIGACHAT_API_PERS' ? 1 : 10,
    ...rest,
    structured: 'functions',
    streamUsage: 'always',
    authorize(headers) {
      const token = /^Bearer (.+)$/.exec(headers.authorization ?? '')?.[1];
      const expiresAt = token ? tokens.get(token) : undefined;
      if (expiresAt === undefined) return { status: 401, message: 'Token is not valid' };
      if (expiresAt <= Date.now()) return { status: 401, message: 'Token has expired' };
      return undefined;
    },
  });
  const proto = rest.tls ? 'https' : 'http';
  return {
    /** The chat API's base URL (…/api/v1). */
    url: llm.url.replace(/\/v1$/, '/api/v1'),
    oauthUrl: `${proto}://127.0.0.1:${(oauthServer.address() as AddressInfo).port}/api/v2/oauth`,
    /** Every token request. */
    oauth,
    llm,
    /** Every token issued so far expires now on the server's clock (the client does not know). */
    expireAll() {
      for (const t of tokens.keys()) tokens.set(t, Date.now() - 1);
    },
    async close() {
      oauthServer.closeAllConnections();
      await Promise.all([llm.close(), new Promise<void>((resolve) => oauthServer.close(() => resolve()))]);
    },
  };
}

export type GigaChatStandIn = Awaited<ReturnType<typeof startGigaChatStandIn>>;
