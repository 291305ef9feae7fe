/** The passages as a writer is shown them. */
import type { RunSources } from '../sources/types.ts';
import type { PassageBrief } from '../writer/types.ts';
import type { PaperPassages, Passage } from './types.ts';

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
