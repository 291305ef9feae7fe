/**
 * The internal originality check: which words of the paper stand in a word 5-gram that one of its
 * own sources' passages also has (borrowed from a source), or that an earlier place of the paper
 * already has (repeated). A word of a marked quotation is neither: quotations are left out, and
 * no 5-gram runs across one. Deterministic: the same texts give the same figures.
 */
import { gramsOf, GRAM, readText, type Word } from './words.ts';

export interface OverlapSection {
  /** "introduction", "1.2", "conclusion". */
  key: string;
  /** Paragraphs separated by blank lines. */
  text: string;
}

export interface OverlapPassage {
  sourceId: string;
  text: string;
}

/** A stretch of consecutive overlapping words, in the paper's own wording (citations left out). */
export interface OverlapFragment {
  text: string;
  words: number;
  /** The section it stands in. */
  section: string;
  /** The source it overlaps; null: it repeats an earlier place of the paper. */
  sourceId: string | null;
}

export interface Overlap {
  /** Words of the paper, quotations included. */
  words: number;
  /** Words inside marked quotations. */
  quotedWords: number;
  /** Words overlapping a source's passage. */
  sourceWords: number;
  /** Words repeating an earlier place of the paper (and not a source). */
  selfWords: number;
  /** The longest fragments first. */
  fragments: OverlapFragment[];
}

/** A fragment is shown up to this length. */
const FRAGMENT_CHARS = 300;

interface Run {
  section: string;
  masked: string;
  words: Word[];
}

/** The runs of unquoted words of each paragraph: a 5-gram never crosses a paragraph or a quotation. */
function runsOf(sections: readonly OverlapSection[]): { runs: Run[]; words: number; quotedWords: number } {
  const runs: Run[] = [];
  let words = 0;
  let quotedWords = 0;
  for (const section of sections) {
    for (const paragraph of section.text.split(/\n\s*\n/)) {
      const read = readText(paragraph);
      words += read.words.length;
      let current: Word[] = [];
      for (const w of read.words) {
        if (w.quoted) {
          quotedWords++;
          if (current.length) runs.push({ section: section.key, masked: read.masked, words: current });
          current = [];
        } else {
          current.push(w);
        }
      }
      if (current.length) runs.push({ section: section.key, masked: read.masked, words: current });
    }
  }
  return { runs, words, quotedWords };
}

/** Each 5-gram of the paper that a passage has, with the first source that has it. Only the
 * paper's 5-grams are kept: the passages of whole books would not fit in memory otherwise. */
function sourceGrams(passages: readonly OverlapPassage[], paper: ReadonlySet<string>): Map<string, string> {
  const grams = new Map<string, string>();
  for (const p of passages) {
    for (const paragraph of p.text.split(/\n\s*\n/)) {
      for (const g of gramsOf(readText(paragraph).words.map((w) => w.word))) if (paper.has(g) && !grams.has(g)) grams.set(g, p.sourceId);
    }
  }
  return grams;
}

/** What a word overlaps: a source's id, SELF (an earlier place of the paper), or nothing. */
const SELF = '\u0000self';

function fragmentText(run: Run, from: number, to: number): string {
  const text = run.masked.slice(run.words[from].start, run.words[to].end).replace(/\s+/g, ' ').trim();
  return text.length <= FRAGMENT_CHARS ? text : `${text.slice(0, FRAGMENT_CHARS - 1).trimEnd()}…`;
}

export function measureOverlap(input: {
  sections: readonly OverlapSection[];
  passages: readonly OverlapPassage[];
  /** How many of the longest fragments to keep. */
  fragments?: number;
}): Overlap {
  const { runs, words, quotedWords } = runsOf(input.sections);
  const gramsOfRuns = runs.map((run) => gramsOf(run.words.map((w) => w.word)));
  const fromSources = sourceGrams(input.passages, new Set(gramsOfRuns.flat()));
  const seen = new Set<string>();
  let sourceWords = 0;
  let selfWords = 0;
  const fragments: (OverlapFragment & { order: number })[] = [];
  let order = 0;
  runs.forEach((run, r) => {
    const marks: (string | null)[] = run.words.map(() => null);
    gramsOfRuns[r].forEach((g, i) => {
      const source = fromSources.get(g);
      const mark = source ?? (seen.has(g) ? SELF : null);
      seen.add(g);
      if (mark === null) return;
      // A source beats a repetition; the first source that covers a word keeps it.
      for (let k = i; k < i + GRAM; k++) if (marks[k] === null || (marks[k] === SELF && mark !== SELF)) marks[k] = mark;
    });
    let from = -1;
    for (let k = 0; k <= marks.length; k++) {
      const mark = k < marks.length ? marks[k] : null;
      if (mark === SELF) selfWords++;
      else if (mark !== null) sourceWords++;
      if (from !== -1 && mark !== marks[from]) {
        fragments.push({
          text: fragmentText(run, from, k - 1),
          words: k - from,
          section: run.section,
          sourceId: marks[from] === SELF ? null : marks[from],
          order: order++,
        });
        from = -1;
      }
      if (from === -1 && mark !== null) from = k;
    }
  });
  fragments.sort((a, b) => b.words - a.words || a.order - b.order);
  return {
    words,
    quotedWords,
    sourceWords,
    selfWords,
    fragments: fragments.slice(0, input.fragments ?? 5).map(({ order: _, ...f }) => f),
  };
}
