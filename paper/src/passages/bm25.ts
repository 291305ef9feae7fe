/**
 * Full-text search over the passages of one paper: Okapi BM25 over the Russian word stems of
 * sources/relevance.ts, in memory. Not PostgreSQL: the engine has no database (it runs in the
 * CLI and in tests as well as in the worker), the passages live for one run only (a few thousand
 * at most, indexed in milliseconds), and PostgreSQL's ts_rank is not BM25 and would need the api
 * to load every run's passages into a table and query it from inside the engine.
 */
import { terms } from '../sources/relevance.ts';
import type { Passage } from './types.ts';

/** The usual BM25 constants: term frequency saturation and length normalisation. */
const K1 = 1.2;
const B = 0.75;

export interface SearchOptions {
  /** At most so many passages of one source. */
  perSource?: number;
  /** Multiplies a passage's score (a preference the ranking alone does not know). */
  weight?: (passage: Passage) => number;
  /** Only these passages. */
  only?: (passage: Passage) => boolean;
}

export interface Scored {
  passage: Passage;
  score: number;
}

export interface PassageSearch {
  /**
   * The best passages for a query, best first; passages sharing no term are not returned.
   */
  search(query: string, limit: number, options?: SearchOptions): Scored[];
}

export function createPassageSearch(passages: Passage[]): PassageSearch {
  const docs = passages.map((p) => {
    const tf = new Map<string, number>();
    const list = terms(p.text);
    for (const t of list) tf.set(t, (tf.get(t) ?? 0) + 1);
    return { passage: p, tf, length: list.length };
  });
  const df = new Map<string, number>();
  for (const d of docs) for (const t of d.tf.keys()) df.set(t, (df.get(t) ?? 0) + 1);
  const n = docs.length;
  const avgLength = docs.reduce((s, d) => s + d.length, 0) / Math.max(1, n);
  const idf = (t: string) => {
    const f = df.get(t) ?? 0;
    return Math.log(1 + (n - f + 0.5) / (f + 0.5));
  };
  return {
    search(query, limit, options = {}) {
      const q = [...new Set(terms(query))];
      const scored = docs
        .filter((d) => !options.only || options.only(d.passage))
        .map((d, order) => {
          let score = 0;
          for (const t of q) {
            const f = d.tf.get(t);
            if (!f) continue;
            score += (idf(t) * f * (K1 + 1)) / (f + K1 * (1 - B + (B * d.length) / avgLength));
          }
          return { d, score: score * (options.weight?.(d.passage) ?? 1), order };
        })
        .filter((x) => x.score > 0)
        .sort((a, b) => b.score - a.score || a.order - b.order);
      const perSource = new Map<string, number>();
      const out: Scored[] = [];
      for (const { d, score } of scored) {
        if (out.length >= limit) break;
        const used = perSource.get(d.passage.sourceId) ?? 0;
        if (options.perSource !== undefined && used >= options.perSource) continue;
        perSource.set(d.passage.sourceId, used + 1);
        out.push({ passage: d.passage, score });
      }
      return out;
    },
  };
}
