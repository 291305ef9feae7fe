/** The table of contents shown on the preview page, from the paper's structure
 * ({"1. Chapter": ["1.1 Sub", ...]}): Введение, 'Глава N ...' with N.M subchapters, Заключение, sources. */

export interface ContentsChapter {
  title: string;
  subchapters: string[];
}

/** Drops a leading number such as '1.', '1.2' or '2)' that the heading may already have. */
const stripNumber = (s: string) => s.replace(/^\s*\d+(?:\.\d+)*[.)]?\s*/, '').trim();

/** The number a chapter's heading starts with ('2. Title' -> 2), NaN without one. */
const numberOf = (heading: string) => Number(/^\s*(\d+)/.exec(heading)?.[1] ?? NaN);

export function chaptersOf(structure: Record<string, string[]>): ContentsChapter[] {
  const entries = Object.entries(structure);
  // The structure is kept as a PostgreSQL jsonb object, which orders its keys its own way (shorter
  // first), not the chapters': their numbers give the order back.
  if (entries.every(([heading]) => !Number.isNaN(numberOf(heading)))) entries.sort(([a], [b]) => numberOf(a) - numberOf(b));
  return entries.map(([heading, subs], i) => ({
    title: `Глава ${i + 1}. ${stripNumber(heading)}`,
    subchapters: subs.map((s, j) => `${i + 1}.${j + 1} ${stripNumber(s)}`),
  }));
}

export const INTRODUCTION = 'Введение';
export const CONCLUSION = 'Заключение';
export const SOURCES = 'Список использованных источников и литературы';
