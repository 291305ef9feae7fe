/**
 * РЕФЕРАТ (ГОСТ 7.32-2017, 5.2): the volume line ("… 85 с., 2 табл., 40 источн., 1 прил."), 5-15
 * keywords in capitals, and the text: object, aim, methods, results. Composed from the outline (its
 * object, aim, methods and keywords) and the conclusion's opening (the results), so it says what
 * the paper says.
 */
import type { OutlineWithoutIntroduction } from '../outline/types.ts';
import type { DocAbstract } from './types.ts';

export const KEYWORDS = { min: 5, max: 15 } as const;

/** What the volume line counts; the pages come from the layout. */
export interface AbstractCounts {
  pages: number;
  figures: number;
  tables: number;
  sources: number;
  appendices: number;
}

/** "Выпускная квалификационная работа 85 с., 2 табл., 40 источн., 1 прил.": GOST's "Отчет 85 с., …"
 * with the kind of work named; a count of zero is left out, as in the standard's example. */
export function volumeLine(workKind: string, c: AbstractCounts): string {
  const parts = [
    `${c.pages}\u00A0с.`,
    c.figures ? `${c.figures}\u00A0рис.` : '',
    c.tables ? `${c.tables}\u00A0табл.` : '',
    c.sources ? `${c.sources}\u00A0источн.` : '',
    c.appendices ? `${c.appendices}\u00A0прил.` : '',
  ].filter(Boolean);
  // Every part ends with its abbreviation's period: the line needs none of its own.
  return `${workKind} ${parts.join(', ')}`;
}

const norm = (s: string) =>
  s
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/[.;:,]+$/, '');

/** 5-15 distinct keywords: the outline's first; too few are topped up with the longer words of
 * the title, then of the chapters' titles (so a реферат never has fewer than five). */
export function abstractKeywords(keywords: string[], title: string, headings: string[] = []): string[] {
  const out: string[] = [];
  const add = (w: string) => {
    const k = norm(w).toLowerCase();
    if (k && !out.includes(k) && out.length < KEYWORDS.max) out.push(k);
  };
  keywords.forEach(add);
  const words = (text: string) => text.split(/[^\p{L}-]+/u).filter((w) => w.length >= 6);
  for (const w of [...words(title), ...headings.flatMap(words)]) if (out.length < KEYWORDS.min) add(w);
  return out;
}

/** The first sentences of a text, without references and footnote marks, up to about `max` characters. */
export function opening(text: string, max: number): string {
  const plain = text
    .replace(/\s*\[[^\]]*\]/g, '')
    .replace(/\s*\(сноска:[^)]*\)/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  const sentences = plain.split(/(?<=[.!?])\s+(?=[А-ЯЁA-Z«])/);
  let out = '';
  for (const s of sentences) {
    if (out && out.length + s.length > max) break;
    out = out ? `${out} ${s}` : s;
  }
  return out;
}

const lowerFirst = (s: string) => (s ? s[0].toLowerCase() + s.slice(1) : s);

export function buildAbstract(outline: OutlineWithoutIntroduction, conclusion: string | null): DocAbstract {
  const paragraphs = [
    `Объект исследования – ${lowerFirst(norm(outline.object))}. Предмет исследования – ${lowerFirst(norm(outline.subject))}.`,
    `Цель работы – ${lowerFirst(norm(outline.goal))}.`,
    ...(outline.methods.length ? [`Методы исследования: ${outline.methods.map(norm).join(', ')}.`] : []),
  ];
  const results = conclusion ? opening(conclusion, 600) : '';
  paragraphs.push(results ? `Результаты работы. ${results}` : `Результаты работы. ${norm(outline.annotation)}.`);
  const headings = outline.chapters.flatMap((c) => [c.title, ...c.subsections]);
  return { keywords: abstractKeywords(outline.keywords, outline.title, headings), paragraphs };
}
