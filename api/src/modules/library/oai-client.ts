/** An OAI-PMH 2.0 client: one request at a time, a polite pause between requests, retries with
 * backoff on 503 (honouring Retry-After), 5xx, network errors and truncated answers. Answers are
 * read with a real XML parser. */
import { setTimeout as sleep } from 'node:timers/promises';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { CITATION_ELEMENTS, DC_ELEMENTS, type DcFields } from './oai-dc.ts';

interface OaiRecord {
  identifier: string;
  datestamp: string;
  sets: string[];
  deleted: boolean;
  /** Null for a deleted record. */
  dc: DcFields | null;
}

export interface OaiListPage {
  records: OaiRecord[];
  /** Null when the list is complete. */
  resumptionToken: string | null;
  completeListSize: number | null;
  cursor: number | null;
}

export interface OaiIdentify {
  repositoryName: string;
  granularity: 'YYYY-MM-DD' | 'YYYY-MM-DDThh:mm:ssZ';
  earliestDatestamp: string | null;
}

/** An OAI-PMH error answer (badResumptionToken, noRecordsMatch, badArgument, ...). */
export class OaiError extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(`OAI-PMH ${code}: ${message}`);
    this.code = code;
  }
}

/** The endpoint could not be read after every retry. */
export class OaiUnavailable extends Error {}

export interface OaiClientOptions {
  url: string;
  /** Pause before every request after the first (a polite harvester). */
  delayMs: number;
  /** Further attempts after a failed one. */
  retries: number;
  /** First backoff; doubled on each retry. Retry-After, when given, wins. */
  retryBaseMs: number;
  /** The longest Retry-After honoured; a longer one is waited for this long. */
  maxRetryAfterMs?: number;
  timeoutMs?: number;
  signal?: AbortSignal;
  onRetry?: (info: { attempt: number; waitMs: number; reason: string }) => void;
}

const REPEATED = new Set(['record', 'setSpec', 'error']);
const DC_REPEATED = new Set<string>([...DC_ELEMENTS, ...CITATION_ELEMENTS]);
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  // Text stays text: identifiers like "0123" or years must not become numbers.
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  // Dublin Core elements repeat inside a record's metadata (the header has an identifier too).
  isArray: (name, jpath) => REPEATED.has(name) || (DC_REPEATED.has(name) && String(jpath).includes('.metadata.')),
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a parsed XML element has no static shape; it is read field by field
type XmlNode = any;

export function createOaiClient(options: OaiClientOptions) {
  let requested = false;

  async function request(params: Record<string, string>): Promise<XmlNode> {
    const url = new URL(options.url);
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    if (requested && options.delayMs > 0) await sleep(options.delayMs, undefined, { signal: options.signal });
    requested = true;
    for (let attempt = 0; ; attempt++) {
      options.signal?.throwIfAborted();
      let reason: string;
      let retryAfterMs: number | null = null;
      try {
        const res = await fetch(url, {
          headers: { accept: 'text/xml, application/xml', 'user-agent': 'paper-library-harvester/1.0 (OAI-PMH)' },
          signal: options.signal
            ? AbortSignal.any([options.signal, AbortSignal.timeout(options.timeoutMs ?? 120_000)])
            : AbortSignal.timeout(options.timeoutMs ?? 120_000),
        });
        const text = await res.text();
        if (res.ok) {
          // A connection dropped mid-answer may still end "cleanly": a truncated document is retried.
          if (XMLValidator.validate(text) === true) return parseOai(text);
          reason = 'malformed or truncated XML';
        } else if (res.status === 503 || res.status === 429 || res.status >= 500) {
          reason = `HTTP ${res.status}`;
          retryAfterMs = retryAfterOf(res.headers.get('retry-after'));
        } else {
          throw new OaiUnavailable(`${url.origin}${url.pathname}: HTTP ${res.status}`);
        }
      } catch (error) {
        if (error instanceof OaiUnavailable || error instanceof OaiError) throw error;
        if (options.signal?.aborted) throw options.signal.reason ?? error;
        reason = `network: ${(error as Error).message}${(error as { cause?: Error }).cause ? ` (${(error as { cause: Error }).cause.message})` : ''}`;
      }
      if (attempt >= options.retries) throw new OaiUnavailable(`${url.origin}${url.pathname}: ${reason} after ${attempt + 1} attempts`);
      const backoff = options.retryBaseMs * 2 ** attempt;
      const waitMs = retryAfterMs !== null ? Math.min(retryAfterMs, options.maxRetryAfterMs ?? 600_000) : backoff;
      options.onRetry?.({ attempt: attempt + 1, waitMs, reason });
      await sleep(waitMs, undefined, { signal: options.signal });
    }
  }

  return {
    async identify(): Promise<OaiIdentify> {
      const doc = await request({ verb: 'Identify' });
      const id = doc.Identify ?? {};
      return {
        repositoryName: textOf(id.repositoryName),
        granularity: textOf(id.granularity) === 'YYYY-MM-DD' ? 'YYYY-MM-DD' : 'YYYY-MM-DDThh:mm:ssZ',
        earliestDatestamp: textOf(id.earliestDatestamp) || null,
      };
    },

    /** One page of ListRecords (oai_dc): the first with from/until/set, the next with the token. */
    async listRecords(args: { resumptionToken: string } | { from?: string; until?: string; set?: string }): Promise<OaiListPage> {
      const params: Record<string, string> =
        'resumptionToken' in args
          ? { verb: 'ListRecords', resumptionToken: args.resumptionToken }
          : {
              verb: 'ListRecords',
              metadataPrefix: 'oai_dc',
              ...(args.from ? { from: args.from } : {}),
              ...(args.until ? { until: args.until } : {}),
              ...(args.set ? { set: args.set } : {}),
            };
      const doc = await request(params);
      const list = doc.ListRecords ?? {};
      const records = ((list.record ?? []) as XmlNode[]).map(recordOf);
      const token = list.resumptionToken;
      const tokenText = textOf(token);
      const number = (v: unknown) => (v === undefined || v === '' ? null : Number(v));
      return {
        records,
        resumptionToken: tokenText || null,
        completeListSize: typeof token === 'object' ? number(token['@_completeListSize']) : null,
        cursor: typeof token === 'object' ? number(token['@_cursor']) : null,
      };
    },
  };
}

/** The parsed OAI-PMH element; an error answer throws OaiError. */
function parseOai(xml: string): XmlNode {
  const doc = parser.parse(xml)['OAI-PMH'];
  if (!doc) throw new OaiUnavailable('not an OAI-PMH answer');
  const errors = doc.error as XmlNode[] | undefined;
  if (errors?.length) throw new OaiError(String(errors[0]['@_code'] ?? 'unknown'), textOf(errors[0]));
  return doc;
}

function recordOf(r: XmlNode): OaiRecord {
  const header = r.header ?? {};
  const deleted = header['@_status'] === 'deleted';
  const dcNode = r.metadata?.dc;
  let dc: DcFields | null = null;
  if (!deleted && dcNode) {
    dc = {};
    for (const element of [...DC_ELEMENTS, ...CITATION_ELEMENTS]) {
      const values = (dcNode[element] as unknown[] | undefined)?.map(textOf).filter(Boolean);
      if (values?.length) dc[element] = values;
    }
  }
  return {
    identifier: textOf(header.identifier),
    datestamp: textOf(header.datestamp),
    sets: ((header.setSpec ?? []) as unknown[]).map(textOf),
    deleted,
    dc,
  };
}

/** An element's text, whether the parser gave a string or an object with attributes. */
function textOf(node: unknown): string {
  if (node === undefined || node === null) return '';
  if (typeof node === 'string') return node;
  if (typeof node === 'object' && '#text' in (node as object)) return String((node as { '#text': unknown })['#text']);
  if (typeof node === 'object') return '';
  return String(node);
}

/** Retry-After in seconds or as an HTTP date. */
function retryAfterOf(value: string | null): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}
