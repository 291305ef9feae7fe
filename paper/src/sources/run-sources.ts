/** The sources of a run as the writing stages use them: by id. */
import type { AttachedSource } from '../input/types.ts';
import { buildRunSources } from './index.ts';
import type { RunSources } from './types.ts';
import type { FoundWork } from '../bibliography/types.ts';

export function runSourcesOf(options: { attached: AttachedSource[]; found: FoundWork[]; accessed: string }): RunSources {
  const list = buildRunSources(options.attached, options.found, options.accessed);
  return { found: options.found, list, byId: new Map(list.map((s) => [s.id, s])) };
}

/** The sources with more found works after them (a revision's), accessed on another day; ids continue. */
export function withMoreWorks(sources: RunSources, works: FoundWork[], accessed: string): RunSources {
  const list = [...sources.list, ...buildRunSources([], works, accessed, sources.list.length)];
  return { found: [...sources.found, ...works], list, byId: new Map(list.map((s) => [s.id, s])) };
}

/** The day a work was accessed, as its GOST description prints it: 01.03.2025. */
export function accessDate(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getDate())}.${p(d.getMonth() + 1)}.${d.getFullYear()}`;
}
