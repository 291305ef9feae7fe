/**
 * The Prometheus series (prom-client), all named `paper_service_…`. Per process: HTTP latency, open
 * WebSockets and Node's default metrics; each API process is a scrape target of its own, so the
 * scraper's `instance` label tells them apart (no label of ours). Fleet-wide (read from PostgreSQL
 * at scrape time, fleet.ts): every process reports the same figures; aggregate them with
 * `max without (instance)`.
 */
import { collectDefaultMetrics, Gauge, Histogram, Registry, type Metric } from 'prom-client';
import { STAGE_BUCKETS } from '../generation/stage-times.ts';
import type { FleetSnapshot } from './fleet.ts';

const PREFIX = 'paper_service_';

interface Sample {
  labels: Record<string, string | number>;
  value: number;
  metricName?: string;
}

/** A series computed from the fleet's snapshot when scraped (prom-client's own metric types keep
 * their values in this process's memory, which is not where these figures live). */
function fleetMetric(
  registry: Registry,
  fleet: () => Promise<FleetSnapshot | null>,
  name: string,
  type: 'gauge' | 'counter' | 'histogram',
  help: string,
  samples: (s: FleetSnapshot) => Sample[],
) {
  const metric = {
    name: PREFIX + name,
    help,
    type,
    aggregator: 'first',
    async get() {
      const snapshot = await fleet();
      return { name: PREFIX + name, help, type, aggregator: 'first', values: snapshot ? samples(snapshot) : [] };
    },
    reset() {},
  };
  registry.registerMetric(metric as unknown as Metric);
}

/** A histogram from stored buckets (count per bucket, not cumulative) and their sums. */
function stageSamples(s: FleetSnapshot): Sample[] {
  const series = new Map<string, { labels: { stage: string; tariff: string }; counts: Map<number, number>; sum: number }>();
  for (const row of s.stages) {
    const key = `${row.stage}\u0000${row.tariff}`;
    let entry = series.get(key);
    if (!entry) series.set(key, (entry = { labels: { stage: row.stage, tariff: row.tariff }, counts: new Map(), sum: 0 }));
    const le = row.le === 'Infinity' ? Infinity : Number(row.le);
    entry.counts.set(le, (entry.counts.get(le) ?? 0) + row.count);
    entry.sum += row.sum_seconds;
  }
  const out: Sample[] = [];
  const name = `${PREFIX}generation_stage_seconds`;
  for (const { labels, counts, sum } of series.values()) {
    let cumulative = 0;
    for (const bound of STAGE_BUCKETS) {
      cumulative += counts.get(bound) ?? 0;
      out.push({ metricName: `${name}_bucket`, labels: { ...labels, le: bound === Infinity ? '+Inf' : bound }, value: cumulative });
    }
    out.push({ metricName: `${name}_sum`, labels, value: sum });
    out.push({ metricName: `${name}_count`, labels, value: cumulative });
  }
  return out;
}

export interface MetricsRegistry {
  registry: Registry;
  /** Called once per response: the request's route pattern (never the raw URL), method, status and seconds. */
  http: Histogram<'route' | 'method' | 'status_code'>;
}

export function createMetricsRegistry(o: {
  /** The fleet's snapshot; null when it could not be read (the fleet series are then left out). */
  fleet: () => Promise<FleetSnapshot | null>;
  /** Open WebSockets of this process. */
  sockets: () => number;
}): MetricsRegistry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: PREFIX });
  const http = new Histogram({
    name: `${PREFIX}http_request_duration_seconds`,
    help: 'HTTP requests of this process by route pattern, method and status code',
    labelNames: ['route', 'method', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  new Gauge({
    name: `${PREFIX}websockets_open`,
    help: 'WebSockets open on this process (progress of orders)',
    registers: [registry],
    collect() {
      this.set(o.sockets());
    },
  });
  let fleetUp = 0;
  let fleetSeconds = 0;
  const fleet = async () => {
    const started = performance.now();
    const snapshot = await o.fleet();
    fleetSeconds = (performance.now() - started) / 1000;
    fleetUp = snapshot ? 1 : 0;
    return snapshot;
  };
  // Read once per scrape: every fleet series below awaits the same promise.
  let current: Promise<FleetSnapshot | null> | null = null;
  const shared = () => (current ??= fleet().finally(() => queueMicrotask(() => (current = null))));
  const m = (name: string, type: 'gauge' | 'counter' | 'histogram', help: string, samples: (s: FleetSnapshot) => Sample[]) =>
    fleetMetric(registry, shared, name, type, help, samples);

  m('jobs_queued', 'gauge', 'Jobs waiting in each pg-boss queue (created or to be retried)', (s) =>
    s.jobs.map((j) => ({ labels: { queue: j.queue }, value: j.queued })),
  );
  m('jobs_active', 'gauge', 'Jobs being worked on in each pg-boss queue', (s) =>
    s.jobs.map((j) => ({ labels: { queue: j.queue }, value: j.active })),
  );
  m('jobs_oldest_queued_age_seconds', 'gauge', 'Age of the oldest waiting job of each queue (0: none waiting)', (s) =>
    s.jobs.map((j) => ({ labels: { queue: j.queue }, value: j.oldest_seconds ?? 0 })),
  );
  m(
    'generation_stage_seconds',
    'histogram',
    'Time of each stage of a generation or revision run by tariff (finished stages)',
    stageSamples,
  );
  m('llm_calls_total', 'counter', 'Model calls answered, by tariff and provider', (s) =>
    s.llm.map((u) => ({ labels: { tariff: u.tariff, provider: u.provider }, value: u.calls })),
  );
  m('llm_tokens_total', 'counter', 'Model tokens billed, by tariff, provider and kind (prompt, completion)', (s) =>
    s.llm.flatMap((u) => [
      { labels: { tariff: u.tariff, provider: u.provider, kind: 'prompt' }, value: u.prompt_tokens },
      { labels: { tariff: u.tariff, provider: u.provider, kind: 'completion' }, value: u.completion_tokens },
    ]),
  );
  m(
    'llm_cost_rubles_total',
    'counter',
    'What the model calls cost in rubles (models with a configured price), by tariff and provider',
    (s) => s.llm.map((u) => ({ labels: { tariff: u.tariff, provider: u.provider }, value: u.cost_rub })),
  );
  m('quota_streams', 'gauge', 'Streams each pool of the shared model quota allows now (fewer after a 429)', (s) =>
    s.quota.map((q) => ({ labels: { pool: q.pool }, value: q.streams })),
  );
  m('quota_streams_in_use', 'gauge', 'Streams of each quota pool held by a call (live leases)', (s) =>
    s.quota.map((q) => ({ labels: { pool: q.pool }, value: q.in_use })),
  );
  m('quota_waiting', 'gauge', 'Model calls waiting for a stream of each quota pool', (s) =>
    s.quota.map((q) => ({ labels: { pool: q.pool }, value: q.waiting })),
  );
  m('orders', 'gauge', 'Orders by state', (s) => s.orders.map((r) => ({ labels: { status: r.status }, value: r.count })));
  m('payments', 'gauge', 'Payments by provider and state', (s) =>
    s.payments.map((r) => ({ labels: { provider: r.provider, status: r.status }, value: r.count })),
  );
  m('payments_rubles', 'gauge', 'Rubles of the payments by provider and state', (s) =>
    s.payments.map((r) => ({ labels: { provider: r.provider, status: r.status }, value: r.rubles })),
  );
  m('payment_failures', 'gauge', "Canceled payments by the provider's reason (unknown: none given)", (s) =>
    s.payment_failures.map((r) => ({ labels: { provider: r.provider, code: r.code }, value: r.count })),
  );
  m('refunds', 'gauge', 'Refunds by reason and state', (s) =>
    s.refunds.map((r) => ({ labels: { reason: r.reason, status: r.status }, value: r.count })),
  );
  m('refunds_rubles', 'gauge', 'Rubles of the refunds by reason and state', (s) =>
    s.refunds.map((r) => ({ labels: { reason: r.reason, status: r.status }, value: r.rubles })),
  );
  m('library_records', 'gauge', "Works in the library (PostgreSQL's estimate)", (s) => [{ labels: {}, value: s.library_records }]);
  m('library_harvest_list_records', 'gauge', 'Records read in the current (or last) harvest list of each endpoint', (s) =>
    s.harvests.map((h) => ({ labels: { endpoint: h.endpoint }, value: h.list_records })),
  );
  m('library_harvest_running', 'gauge', 'Whether a harvest list of the endpoint is in progress (1) or not (0)', (s) =>
    s.harvests.map((h) => ({ labels: { endpoint: h.endpoint }, value: h.running ? 1 : 0 })),
  );
  m('library_harvest_failing', 'gauge', "Whether the endpoint's last harvest ended in an error (1) or not (0)", (s) =>
    s.harvests.map((h) => ({ labels: { endpoint: h.endpoint }, value: h.failing ? 1 : 0 })),
  );
  m('library_harvested_until_timestamp_seconds', 'gauge', 'Every record of the endpoint up to this datestamp is harvested', (s) =>
    s.harvests.filter((h) => h.harvested_until !== null).map((h) => ({ labels: { endpoint: h.endpoint }, value: h.harvested_until! })),
  );
  new Gauge({
    name: `${PREFIX}fleet_up`,
    help: "Whether this scrape read the fleet's figures from PostgreSQL (1) or not (0: the fleet series are missing)",
    registers: [registry],
    async collect() {
      await shared();
      this.set(fleetUp);
    },
  });
  new Gauge({
    name: `${PREFIX}fleet_read_seconds`,
    help: "How long this scrape's read of the fleet's figures took (0 when a cached read was used, within 2 s)",
    registers: [registry],
    async collect() {
      await shared();
      this.set(fleetSeconds);
    },
  });
  return { registry, http };
}
