/** The sources of a run as the writing stages use them: by id, and the briefs each subsection may cite. */
import { MARKER } from '../bibliography/refs.ts';
import type { AttachedSource } from '../input.ts';
import type { OutlineWithoutIntroduction } from '../outline/types.ts';
import type { SourceBrief } from '../writer/types.ts';
import { assignSources, briefsFor, buildRunSources } from './index.ts';
import type { RunSource } from './index.ts';
import type { FoundWork } from './search/types.ts';

export interface RunSources {
  /** The works found by the search (what the sources stage stores). */
  found: FoundWork[];
  list: RunSource[];
  byId: Map<string, RunSource>;
  /** The sources a subsection ("1.2") may cite. */
  briefsFor: (number: string) => SourceBrief[];
}

export function runSourcesOf(options: { attached: AttachedSource[]; found: FoundWork[]; accessed: string; outline: OutlineWithoutIntroduction }): RunSources {
  const { outline } = options;
  const list = buildRunSources(options.attached, options.found, options.accessed);
  const assignment = assignSources(list, outline.chapters, outline.keywords);
  return {
    found: options.found,
    list,
    byId: new Map(list.map((s) => [s.id, s])),
    briefsFor: (number) => {
      const [ci, si] = number.split('.').map(Number);
      return briefsFor(list, assignment.get(number) ?? [], `${outline.chapters[ci - 1].title} ${outline.chapters[ci - 1].subsections[si - 1]}`);
    },
  };
}

/** Drops pages a source cannot have: found works have no pages to cite, a file no more than it has. */
export function checkPages(paragraphs: string[], sources: Map<string, RunSource>): string[] {
  return paragraphs.map((p) =>
    p.replace(MARKER, (m, id: string, pages?: string) => {
      const s = sources.get(id);
      if (!s) return '';
      if (!pages) return m;
      const first = Number(/\d+/.exec(pages)?.[0] ?? 0);
      if (!s.pages || first < 1 || first > s.pages.length) return `[[${id}]]`;
      return m;
    }),
  );
}

/** checkPages over every subsection. */
export function checkAllPages(subsections: Map<string, string[]>, sources: Map<string, RunSource>): Map<string, string[]> {
  return new Map([...subsections].map(([n, p]) => [n, checkPages(p, sources)]));
}
