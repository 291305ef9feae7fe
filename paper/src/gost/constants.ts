/**
 * The GOST 7.32-2017 page and text parameters, the one place for them: the typesetter writes them
 * into the .docx and the normocontrol measures the .docx against them. Units are those of .docx:
 * twips (1/20 pt, 1 mm = 56.69 twips) and half-points.
 */

/** Twips in a millimetre. */
export const MM = 56.6929;

/** A4, portrait: GOST 7.32-2017, 6.1.1 (sheets of format A4 by GOST 9327), 210 × 297 mm. */
export const PAGE = { width: 11906, height: 16838 } as const;

/** Margins: GOST 7.32-2017, 6.1.1: left 30 mm, right 15 mm, top and bottom 20 mm. */
export const MARGINS = { left: 1701, right: 850, top: 1134, bottom: 1134 } as const;
export const MARGINS_MM = { left: 30, right: 15, top: 20, bottom: 20 } as const;

/** The line: the page width less the margins of 6.1.1 (165 mm). */
export const TEXT_WIDTH = PAGE.width - MARGINS.left - MARGINS.right;

/** GOST 7.32-2017, 6.1.1: Times New Roman is the recommended typeface of the text. */
export const FONT = 'Times New Roman';

/** 14 pt. GOST 7.32-2017, 6.1.1 asks for at least 12 pt; 14 pt is what universities require within it. */
export const BODY_SIZE = 28;
export const BODY_SIZE_PT = 14;

/**
 * 10 pt. GOST 7.32-2017 (6.1.1, and the footnotes of 6.7) does not give a size for footnotes; a
 * smaller size than the text is the custom of the guides that apply the standard.
 */
export const FOOTNOTE_SIZE = 20;
export const FOOTNOTE_SIZE_PT = 10;

/** GOST 7.32-2017, 6.1.1: one and a half line spacing ("auto" rule, 240 = single). */
export const LINE_1_5 = 360;

/** GOST 7.32-2017, 6.1.1: the paragraph indent is 1.25 cm throughout. */
export const FIRST_LINE = 709;

/**
 * Characters (with spaces) of body text on a full page with the parameters above (14 pt Times New
 * Roman, 1.5 spacing, a 165 mm line, 257 mm of height): measured with LibreOffice. GOST itself has
 * no such number; it follows from 6.1.1. The volume's budgets and corrections and the first guess
 * of the contents' page numbers use it.
 */
export const CHARS_PER_PAGE = 1850;
