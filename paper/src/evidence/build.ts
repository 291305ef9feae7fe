/**
 * «Отчёт об источниках» built from the run's own data, never from a model call: every citation the
 * typesetter printed (typeset/assemble.ts records them in order), each with its sentence, the work
 * and the page it cites, the passage of that page quoted (at most EVIDENCE_QUOTE_CHARS, verbatim
 * as the engine read it) and what the checks found in it: the statement's figures, its key terms
 * (through the topic's glossary on a foreign page), whether the work's full text was read.
 */
import { EVIDENCE_QUOTE_CHARS, type EvidenceEntry, type EvidenceReport, type EvidenceWork } from '@app/contract';
import type { PaperBibliography, Cite } from '../bibliography/types.ts';
import { pageText, type GroundingSource } from '../grounding/check.ts';
import { normalNumber, numbersIn, ungroundedNumbers } from '../grounding/numbers.ts';
import { supportOf } from '../grounding/support.ts';
import type { ReadAs, Passage } from '../passages/types.ts';
import type { GlossaryEntry } from '../writer/types.ts';
import type { RunSource } from '../sources/types.ts';
import { workLanguage } from '../sources/relevance.ts';
import { sentencesOf } from '../text/sentences.ts';
import { stemOf, wordsIn } from '../text/stems.ts';
import { typographRu } from '../text/typography.ts';
import type { PaperCitation } from '../typeset/types.ts';

/** Source markers as the assembled texts carry them («[[S3, с. 47]]»). */
const SOURCE_MARKER = /\s*\[\[\s*S\d+[^\]]*\]\]/g;

export interface EvidenceInput {
  title: string;
  citations: PaperCitation[];
  bibliography: PaperBibliography;
  sources: RunSource[];
  /** The sources as the grounding knows them: each printed page's text. */
  grounded: Map<string, GroundingSource>;
  passages: Passage[];
  readAs: Record<string, ReadAs>;
  glossary: readonly GlossaryEntry[];
  /** Numbers a statement may give without a source (the outline's), and the paper's numbering. */
  allowed: Set<string>;
  numbering: Set<string>;
  /** "1.2" -> «1.2 Название подраздела». */
  sectionTitle: (key: string) => string;
  /** The printed page of the paper a sentence starts on, or null. */
  paperPageOf: (sentence: string) => number | null;
  counts: { repaired: number; rewritten: number; removed: number };
}

/** The sentence of a paragraph that holds the offset `at`. */
function sentenceAt(paragraph: string, at: number): string {
  let from = 0;
  for (const sentence of sentencesOf(paragraph)) {
    const start = paragraph.indexOf(sentence, from);
    const end = start + sentence.length;
    if (at >= start && at < end + 1) return sentence;
    from = end;
  }
  return paragraph;
}

/**
 * At most `max` characters of the page that best back the statement: its figures first, then its
 * key terms; whole sentences of one of the page's passages where they fit, a window of one long
 * sentence where they do not. Always a substring of the passage.
 */
export function quoteOf(
  passages: string[],
  claim: string,
  figures: string[],
  glossary: readonly GlossaryEntry[],
  max = EVIDENCE_QUOTE_CHARS,
): string {
  const score = (text: string) => {
    const held = numbersIn(text);
    return figures.filter((f) => held.has(f)).length * 10 + supportOf(claim, [text], glossary).found.length;
  };
  const best = passages.reduce((a, b) => (score(b) > score(a) ? b : a), passages[0] ?? '');
  if (best.length <= max) return best;
  const sentences = sentencesOf(best);
  const at = sentences.reduce((a, s, i) => (score(s) > score(sentences[a]) ? i : a), 0);
  const starts: number[] = [];
  for (const [i, s] of sentences.entries()) starts.push(best.indexOf(s, i ? starts[i - 1] + sentences[i - 1].length : 0));
  const span = (from: number, to: number) => best.slice(starts[from], starts[to] + sentences[to].length);
  let [from, to] = [at, at];
  for (let grew = true; grew;) {
    grew = false;
    if (to + 1 < sentences.length && span(from, to + 1).length <= max) [to, grew] = [to + 1, true];
    if (from > 0 && span(from - 1, to).length <= max) [from, grew] = [from - 1, true];
  }
  const quote = span(from, to);
  if (quote.length <= max) return quote;
  // One sentence longer than the limit: the window around its first figure or term, at word boundaries.
  const anchor = Math.max(
    0,
    ...figures
      .map((f) => quote.indexOf(f.replace('.', ',')))
      .filter((i) => i >= 0)
      .slice(0, 1),
  );
  const begin = Math.max(0, Math.min(anchor - max / 2, quote.length - max));
  const cut = quote.slice(begin, begin + max);
  return cut.replace(/^\S*\s/, '').replace(/\s\S*$/, '');
}

/** The words of the claim whose stems were found: what a reader recognises, not a stem. */
function termWords(claim: string, found: { term: string; via?: string }[]): EvidenceEntry['keyTerms'] {
  const words = wordsIn(claim);
  return found.map((f) => ({ term: words.find((w) => stemOf(w) === f.term) ?? f.term, via: f.via ?? null }));
}

export function buildEvidence(o: EvidenceInput): EvidenceReport {
  const byId = new Map(o.sources.map((s) => [s.id, s]));
  const reference = new Map(o.bibliography.references.map((r) => [r.number, r]));
  const entries: EvidenceEntry[] = [];
  let footnotes = 0;
  for (const c of o.citations) {
    const sentence = sentenceAt(c.paragraph, c.at);
    const plain = typographRu(
      sentence
        .replace(SOURCE_MARKER, '')
        .replace(/\s+([.,;:!?])/g, '$1')
        .trim(),
    );
    const paperPage = o.paperPageOf(plain);
    const listed = c.cites.filter((cite: Cite) => cite.id in o.bibliography.numberOf);
    listed.forEach((cite, i) => {
      const printed = c.printed[c.printed.length === listed.length ? i : 0];
      const isFootnote = printed.kind === 'footnote';
      if (isFootnote) footnotes++;
      const source = byId.get(cite.id);
      const number = o.bibliography.numberOf[cite.id];
      const page = cite.pages ?? null;
      const onPage = o.passages.filter((p) => p.sourceId === cite.id && (page === null ? p.page === null : pageHolds(page, p.page)));
      const pageTexts = onPage.length ? onPage.map((p) => p.text) : [pageText({ sources: o.grounded }, { source: cite.id, page }) ?? ''];
      const figures = [...new Set(ungroundedNumbers(plain, o.allowed, o.numbering).map(normalNumber))];
      const quote = quoteOf(pageTexts, plain, figures, o.glossary);
      const held = numbersIn(quote);
      const support = supportOf(plain, [quote], o.glossary);
      const ref = reference.get(number);
      entries.push({
        n: entries.length + 1,
        section: c.part,
        sectionTitle: o.sectionTitle(c.part),
        paperPage,
        sentence: plain,
        reference: printed.text,
        footnote: isFootnote ? footnotes : null,
        work: number,
        title: source?.work?.title ?? source?.file?.citation ?? source?.label ?? '',
        doi: source?.work?.doi ?? null,
        url: ref?.url ?? null,
        page,
        quote,
        figures: figures.map((value) => ({ value, found: held.has(value) })),
        keyTerms: termWords(plain, support.found),
        keyTermsTotal: support.terms,
        readAs: o.readAs[cite.id] === 'abstract' ? 'abstract' : 'full_text',
      });
    });
  }
  const works: EvidenceWork[] = o.bibliography.entries
    .filter((e, i, all) => all.findIndex((x) => x.sourceId === e.sourceId) === i)
    .map((e) => {
      const source = byId.get(e.sourceId);
      const ref = reference.get(e.number);
      return {
        number: e.number,
        entry: e.text,
        title: source?.work?.title ?? source?.file?.citation ?? source?.label ?? '',
        doi: source?.work?.doi ?? null,
        url: ref?.url ?? null,
        verifiedBy: ref?.verifiedBy ?? 'user_file',
        year: source?.work?.year ?? null,
        language: source?.work ? workLanguage(source.work) : null,
        fullText: o.readAs[e.sourceId] !== 'abstract',
        citedIn: entries.filter((x) => x.work === e.number).map((x) => ({ section: x.section, paperPage: x.paperPage })),
      };
    });
  return {
    title: o.title,
    entries,
    works,
    summary: {
      citations: entries.length,
      works: works.length,
      fullTexts: works.filter((w) => w.fullText).length,
      ...o.counts,
    },
  };
}

/** Whether a passage's printed page is among the cited ones («47», «47–48»). */
function pageHolds(cited: string, page: string | null): boolean {
  if (page === null) return false;
  const m = /^(\d+)[–-](\d+)$/.exec(cited);
  if (!m) return cited === page;
  const n = Number(page);
  return n >= Number(m[1]) && n <= Number(m[2]);
}
