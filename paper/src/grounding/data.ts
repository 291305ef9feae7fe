/**
 * The grounding data (check.ts) of a paper: its sources as the check knows them (each printed
 * page's text, the printed range), what it may name, and how its citations read — the engine's
 * passage markers («[[p17]]») or the typeset references («[3, с. 47]»). Plain functions over data:
 * the engine, `paper check --sources`, the revisions and the defence kit build it the same way.
 */
import { initialsOf } from '../bibliography/text.ts';
import { PASSAGE_MARKER, markerIds } from '../passages/markers.ts';
import { citedRange, recordPageRange } from '../passages/printed-pages.ts';
import type { Passage } from '../passages/types.ts';
import type { RunSource } from '../sources/types.ts';
import type { Citation, CitedSpan, GroundingSource } from './check.ts';
import { personsInCitation, vocabularyOf, type ListedPerson, type NameContext } from './names.ts';
import { numbersIn } from './numbers.ts';

/** What the check needs to know of a source besides its passages (stored with the run's passages). */
export interface SourceFacts {
  id: string;
  attached: boolean;
  authors: ListedPerson[];
  /** The title (a found work's) or the whole description (a user's file). */
  title: string;
  /** The printed pages: the record's («1501-1507»), or those in the user's citation («С. 45–52»). */
  pages?: string;
}

export function sourceFactsOf(source: RunSource): SourceFacts {
  if (source.origin === 'attached') {
    const citation = source.file?.citation ?? source.label;
    return { id: source.id, attached: true, authors: personsInCitation(citation), title: citation, pages: citedRange(citation) };
  }
  const work = source.work;
  return {
    id: source.id,
    attached: false,
    authors: (work?.authors ?? []).map((a) => ({ family: a.family, initial: initialsOf(a.given).charAt(0) || undefined })),
    title: [work?.title, work?.subtitle].filter(Boolean).join(': '),
    pages: work?.pages,
  };
}

/** The sources with the text of each of their pages. */
export function groundingSources(facts: SourceFacts[], passages: Passage[]): Map<string, GroundingSource> {
  const out = new Map<string, GroundingSource>();
  for (const f of facts) out.set(f.id, { id: f.id, attached: f.attached, range: recordPageRange(f.pages), pages: new Map() });
  for (const p of passages) {
    const source = out.get(p.sourceId);
    if (!source) continue;
    const key = p.page ?? '';
    const before = source.pages.get(key);
    source.pages.set(key, before === undefined ? p.text : `${before}\n${p.text}`);
  }
  return out;
}

/** What a paper may name: the listed works' authors and titles; the words of its own texts and passages. */
export function nameContextOf(facts: SourceFacts[], listed: Set<string>, own: string[]): NameContext {
  const shown = facts.filter((f) => listed.has(f.id));
  return {
    persons: shown.flatMap((f) => f.authors),
    titles: shown.map((f) => f.title),
    vocabulary: vocabularyOf(own),
    texts: own,
  };
}

/** The engine's citations: «[[p17, p18]]», each passage its source's printed page. */
export function markerCitations(passages: Map<string, Passage>): (paragraph: string) => CitedSpan[] {
  return (paragraph) =>
    [...paragraph.matchAll(PASSAGE_MARKER)].map((m) => ({
      index: m.index,
      length: m[0].length,
      cites: markerIds(m[1]).map((id): Citation => {
        const p = passages.get(id);
        return { source: p?.sourceId ?? '', page: p?.page ?? null, ref: id };
      }),
    }));
}

/** The typeset citations: «[3, с. 47]», «[3; 5, с. 12–13]», each number the list's entry. */
export function typesetCitations(sourceOfNumber: (n: number) => string | undefined): (paragraph: string) => CitedSpan[] {
  return (paragraph) =>
    [...paragraph.matchAll(/\[(\d+(?:,\s*с\.\s*[\d–-]+)?(?:;\s*\d+(?:,\s*с\.\s*[\d–-]+)?)*)\]/g)].map((m) => ({
      index: m.index,
      length: m[0].length,
      cites: m[1].split(';').flatMap((part): Citation[] => {
        const [, n, from, to] = /^\s*(\d+)(?:,\s*с\.\s*(\d+)(?:\s*[–-]\s*(\d+))?)?/.exec(part)!;
        const source = sourceOfNumber(Number(n)) ?? '';
        return [{ source, page: from ? (to ? `${from}–${to}` : from) : null, ref: part.trim() }];
      }),
    }));
}

/** Numbers a statement may carry without a source: the topic's and the outline's. */
export function allowedNumbers(texts: string[]): Set<string> {
  const out = new Set<string>();
  for (const t of texts) for (const n of numbersIn(t)) out.add(n);
  return out;
}
