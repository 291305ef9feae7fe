/** Security headers on every response (helmet): the API's answers and errors, the web app and its
 * static files, the sandbox payment page and Swagger UI share one Content Security Policy.
 *
 * What the policy allows, and for whom:
 * - scripts only from our origin (no inline scripts, no eval: the built index.html has none, the
 *   sandbox page has no scripts, Swagger UI's page loads its scripts from files);
 *   'wasm-unsafe-eval' lets pdf.js compile its WebAssembly decoders (JPEG 2000, JBIG2, ICC colour),
 *   which it loads from /pdfjs/wasm/; it allows WebAssembly only, not JavaScript eval;
 * - inline styles: Chakra UI (emotion) injects <style> at run time, the sandbox page has its own;
 * - workers (the pdf.js worker), fetches (API, pdf.js character maps and fonts) and the order
 *   sockets: our origin only;
 * - forms post to our origin only (the sandbox page's; its answer redirects to PUBLIC_URL);
 * - no page may frame ours (frame-ancestors 'none', and X-Frame-Options for old browsers).
 *
 * HSTS and upgrade-insecure-requests only when PUBLIC_URL is https: on plain http (development,
 * tests) they would break the site. The referrer policy keeps our URLs (task and paper ids) from
 * other sites, but not `no-referrer`: with it a browser sends `Origin: null` on same-origin form
 * posts and fetches, which the Origin check refuses. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

function contentSecurityPolicy(publicUrl: string) {
  const origin = new URL(publicUrl);
  const https = origin.protocol === 'https:';
  // 'self' covers same-origin WebSockets in current browsers; older ones need the ws(s) origin named.
  const socketOrigin = `${https ? 'wss' : 'ws'}://${origin.host}`;
  return {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      baseUri: ["'self'"],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      formAction: ["'self'", origin.origin],
      scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
      scriptSrcAttr: ["'none'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'", socketOrigin],
      workerSrc: ["'self'"],
      ...(https ? { upgradeInsecureRequests: [] } : {}),
    },
  };
}

/** The headers helmet sets, by lower-case name. Without nonces they are the same on every response,
 * so they are computed once here (@fastify/helmet rebuilt helmet's middleware, the policy parsed
 * again, on every request: a twentieth of the papers list's time). */
export function securityHeaders(publicUrl: string): Record<string, string> {
  const https = publicUrl.startsWith('https://');
  const middleware = helmet({
    contentSecurityPolicy: contentSecurityPolicy(publicUrl),
    // A year; subdomains are not ours to decide (they may not serve https).
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: false } : false,
    referrerPolicy: { policy: 'same-origin' },
    xFrameOptions: { action: 'deny' },
  });
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = value),
    removeHeader: () => undefined,
  };
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

export function registerSecurityHeaders(app: FastifyInstance, publicUrl: string) {
  const headers = securityHeaders(publicUrl);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
