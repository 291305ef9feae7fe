/** Harvesting one OAI-PMH endpoint into the library: ListRecords (oai_dc) page by page. Each page's
 * records and the list's progress (the resumption token, the newest datestamp) are committed
 * together, so a killed harvest resumes with the token of the first page it did not store. A
 * finished list moves `harvested_until`; the next harvest asks only `from` there. */
import type pg from 'pg';
import { createOaiClient, OaiError, type OaiListPage } from './oai-client.ts';
import { normaliseDc } from './oai-dc.ts';
import { removeSource, storeRecord } from './store.ts';

export interface OaiEndpoint {
  /** Names the repository in every record harvested from it ('cyberleninka'). */
  origin: string;
  url: string;
  set: string | null;
}

interface HarvestPolicy {
  delayMs: number;
  retries: number;
  retryBaseMs: number;
  maxRetryAfterMs?: number;
}

export interface HarvestOptions extends HarvestPolicy {
  pool: pg.Pool;
  endpoint: OaiEndpoint;
  signal?: AbortSignal;
  /** Called after each page is stored. */
  onPage?: (page: { number: number; records: number }) => void | Promise<void>;
  log?: { info: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void };
}

export interface HarvestReport {
  origin: string;
  endpointKey: string;
  resumed: boolean;
  /** ListRecords restarted after badResumptionToken. */
  restarts: number;
  pages: number;
  fetched: number;
  inserted: number;
  updated: number;
  merged: number;
  deleted: number;
  /** Records without a title (nothing to cite). */
  skipped: number;
  harvestedUntil: string | null;
}

interface HarvestState {
  resumption_token: string | null;
  list_from: string | null;
  list_max_datestamp: string | null;
  harvested_until: string | null;
  granularity: string | null;
}

/** badResumptionToken more often than this in one run is a broken endpoint, not an expired token. */
const MAX_RESTARTS = 3;

const endpointKeyOf = (e: OaiEndpoint) => `${e.url}#${e.set ?? ''}`;

export async function harvestEndpoint(options: HarvestOptions): Promise<HarvestReport> {
  const { pool, endpoint, signal } = options;
  const key = endpointKeyOf(endpoint);
  const report: HarvestReport = {
    origin: endpoint.origin,
    endpointKey: key,
    resumed: false,
    restarts: 0,
    pages: 0,
    fetched: 0,
    inserted: 0,
    updated: 0,
    merged: 0,
    deleted: 0,
    skipped: 0,
    harvestedUntil: null,
  };
  await pool.query(
    `insert into library_harvests (endpoint_key, origin, url, set_spec) values ($1, $2, $3, $4) on conflict (endpoint_key) do nothing`,
    [key, endpoint.origin, endpoint.url, endpoint.set],
  );
  const state = (
    await pool.query<HarvestState>(
      'select resumption_token, list_from, list_max_datestamp, harvested_until, granularity from library_harvests where endpoint_key = $1',
      [key],
    )
  ).rows[0];
  const client = createOaiClient({
    url: endpoint.url,
    delayMs: options.delayMs,
    retries: options.retries,
    retryBaseMs: options.retryBaseMs,
    maxRetryAfterMs: options.maxRetryAfterMs,
    signal,
    onRetry: (info) => options.log?.warn({ origin: endpoint.origin, ...info }, 'OAI-PMH request failed; retrying'),
  });
  const setState = (fields: Record<string, unknown>) => {
    const names = Object.keys(fields);
    return pool.query(
      `update library_harvests set ${names.map((n, i) => `${n} = $${i + 2}`).join(', ')}, updated_at = now() where endpoint_key = $1`,
      [key, ...Object.values(fields)],
    );
  };

  try {
    let granularity = state.granularity;
    if (!granularity) {
      granularity = (await client.identify()).granularity;
      await setState({ granularity });
    }
    /** Starts the list over from where the last finished list ended. */
    const startList = async () => {
      const from = state.harvested_until ? fromArgument(state.harvested_until, granularity!) : null;
      await setState({ resumption_token: null, list_from: from, list_pages: 0, list_records: 0, started_at: new Date() });
      return { from: from ?? undefined, set: endpoint.set ?? undefined };
    };
    let maxDatestamp = state.list_max_datestamp;
    let args: Parameters<typeof client.listRecords>[0];
    if (state.resumption_token) {
      report.resumed = true;
      args = { resumptionToken: state.resumption_token };
      options.log?.info({ origin: endpoint.origin }, 'resuming the library harvest from its saved resumption token');
    } else {
      maxDatestamp = null;
      await setState({ list_max_datestamp: null });
      args = await startList();
    }

    for (;;) {
      let page: OaiListPage;
      try {
        page = await client.listRecords(args);
      } catch (error) {
        if (error instanceof OaiError && error.code === 'noRecordsMatch') break;
        if (error instanceof OaiError && error.code === 'badResumptionToken' && report.restarts < MAX_RESTARTS) {
          // The token expired (or the repository restarted): the list again from its start;
          // the records already stored are updated in place, not duplicated.
          report.restarts++;
          options.log?.warn(
            { origin: endpoint.origin, restart: report.restarts },
            'badResumptionToken: restarting the list from the last datestamp',
          );
          args = await startList();
          continue;
        }
        throw error;
      }
      maxDatestamp = await storePage(pool, endpoint.origin, page, maxDatestamp, key, report);
      report.pages++;
      await options.onPage?.({ number: report.pages, records: page.records.length });
      if (!page.resumptionToken) break;
      signal?.throwIfAborted();
      args = { resumptionToken: page.resumptionToken };
    }

    const until = later(state.harvested_until, maxDatestamp);
    await setState({
      resumption_token: null,
      list_from: null,
      list_max_datestamp: null,
      harvested_until: until,
      finished_at: new Date(),
      last_error: null,
    });
    report.harvestedUntil = until;
    return report;
  } catch (error) {
    await setState({ last_error: String((error as Error)?.message ?? error).slice(0, 1000) }).catch(() => undefined);
    throw error;
  }
}

/** One page in one transaction: its records, and the token of the next page. */
async function storePage(
  pool: pg.Pool,
  origin: string,
  page: OaiListPage,
  maxDatestamp: string | null,
  key: string,
  report: HarvestReport,
): Promise<string | null> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    for (const r of page.records) {
      report.fetched++;
      maxDatestamp = later(maxDatestamp, r.datestamp || null);
      if (r.deleted) {
        if (await removeSource(client, origin, r.identifier)) report.deleted++;
        continue;
      }
      const record = r.dc ? normaliseDc(r.dc, origin) : null;
      if (!record) {
        report.skipped++;
        continue;
      }
      const outcome = await storeRecord(client, { origin, identifier: r.identifier, datestamp: r.datestamp || null }, record);
      report[outcome]++;
    }
    await client.query(
      `update library_harvests set resumption_token = $2, list_max_datestamp = $3, list_pages = list_pages + 1, list_records = list_records + $4, updated_at = now() where endpoint_key = $1`,
      [key, page.resumptionToken, maxDatestamp, page.records.length],
    );
    await client.query('commit');
    return maxDatestamp;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** The later of two datestamps (either granularity). */
function later(a: string | null, b: string | null): string | null {
  if (!a) return b;
  if (!b) return a;
  return Date.parse(b) > Date.parse(a) ? b : a;
}

/** `from` in the repository's granularity. Inclusive: the records of that very second (or day)
 * are asked again, so that one changed just after the last harvest read it is not missed. */
function fromArgument(datestamp: string, granularity: string): string {
  const iso = new Date(Date.parse(datestamp)).toISOString();
  return granularity === 'YYYY-MM-DD' ? iso.slice(0, 10) : iso.replace(/\.\d{3}Z$/, 'Z');
}
