/** LIBRARY_OAI_ENDPOINTS: the OAI-PMH repositories the library harvests. */
import { z } from 'zod';
import { DEV_COLLECTION_ORIGIN } from './record.ts';
import type { OaiEndpoint } from './harvest.ts';

export type { OaiEndpoint };

/** Repositories known by name alone. */
const KNOWN_ENDPOINTS: Record<string, string> = {
  cyberleninka: 'https://cyberleninka.ru/oai',
};

/** "cyberleninka, kpfu=https://dspace.kpfu.ru/oai/request#com_123" -> endpoints; every bad entry is
 * reported to zod. */
export function parseOaiEndpoints(value: string, ctx: z.RefinementCtx): OaiEndpoint[] {
  const endpoints: OaiEndpoint[] = [];
  for (const entry of value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const eq = entry.indexOf('=');
    const origin = (eq < 0 ? entry : entry.slice(0, eq)).trim();
    const address = eq < 0 ? KNOWN_ENDPOINTS[origin] : entry.slice(eq + 1).trim();
    const problem = !/^[a-z0-9][a-z0-9_-]{0,39}$/.test(origin)
      ? `"${origin}": an origin is lower-case letters, digits, - and _`
      : origin === DEV_COLLECTION_ORIGIN
        ? `"${origin}" is the development collection's name`
        : !address
          ? `"${entry}": expected origin=https://address[#set] (or a known name: ${Object.keys(KNOWN_ENDPOINTS).join(', ')})`
          : !/^https?:\/\/[^\s#]+(#[^\s#]+)?$/.test(address) || !URL.canParse(address.split('#')[0])
            ? `"${entry}": the address is not an http(s) URL`
            : null;
    if (problem) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: problem });
      continue;
    }
    const [url, set] = address!.split('#');
    if (endpoints.some((e) => e.url === url && e.set === (set ?? null))) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: `"${entry}" is listed twice` });
      continue;
    }
    endpoints.push({ origin, url, set: set ?? null });
  }
  return endpoints;
}
