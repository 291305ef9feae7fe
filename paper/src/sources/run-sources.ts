/** The sources of a run as the writing stages use them: by id. */
import type { AttachedSource } from '../input.ts';
import { buildRunSources } from './index.ts';
import type { RunSource } from './index.ts';
import type { FoundWork } from './search/types.ts';

export interface RunSources {
  /** The works found by the search (what the finding stage stores). */
  found: FoundWork[];
  list: RunSource[];
  byId: Map<string, RunSource>;
}

export function runSourcesOf(options: { attached: AttachedSource[]; found: FoundWork[]; accessed: string }): RunSources {
  const list = buildRunSources(options.attached, options.found, options.accessed);
  return { found: options.found, list, byId: new Map(list.map((s) => [s.id, s])) };
}
