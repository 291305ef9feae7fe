/** What the passages stage hands to the writing stages and the result (apart from the stages
 * themselves, which import the run's state). */
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
  /** The passages a subsection ("1.2") is written from. */
  briefsFor: (number: string) => PassageBrief[];
}

export interface ClaimCounts {
  /** Cited sentences checked. */
  checked: number;
  /** Rewritten without the citation. */
  rewritten: number;
  /** Removed with their sentence. */
  removed: number;
}

export const noClaims = (): ClaimCounts => ({ checked: 0, rewritten: 0, removed: 0 });
export const addClaims = (a: ClaimCounts, b: ClaimCounts): ClaimCounts => ({
  checked: a.checked + b.checked,
  rewritten: a.rewritten + b.rewritten,
  removed: a.removed + b.removed,
});
