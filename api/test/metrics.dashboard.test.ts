/** The sample Grafana dashboard (docs/grafana-dashboard.json) queries only series that /metrics exports. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import type { FleetSnapshot } from '../src/modules/metrics/fleet.ts';
import { createMetricsRegistry } from '../src/modules/metrics/registry.ts';

const DASHBOARD = join(import.meta.dirname, '../../docs/grafana-dashboard.json');

const EMPTY: FleetSnapshot = {
  jobs: [],
  orders: [],
  payments: [],
  payment_failures: [],
  refunds: [],
  quota: [],
  llm: [],
  stages: [],
  harvests: [],
  library_records: 0,
};

/** Every name a scrape can show: a histogram's or summary's samples by their suffixed names. */
function exportedNames(): Set<string> {
  const { registry } = createMetricsRegistry({ fleet: async () => EMPTY, sockets: () => 0 });
  const names = new Set<string>();
  for (const metric of registry.getMetricsAsArray()) {
    const { name, type } = metric as unknown as { name: string; type: string };
    names.add(name);
    if (type === 'histogram') for (const suffix of ['_bucket', '_sum', '_count']) names.add(name + suffix);
    if (type === 'summary') for (const suffix of ['_sum', '_count']) names.add(name + suffix);
  }
  return names;
}

/** Every `expr` of the dashboard, however deeply its panels nest. */
function exprs(node: unknown): string[] {
  if (Array.isArray(node)) return node.flatMap(exprs);
  if (node && typeof node === 'object')
    return Object.entries(node).flatMap(([key, value]) => (key === 'expr' && typeof value === 'string' ? [value] : exprs(value)));
  return [];
}

it('every metric name in the dashboard is one the registry exports, and every query names one', () => {
  const exported = exportedNames();
  const queries = exprs(JSON.parse(readFileSync(DASHBOARD, 'utf8')));
  expect(queries.length).toBeGreaterThan(10);
  const unknown: string[] = [];
  for (const expr of queries) {
    const names = expr.match(/\bpaper_service_[a-z0-9_]+/g) ?? [];
    expect(names, expr).not.toHaveLength(0);
    unknown.push(...names.filter((n) => !exported.has(n)));
  }
  expect(unknown).toEqual([]);
  // The fleet series, the HTTP histogram and the sockets are all on the dashboard.
  for (const name of ['paper_service_http_request_duration_seconds_bucket', 'paper_service_generation_stage_seconds_bucket'])
    expect(queries.some((q) => q.includes(name))).toBe(true);
});
