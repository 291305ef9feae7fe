/**
 * Normocontrol: opens a .docx and reports every violation of the GOST 7.32-2017 layout rules the
 * engine promises (page, margins, font, spacing, indents, headings, contents, page numbers,
 * footnotes) and of the bibliography form (GOST R 7.0.100-2018). Works on any .docx; given the PDF
 * of the same document it also checks that the contents' page numbers are the pages where the
 * headings fall. Each rule is a file of rules/ with its clause, its measurement and its message.
 */
import { PaperError } from '../errors.ts';
import { analyse, type OrderedVolume } from './document.ts';
import { readDocx } from '../docx/read.ts';
import type { ReadDocx } from '../docx/read.ts';
import { RULES } from './rules/index.ts';
import type { NormocontrolIssue, NormocontrolReport } from '../types.ts';

export interface CheckOptions {
  /** The PDF of the same document (LibreOffice): enables the check of the contents' page numbers. */
  pdf?: Uint8Array;
  /** The volume the user ordered, in pages, with its window (±5 %): checked against the PDF's page count. */
  volume?: OrderedVolume;
}

export async function checkDocx(bytes: Uint8Array, options: CheckOptions = {}): Promise<NormocontrolReport> {
  let doc: ReadDocx;
  try {
    doc = await readDocx(bytes);
  } catch (error) {
    if (error instanceof PaperError) throw error;
    throw new PaperError('invalid_input', `Не удалось прочитать .docx: ${(error as Error).message}`, { cause: error });
  }
  const d = await analyse(doc, options.pdf, options.volume);
  const issues: NormocontrolIssue[] = [];
  const checked: string[] = [];
  for (const rule of RULES) {
    if (rule.applies && !rule.applies(d)) continue;
    checked.push(rule.id);
    for (const f of rule.check(d)) issues.push({ rule: rule.id, message: f.message, where: f.where });
  }
  return {
    ok: issues.length === 0,
    issues,
    checked,
    stats: {
      paragraphs: d.paras.length,
      headings: d.headings.length,
      tocEntries: d.tocEntries.length,
      footnotes: doc.footnotes.length,
      bibliographyEntries: d.bibliography.length,
      ...(d.pdf ? { pages: d.pdf.pageCount } : {}),
    },
  };
}
