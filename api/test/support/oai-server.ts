/** A local stand-in for an OAI-PMH 2.0 repository (CyberLeninka, DSpace, OJS), over real HTTP on
 * 127.0.0.1. It speaks the protocol as a real one does: Identify; ListRecords in oai_dc with
 * from/until/set, pages of `pageSize` with resumption tokens carrying cursor and
 * completeListSize (the last page has an empty token); the errors badVerb, badArgument,
 * cannotDisseminateFormat, badResumptionToken, noRecordsMatch. It misbehaves on demand: 503 with
 * Retry-After, a connection dropped mid-page, expired tokens. `requests` logs what was asked. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StandInRecord {
  identifier: string;
  /** ISO, seconds granularity ("2024-03-01T10:00:00Z"). */
  datestamp: string;
  sets?: string[];
  deleted?: boolean;
  /** Dublin Core elements without the dc: prefix: title, creator, subject, ... */
  dc?: Record<string, string[]>;
  /** Other elements inside oai_dc with their prefix, as CyberLeninka adds them:
   * 'bibo:volume', 'bibo:issue', 'bibo:pages', 'dcterms:bibliographicCitation'. */
  terms?: Record<string, string[]>;
}

export type OaiFault = { kind: 'unavailable'; retryAfterSeconds: number } | { kind: 'drop-connection' } | { kind: 'expire-tokens' };

const DATESTAMP = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}:\d{2}Z)?$/;

export async function startOaiServer(options: { pageSize?: number; repositoryName?: string } = {}) {
  const pageSize = options.pageSize ?? 3;
  const records = new Map<string, StandInRecord>();
  /** Issued tokens: the list they continue and where. Expiring forgets them all. */
  const tokens = new Map<string, { from?: string; until?: string; set?: string; offset: number }>();
  const faults: OaiFault[] = [];
  const requests: Record<string, string>[] = [];
  let tokenCounter = 0;
  let baseUrl = '';

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== '/oai') {
      res.writeHead(404).end();
      return;
    }
    const args = Object.fromEntries(url.searchParams);
    requests.push(args);
    const fault = faults.shift();
    if (fault?.kind === 'unavailable') {
      res
        .writeHead(503, { 'retry-after': String(fault.retryAfterSeconds), 'content-type': 'text/html' })
        .end('<html><body>Service Temporarily Unavailable</body></html>');
      return;
    }
    if (fault?.kind === 'expire-tokens') tokens.clear();
    const body = answer(args);
    if (fault?.kind === 'drop-connection') {
      // Half the page, then the connection goes (no terminating chunk).
      res.writeHead(200, { 'content-type': 'text/xml; charset=utf-8' });
      res.write(body.slice(0, Math.floor(body.length / 2)));
      res.flushHeaders();
      setImmediate(() => res.socket?.destroy());
      return;
    }
    res.writeHead(200, { 'content-type': 'text/xml; charset=utf-8' }).end(body);
  });

  function answer(args: Record<string, string>): string {
    const request = `<request${Object.entries(args)
      .map(([k, v]) => ` ${k}="${escape(v)}"`)
      .join('')}>${escape(baseUrl)}</request>`;
    const envelope = (inner: string) =>
      `<?xml version="1.0" encoding="UTF-8"?>\n<OAI-PMH xmlns="http://www.openarchives.org/OAI/2.0/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.openarchives.org/OAI/2.0/ http://www.openarchives.org/OAI/2.0/OAI-PMH.xsd"><responseDate>${new Date().toISOString().replace(/\.\d{3}Z$/, 'Z')}</responseDate>${inner}</OAI-PMH>`;
    const error = (code: string, message: string) =>
      envelope(
        `${code === 'badVerb' ? '<request>' + escape(baseUrl) + '</request>' : request}<error code="${code}">${escape(message)}</error>`,
      );

    if (args.verb === 'Identify') {
      const extra = Object.keys(args).filter((k) => k !== 'verb');
      if (extra.length) return error('badArgument', `Illegal argument: ${extra.join(', ')}`);
      const earliest = [...records.values()].map((r) => r.datestamp).sort()[0] ?? '2000-01-01T00:00:00Z';
      return envelope(
        `${request}<Identify><repositoryName>${escape(options.repositoryName ?? 'Stand-in repository')}</repositoryName><baseURL>${escape(baseUrl)}</baseURL><protocolVersion>2.0</protocolVersion><adminEmail>oai@example.ru</adminEmail><earliestDatestamp>${earliest}</earliestDatestamp><deletedRecord>persistent</deletedRecord><granularity>YYYY-MM-DDThh:mm:ssZ</granularity></Identify>`,
      );
    }
    if (args.verb !== 'ListRecords') return error('badVerb', `Illegal OAI verb: ${args.verb ?? '(none)'}`);

    let list: { from?: string; until?: string; set?: string; offset: number };
    if ('resumptionToken' in args) {
      if (Object.keys(args).length !== 2) return error('badArgument', 'resumptionToken is an exclusive argument');
      const saved = tokens.get(args.resumptionToken);
      if (!saved) return error('badResumptionToken', 'The value of the resumptionToken argument is invalid or expired.');
      list = saved;
    } else {
      const allowed = ['verb', 'metadataPrefix', 'from', 'until', 'set'];
      const illegal = Object.keys(args).filter((k) => !allowed.includes(k));
      if (illegal.length) return error('badArgument', `Illegal argument: ${illegal.join(', ')}`);
      if (!args.metadataPrefix) return error('badArgument', 'Missing argument: metadataPrefix');
      for (const k of ['from', 'until'] as const)
        if (args[k] !== undefined && !DATESTAMP.test(args[k])) return error('badArgument', `Bad ${k}: ${args[k]}`);
      if (args.from && args.until && args.from.length !== args.until.length)
        return error('badArgument', 'from and until differ in granularity');
      if (args.metadataPrefix !== 'oai_dc') return error('cannotDisseminateFormat', `${args.metadataPrefix} is not supported`);
      list = { from: args.from, until: args.until, set: args.set, offset: 0 };
    }
    const matching = [...records.values()]
      .filter(
        (r) =>
          (!list.from || r.datestamp >= normalise(list.from, 'from')) &&
          (!list.until || r.datestamp <= normalise(list.until, 'until')) &&
          (!list.set || r.sets?.includes(list.set)),
      )
      .sort((a, b) => a.datestamp.localeCompare(b.datestamp) || a.identifier.localeCompare(b.identifier));
    if (matching.length === 0)
      return error(
        'noRecordsMatch',
        'The combination of the values of the from, until, set and metadataPrefix arguments results in an empty list.',
      );
    const page = matching.slice(list.offset, list.offset + pageSize);
    const next = list.offset + pageSize;
    let token: string;
    if (next < matching.length) {
      const id = `tok-${++tokenCounter}-${Math.random().toString(36).slice(2, 8)}`;
      tokens.set(id, { ...list, offset: next });
      token = `<resumptionToken expirationDate="${new Date(Date.now() + 3600_000).toISOString().replace(/\.\d{3}Z$/, 'Z')}" completeListSize="${matching.length}" cursor="${list.offset}">${id}</resumptionToken>`;
    } else {
      token = list.offset > 0 ? `<resumptionToken completeListSize="${matching.length}" cursor="${list.offset}"/>` : '';
    }
    return envelope(`${request}<ListRecords>${page.map(recordXml).join('')}${token}</ListRecords>`);
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/oai`;

  return {
    url: baseUrl,
    requests,
    /** Adds or replaces records (a replaced record is a changed one: give it a newer datestamp). */
    put(...list: StandInRecord[]) {
      for (const r of list) records.set(r.identifier, r);
    },
    /** The repository deletes a record: it stays as a header with status="deleted". */
    remove(identifier: string, datestamp: string) {
      const r = records.get(identifier);
      if (r) records.set(identifier, { identifier, datestamp, sets: r.sets, deleted: true });
    },
    /** The next requests misbehave, one fault each, in order. */
    fail(...list: OaiFault[]) {
      faults.push(...list);
    },
    listRequests: () => requests.filter((r) => r.verb === 'ListRecords'),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type OaiStandIn = Awaited<ReturnType<typeof startOaiServer>>;

/** A day-granularity bound covers the whole day. */
function normalise(datestamp: string, side: 'from' | 'until'): string {
  return datestamp.length === 10 ? `${datestamp}${side === 'from' ? 'T00:00:00Z' : 'T23:59:59Z'}` : datestamp;
}

function recordXml(r: StandInRecord): string {
  const header = `<header${r.deleted ? ' status="deleted"' : ''}><identifier>${escape(r.identifier)}</identifier><datestamp>${r.datestamp}</datestamp>${(r.sets ?? []).map((s) => `<setSpec>${escape(s)}</setSpec>`).join('')}</header>`;
  if (r.deleted) return `<record>${header}</record>`;
  const fields = [...Object.entries(r.dc ?? {}).map(([name, values]) => [`dc:${name}`, values] as const), ...Object.entries(r.terms ?? {})]
    .flatMap(([name, values]) => values.map((v) => `<${name}>${escape(v)}</${name}>`))
    .join('');
  return `<record>${header}<metadata><oai_dc:dc xmlns:oai_dc="http://www.openarchives.org/OAI/2.0/oai_dc/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:bibo="http://purl.org/ontology/bibo/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.openarchives.org/OAI/2.0/oai_dc/ http://www.openarchives.org/OAI/2.0/oai_dc.xsd">${fields}</oai_dc:dc></metadata></record>`;
}

function escape(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
