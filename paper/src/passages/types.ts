/** What the reading stage hands to the writing stages and the result: the sources read as passages. */
import type { RunSources } from '../sources/types.ts';
import type { PassageBrief } from '../writer/types.ts';
import type { PageNumbering } from './printed-pages.ts';
import type { Passage } from './split.ts';

/** How a source was read: its full text with pages numbered so, a text without pages, or the abstract only. */
export type ReadAs = PageNumbering | 'text' | 'abstract';

export interface PaperPassages {
  list: Passage[];
  byId: Map<string, Passage>;
  /** Source id -> how it was read. */
  readAs: Record<string, ReadAs>;
  /** Subsection ("1.2") -> the ids of the passages it is written from. */
  assigned: Record<string, string[]>;
}

/** A passage is shown to the writer up to this length. */
const BRIEF_CHARS = 900;

/** A passage as the writer is shown it. */
export function passageBrief(p: Passage, sources: RunSources): PassageBrief {
  return { id: p.id, source: sources.byId.get(p.sourceId)?.label ?? p.sourceId, page: p.page, text: p.text.slice(0, BRIEF_CHARS) };
}

/** The passages a subsection ("1.2") is written from, as the writer is shown them. */
export function passageBriefs(passages: PaperPassages, sources: RunSources): (number: string) => PassageBrief[] {
  return (number) => (passages.assigned[number] ?? []).map((id) => passageBrief(passages.byId.get(id)!, sources));
}
