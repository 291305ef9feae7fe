/**
 * The grounding of a delivered .docx (grounding/check.ts) against the passages of the run that
 * wrote it: `paper check file.docx --sources run-dir`. The document is read as the normocontrol
 * reads it; its parts are the texts under ВВЕДЕНИЕ, each subsection and ЗАКЛЮЧЕНИЕ; its citations
 * are the in-text references «[3, с. 47]» or the footnotes (a full or short reference by the
 * entry's heading and title, «Там же» for the one before), each entry of the list matched to the
 * source it describes.
 */
import { PaperError } from '../errors.ts';
import { checkGrounding, type Citation, type CitedSpan, type GroundingFinding } from '../grounding/check.ts';
import { groundingSources, nameContextOf, typesetCitations, type SourceFacts } from '../grounding/data.ts';
import { numbersIn } from '../grounding/numbers.ts';
import type { Passage } from '../passages/types.ts';
import type { GlossaryEntry } from '../writer/types.ts';
import { analyse, clean, STRUCTURAL } from './document.ts';
import { readDocx, type ReadParagraph } from '../docx/read.ts';

/** Letters and digits, lower case: how an entry, a title and a footnote are compared. */
const plain = (s: string) =>
  clean(s)
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** The source an entry of the list describes: the one whose title (or citation) it holds, the longest such. */
function sourceOfEntry(entry: string, facts: SourceFacts[]): string | undefined {
  const text = plain(entry);
  let best: { id: string; length: number } | undefined;
  for (const f of facts) {
    const title = plain(f.attached ? f.title.split(/\s\/\s|\.\s[–—-]\s/)[0] : f.title).slice(0, 120);
    if (title.length >= 8 && text.includes(title) && (!best || title.length > best.length)) best = { id: f.id, length: title.length };
  }
  return best?.id;
}

/** A footnote mark in the body's text, where the footnote's reference stood. */
const NOTE = (k: number) => `\u2063${k}\u2063`;
const NOTE_MARK = /\u2063(\d+)\u2063/g;

/** A paragraph's text with its footnote marks, counted through the document. */
function withNotes(p: ReadParagraph, next: () => number): string {
  return p.runs.map((r) => (r.footnoteRef ? NOTE(next()) : r.text)).join('');
}

export async function checkDocxGrounding(
  bytes: Uint8Array,
  run: { passages: Passage[]; sources: SourceFacts[]; glossary?: readonly GlossaryEntry[] },
): Promise<GroundingFinding[]> {
  const doc = await readDocx(bytes).catch((error: unknown) => {
    throw new PaperError('invalid_input', `Не удалось прочитать .docx: ${(error as Error).message}`, { cause: error });
  });
  const d = await analyse(doc, undefined);
  const byEntry = new Map(d.bibliography.map((e) => [e.n, sourceOfEntry(e.text, run.sources)]));
  const heads = d.bibliography.map((e) => ({ head: plain(e.text).slice(0, 40), source: byEntry.get(e.n) }));
  // Footnotes: each one's source and page («С. 47»); «Там же» is the source of the one before.
  let previous: string | undefined;
  const notes = doc.footnotes.map((paragraphs): Citation | null => {
    const text = clean(paragraphs.map((p) => p.text).join(' '));
    const page = /С\.\s*(\d+(?:[–-]\d+)?)\.?\s*$/.exec(text)?.[1] ?? null;
    const source = /^Там же/.test(text) ? previous : heads.find((h) => h.head && plain(text).startsWith(h.head))?.source;
    previous = source;
    return source ? { source, page, ref: text.slice(0, 40) } : null;
  });
  const inText = typesetCitations((n) => byEntry.get(n));
  const citationsIn = (paragraph: string): CitedSpan[] => [
    ...inText(paragraph),
    ...[...paragraph.matchAll(NOTE_MARK)].map((m) => {
      const note = notes[Number(m[1])];
      return {
        index: m.index,
        length: m[0].length,
        cites: note ? [note] : [{ source: '', page: null, ref: `сноска ${Number(m[1]) + 1}` }],
      };
    }),
  ];
  // The parts: the texts under ВВЕДЕНИЕ, each subsection heading («1.2 …») and ЗАКЛЮЧЕНИЕ.
  const parts: { key: string; paragraphs: string[] }[] = [];
  let note = 0;
  const body = new Set(d.bodyParas.map((p) => p.index));
  let current: { key: string; paragraphs: string[] } | null = null;
  for (const p of d.paras) {
    const text = clean(p.text);
    const heading = d.headings.find((h) => h.p === p);
    if (heading) {
      const sub = /^(\d+\.\d+)\s/.exec(text)?.[1];
      const key = text === STRUCTURAL.introduction ? 'introduction' : text === STRUCTURAL.conclusion ? 'conclusion' : sub;
      current = key ? { key, paragraphs: [] } : heading.kind === 'chapter' ? current : null;
      if (key) parts.push(current!);
      continue;
    }
    const marked = withNotes(p, () => note++);
    if (current && body.has(p.index)) current.paragraphs.push(marked);
  }
  const listed = new Set([...byEntry.values()].filter((x): x is string => x !== undefined));
  const headingsText = d.headings.map((h) => h.text);
  const front = d.frontParas.map((p) => clean(p.text));
  const own = [...headingsText, ...front, ...run.passages.map((p) => p.text)];
  const allowed = new Set<string>();
  for (const t of [...headingsText, ...front]) for (const n of numbersIn(t)) allowed.add(n);
  const numbering = new Set(headingsText.flatMap((t) => /^(\d+(?:\.\d+)?)\s/.exec(t)?.[1] ?? []));
  const findings = checkGrounding({
    parts,
    sources: groundingSources(run.sources, run.passages),
    listed,
    citationsIn,
    names: nameContextOf(run.sources, listed, own),
    allowed,
    numbering,
    // The offline writer repeats its bank by design (its papers say so): as the engine, no repeats are looked for there.
    repeats: doc.customProps.get('PaperWriter') !== 'offline',
    glossary: run.glossary,
  });
  // An entry matched to none of the run's sources is a work the run never read: named, not accounted for.
  const unknown = d.bibliography
    .filter((e) => byEntry.get(e.n) === undefined)
    .map((e): GroundingFinding => ({
      kind: 'name',
      message: `Источник ${e.n} списка не найден среди источников работы`,
      where: clean(e.text).slice(0, 90),
    }));
  const numberOf = new Map([...byEntry].map(([n, id]) => [id, n]));
  return [
    ...findings.map((f) =>
      f.kind === 'uncited' && f.source ? { ...f, message: `На источник ${numberOf.get(f.source)} списка нет ссылки в тексте` } : f,
    ),
    ...unknown,
  ];
}
