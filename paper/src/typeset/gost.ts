/** GOST 7.32-2017 page and text parameters, in the units of .docx (twips, half-points). */
export const MM = 56.6929;
export const PAGE = { width: 11906, height: 16838 } as const; // A4
export const MARGINS = { left: 1701, right: 850, top: 1134, bottom: 1134 } as const; // 30/15/20/20 mm
export const TEXT_WIDTH = PAGE.width - MARGINS.left - MARGINS.right;
export const FONT = 'Times New Roman';
export const BODY_SIZE = 28; // 14 pt
export const FOOTNOTE_SIZE = 20; // 10 pt
export const LINE_1_5 = 360; // 1.5 line spacing ("auto" rule, 240 = single)
export const FIRST_LINE = 709; // 1.25 cm
