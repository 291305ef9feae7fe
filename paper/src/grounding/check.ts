/**
 * The grounding of a paper's texts, as data: what its sentences say against the pages they cite
 * and the list of sources. One check for the engine (which corrects what it reports, correct.ts),
 * `paper check --sources` (the delivered .docx against the run's passages) and the revisions and
 * the defence kit that follow. It reports:
 *  - name: a person or a work the text names that no listed work accounts for (names.ts);
 *  - reference-list: a model's own list of literature, or what is left of one;
 *  - page: a cited page outside the work's printed range;
 *  - figure: a cited page that does not hold a figure its statement gives;
 *  - support: a cited page that does not hold the statement's key terms (support.ts);
 *  - repeat: a paragraph that repeats an earlier one, verbatim or nearly (paragraphs.ts);
 *  - uncited: a listed work no reference points to (ГОСТ 7.32-2017, 6.9).
 * A citation is found in the text by `citationsIn` (the engine's [[p17]] markers or the typeset
 * «[3, с. 47]»), so the check works on either form.
 */
import { sentencesOf } from '../text/sentences.ts';
import { isTable } from '../text/tables.ts';
import { isReferenceRemnant } from '../text/clean.ts';
import { figuresNotOn, normalNumber, ungroundedNumbers } from './numbers.ts';
import { unaccountedNames, type NameContext } from './names.ts';
import { repeatedParagraphs } from './paragraphs.ts';
import { MIN_SHARED_TERMS, sharedTerms } from './support.ts';
import type { GlossaryEntry } from '../writer/types.ts';

/** A cited place: the source and its printed page (null: the work as a whole, its abstract). */
export interface Citation {
  source: string;
  page: string | null;
  /** What the text cites it by: a passage id ("p17") or the typeset reference ("3, с. 47"). */
  ref: string;
}

/** A citation's place in a paragraph: the marker («[[p17, p18]]», «[3, с. 47; 5]») and what it cites. */
export interface CitedSpan {
  index: number;
  length: number;
  cites: Citation[];
}

/** A source as the check knows it. */
export interface GroundingSource {
  id: string;
  /** The user's own file: always listed, always cited. */
  attached: boolean;
  /** The printed pages of the work (the record's «С. 1501–1507»), when known. */
  range: { first: number; last: number | null } | null;
  /** Page ("" for the abstract or an unpaged text) -> the text on it. */
  pages: Map<string, string>;
}

export interface GroundingPart {
  /** "introduction", "1.2", "conclusion". */
  key: string;
  paragraphs: string[];
}

export interface GroundingData {
  /** The texts in the document's order. */
  parts: GroundingPart[];
  sources: Map<string, GroundingSource>;
  /** The sources the list holds. */
  listed: Set<string>;
  citationsIn: (paragraph: string) => CitedSpan[];
  /** What the paper may name (names.ts): the listed works' authors and titles, its own words. */
  names: NameContext;
  /** Numbers that are no figure of a statement: the topic's and the outline's; chapter and subsection numbers. */
  allowed: Set<string>;
  numbering: Set<string>;
  /** Look for repeated paragraphs (not in the offline writer's texts, which repeat its bank by design). */
  repeats: boolean;
  /** The topic's glossary: a statement on a foreign page is matched through it (support.ts). */
  glossary?: readonly GlossaryEntry[];
}

export type GroundingKind = 'name' | 'reference-list' | 'page' | 'figure' | 'support' | 'repeat' | 'uncited';

export interface GroundingFinding {
  kind: GroundingKind;
  /** In Russian, for the report. */
  message: string;
  /** Where: the part, and the paragraph and sentence in it (absent for an uncited work). */
  part?: number;
  paragraph?: number;
  sentence?: number;
  /** The citation at fault (page, figure, support). */
  citation?: Citation;
  /** The source at fault (uncited). */
  source?: string;
  /** The person or work named (name): «Смирнягина А. В.», «(Haverford, Lindqvist, 2020)». */
  named?: string;
  /** A short quote of the place. */
  where: string;
}

const clip = (s: string) => {
  const c = s.replace(/[\s\u00A0]+/g, ' ').trim();
  return c.length > 90 ? `${c.slice(0, 89)}…` : c;
};

/** A cited page or pages: «47», «47–48». */
const pagesOf = (page: string) => {
  const m = /^(\d+)[–-](\d+)$/.exec(page);
  if (!m) return [page];
  const [from, to] = [Number(m[1]), Number(m[2])];
  return to >= from && to - from < 50 ? Array.from({ length: to - from + 1 }, (_, k) => String(from + k)) : [page];
};

/** The text of a cited page (or pages); undefined when the source or a page is unknown. */
export function pageText(data: Pick<GroundingData, 'sources'>, c: Pick<Citation, 'source' | 'page'>): string | undefined {
  const source = data.sources.get(c.source);
  if (!source) return undefined;
  const texts = (c.page === null ? [''] : pagesOf(c.page)).map((p) => source.pages.get(p));
  return texts.every((t) => t !== undefined) ? texts.join('\n') : undefined;
}

/** Whether a cited page lies in the work's printed range (a work without a known range: any page it has). */
export function pageInRange(source: GroundingSource, page: string | null): boolean {
  if (page === null || !source.range) return true;
  const { first, last } = source.range;
  return pagesOf(page).every((p) => !/^\d+$/.test(p) || (Number(p) >= first && (last === null || Number(p) <= last)));
}

const tidy = (text: string) =>
  text
    .replace(/\s+([.,;:!?])/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * A sentence's text without its citations, and each citation with what it answers for: the clause
 * before it (since the citation before; adjacent citations share one) and the figures in it;
 * the last citation answers for the text after it too («по данным [[p3]], доля составила 24 %»).
 */
export function citedFigures(
  sentence: string,
  spans: CitedSpan[],
  figuresOf: (text: string) => string[],
): { claim: string; groups: { cites: Citation[]; claim: string; figures: string[] }[] } {
  let claim = '';
  let from = 0;
  const groups: { cites: Citation[]; clause: string }[] = [];
  for (const span of spans) {
    const before = sentence.slice(from, span.index);
    claim += before;
    const previous = groups[groups.length - 1];
    if (previous && !/[\p{L}\p{N}]/u.test(before)) groups.push({ cites: span.cites, clause: previous.clause });
    else groups.push({ cites: span.cites, clause: before });
    from = span.index + span.length;
  }
  const after = sentence.slice(from);
  claim += after;
  const last = groups[groups.length - 1]?.clause;
  const out = groups.map((g) => {
    const clause = g.clause === last ? `${g.clause} ${after}` : g.clause;
    return { cites: g.cites, claim: tidy(clause), figures: figuresOf(clause) };
  });
  return { claim: tidy(claim), groups: out };
}

/** The sentences of a paragraph (a table is one unit, checked by its rows' numbers elsewhere). */
export function sentencesIn(paragraph: string): string[] {
  return isTable(paragraph) ? [paragraph] : sentencesOf(paragraph);
}

/** Everything the grounding finds wrong with the texts. */
export function checkGrounding(data: GroundingData): GroundingFinding[] {
  const out: GroundingFinding[] = [];
  const cited = new Set<string>();
  const figuresOf = (text: string) => [...new Set(ungroundedNumbers(text, data.allowed, data.numbering).map(normalNumber))];
  data.parts.forEach((part, pi) => {
    part.paragraphs.forEach((paragraph, gi) => {
      for (const span of data.citationsIn(paragraph)) for (const c of span.cites) cited.add(c.source);
      if (isTable(paragraph)) return;
      if (isReferenceRemnant(paragraph)) {
        out.push({ kind: 'reference-list', message: 'Список литературы модели в тексте', part: pi, paragraph: gi, where: clip(paragraph) });
        return;
      }
      sentencesOf(paragraph).forEach((sentence, si) => {
        const at = { part: pi, paragraph: gi, sentence: si };
        const spans = data.citationsIn(sentence);
        const { claim, groups } = citedFigures(sentence, spans, figuresOf);
        const texts = groups.flatMap((g) => g.cites.map((c) => pageText(data, c) ?? ''));
        for (const named of unaccountedNames(sentence, data.names, texts))
          out.push({
            kind: 'name',
            message: `${named.kind === 'person' ? 'Упомянут автор' : 'Упомянута работа'} не из списка источников: ${named.text}`,
            ...at,
            named: named.text,
            where: clip(sentence),
          });
        for (const { cites, figures, claim: clause } of groups)
          for (const c of cites) {
            const source = data.sources.get(c.source);
            const text = pageText(data, c);
            const where = `${clip(claim)} [${c.ref}]`;
            if (!source || text === undefined || !pageInRange(source, c.page)) {
              out.push({
                kind: 'page',
                message: `Ссылка на страницу, которой нет в источнике: с. ${c.page ?? '—'}`,
                ...at,
                citation: c,
                where,
              });
              continue;
            }
            const missing = figuresNotOn(figures, [text]);
            if (missing.length) {
              out.push({
                kind: 'figure',
                message: `На указанной странице источника нет ${missing.length > 1 ? 'чисел' : 'числа'} ${missing.join(', ')}`,
                ...at,
                citation: c,
                where,
              });
              continue;
            }
            if (sharedTerms(clause, [text], data.glossary) < MIN_SHARED_TERMS)
              out.push({ kind: 'support', message: 'Указанная страница источника не подтверждает утверждение', ...at, citation: c, where });
          }
      });
    });
  });
  for (const r of data.repeats ? repeatedParagraphs(data.parts.map((p) => p.paragraphs)) : [])
    out.push({
      kind: 'repeat',
      message: `Абзац повторяет абзац раздела «${data.parts[r.of.part].key}»`,
      part: r.part,
      paragraph: r.paragraph,
      where: clip(data.parts[r.part].paragraphs[r.paragraph]),
    });
  for (const id of data.listed)
    if (!cited.has(id)) out.push({ kind: 'uncited', message: 'На источник из списка нет ссылки в тексте', source: id, where: id });
  return out;
}
