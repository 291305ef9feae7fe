/** The text the font rules look at: every paragraph from the contents on (the title page is free;
 * a table may be set smaller, ГОСТ 7.32-2017, 6.6). */
import type { CheckedDocument } from '../document.ts';

export const textParagraphs = (d: CheckedDocument) => d.paras.filter((p) => (d.contentsIdx < 0 || p.index >= d.contentsIdx) && !p.inTable);

/** At most this many examples of a problem repeated over the whole text. */
export const EXAMPLES = 5;

/** The paragraph rules (spacing, indent, alignment) name at most this many offenders each. */
export const PARAGRAPH_EXAMPLES = 3;
