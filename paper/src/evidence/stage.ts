/**
 * The evidence stage, once a version is laid out and has passed its normocontrol: «Отчёт об
 * источниках» (build.ts) as data, as a .docx (docx.ts) and as a PDF (LibreOffice, the run's
 * converter), each citation placed on the printed page of the paper where its sentence starts.
 */
import { extractText } from 'unpdf';
import { briefOf } from '../outline/brief.ts';
import { paperGrounding } from '../grounding/paper.ts';
import { guardsRepeats } from '../run/check-texts.ts';
import type { PaperRun, PaperState, Stage } from '../run/state.ts';
import { need } from '../run/state.ts';
import { buildEvidence } from './build.ts';
import { evidenceDocx } from './docx.ts';

/** Letters and digits only: a sentence is found in the PDF's text whatever its lines and hyphens. */
const squeezed = (text: string) =>
  text
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/[^\p{L}\p{N}]+/gu, '');
/** This much of a sentence's opening finds it. */
const KEY_CHARS = 60;

/** The printed page a sentence starts on: the first page at or after the last one found that holds its opening. */
async function pageFinder(pdf: Buffer): Promise<(sentence: string) => number | null> {
  const { text } = await extractText(new Uint8Array(pdf), { mergePages: false });
  const pages = text.map(squeezed);
  let from = 0;
  return (sentence) => {
    const key = squeezed(sentence).slice(0, KEY_CHARS);
    if (!key) return null;
    for (const start of [from, 0]) {
      const at = pages.findIndex((page, i) => i >= start && page.includes(key));
      if (at >= 0) {
        from = at;
        // The title page is counted: the PDF's page index is the printed page number.
        return at + 1;
      }
    }
    return null;
  };
}

export async function makeEvidence(run: PaperRun, state: PaperState): Promise<PaperState> {
  const laid = need(state.laid, 'the laid-out paper');
  const final = need(state.final, 'the assembly');
  const outline = need(state.outline, 'the outline');
  const sources = need(state.sources, 'the sources');
  const passages = need(state.passages, 'the passages');
  const written = need(state.written, 'the texts');
  const glossary = state.plan?.glossary ?? [];
  const grounding = paperGrounding({ written, passages, sources, outline: briefOf(outline), glossary, repeats: guardsRepeats(run) });
  const data = grounding.dataOf(grounding.parts);
  const titles = new Map(final.sectionTexts.map((s) => [s.key, s.heading]));
  const { claims, grounding: corrections } = state;
  const report = buildEvidence({
    title: outline.title,
    citations: final.citations,
    bibliography: need(state.bibliography, 'the list of sources'),
    sources: sources.list,
    grounded: grounding.grounded,
    passages: passages.list,
    readAs: passages.readAs,
    glossary,
    allowed: data.allowed,
    numbering: data.numbering,
    sectionTitle: (key) => titles.get(key) ?? key,
    paperPageOf: await pageFinder(laid.pdf),
    counts: {
      repaired: (claims?.repaired ?? 0) + (corrections?.repaired ?? 0),
      rewritten: (claims?.rewritten ?? 0) + (corrections?.rewritten ?? 0),
      removed: (claims?.removed ?? 0) + (corrections?.removed ?? 0),
    },
  });
  const docx = await evidenceDocx(report, { version: state.revision?.request.versions?.to });
  const pdf = await run.ctx.pdf.convert(docx, { signal: run.signal });
  await run.progress.part(1);
  return { ...state, evidence: { report, docx, pdf } };
}

export const evidenceStage: Stage = { progress: 'evidence', run: makeEvidence };
