/** The table of contents shown on the preview page, from the paper's structure
 * ({"1. Chapter": ["1.1 Sub", ...]}): Введение, 'Глава N ...' with N.M subchapters, Заключение, sources. */

export interface ContentsChapter {
  title: string;
  subchapters: string[];
}

/** Drops a leading number such as '1.', '1.2' or '2)' that the heading may already have. */
const stripNumber = (s: string) => s.replace(/^\s*\d+(?:\.\d+)*[.)]?\s*/, '').trim();

export function chaptersOf(structure: Record<string, string[]>): ContentsChapter[] {
  return Object.entries(structure).map(([heading, subs], i) => ({
    title: `Глава ${i + 1}. ${stripNumber(heading)}`,
    subchapters: subs.map((s, j) => `${i + 1}.${j + 1} ${stripNumber(s)}`),
  }));
}

export const INTRODUCTION = 'Введение';
export const CONCLUSION = 'Заключение';
export const SOURCES = 'Список использованных источников и литературы';
