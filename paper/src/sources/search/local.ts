/**
 * A search over a fixed list of works (a local catalogue): for tests, the CLI and installations
 * without network. It ranks by the words of the query found in title and abstract.
 */
import type { BibliographicSearch } from './types.ts';
import type { FoundWork } from '../../bibliography/types.ts';
import { stems } from '../relevance.ts';

export function createLocalSearch(works: FoundWork[]): BibliographicSearch {
  return {
    name: 'local',
    offline: true,
    async search(q) {
      const want = stems(q.query);
      return works
        .filter((w) => w.year >= q.minYear)
        .map((w) => {
          const have = stems(`${w.title} ${w.abstract ?? ''}`);
          let score = 0;
          for (const s of want) if (have.has(s)) score++;
          return { w, score };
        })
        .filter((x) => x.score > 0)
        .sort((a, b) => b.score - a.score)
        .slice(0, q.limit)
        .map((x) => x.w);
    },
  };
}
