/**
 * Where a remark applies: the sections of the paper it concerns. In order of trust: the section an
 * instruction was given for; the section a Word comment's anchor is in, found by its text (the
 * student may have edited the .docx, so by shared word sequences, not by position), or the
 * heading the anchor stands under; the sections the remark names («в п. 2.1», «во второй главе»,
 * «во введении»); a section whose title shares a word with the remark. A remark none of these
 * places concerns no section (a paper-wide one — sources, form — applies to the scope).
 */
import { wordsOf } from '../grounding/repeats.ts';
import { stems } from '../sources/relevance.ts';
import type { RemarkInput, SectionKey } from './types.ts';

/** Lower-case words of a text, references («[3, с. 47]», «[[p17]]») and punctuation left out (dev/ imports it from here). */
export { wordsOf };

export interface PaperView {
  chapters: { title: string; subsections: string[] }[];
  /** The written sections by key, in the document's order: "introduction", "1.1", …, "conclusion". */
  texts: Map<SectionKey, string[]>;
}

export interface Location {
  sections: SectionKey[];
  /** A chapter the remark names as a whole («где выводы по главе 2?»). */
  chapter?: number;
  how: 'instruction' | 'anchor' | 'heading' | 'reference' | 'title';
}

const trigrams = (words: string[]) => {
  const out: string[] = [];
  for (let i = 0; i + 3 <= words.length; i++) out.push(`${words[i]} ${words[i + 1]} ${words[i + 2]}`);
  return out;
};

/** An anchor counts as found in a section when this share of its word triples is there. */
const MIN_ANCHOR_COVERAGE = 0.5;

const ORDINALS: Record<string, number> = { перв: 1, втор: 2, трет: 3, четв: 4 };

/** A section view built once per round: the words of each section and the headings. */
export class PaperIndex {
  readonly view: PaperView;
  private readonly joined = new Map<SectionKey, string>();
  private readonly grams = new Map<SectionKey, Set<string>>();
  private readonly headings: { key: SectionKey; chapter?: number; words: string }[] = [];

  constructor(view: PaperView) {
    this.view = view;
    for (const [key, paragraphs] of view.texts) {
      const words = wordsOf(paragraphs.join(' '));
      this.joined.set(key, ` ${words.join(' ')} `);
      this.grams.set(key, new Set(trigrams(words)));
    }
    this.headings.push({ key: 'introduction', words: 'введение' }, { key: 'conclusion', words: 'заключение' });
    view.chapters.forEach((c, ci) => {
      this.headings.push({ key: `${ci + 1}`, chapter: ci + 1, words: wordsOf(c.title).join(' ') });
      c.subsections.forEach((s, si) => this.headings.push({ key: `${ci + 1}.${si + 1}`, words: wordsOf(s).join(' ') }));
    });
  }

  /** The sections in the document's order. */
  get keys(): SectionKey[] {
    return [...this.view.texts.keys()];
  }

  chapterSections(chapter: number): SectionKey[] {
    return this.keys.filter((k) => k.startsWith(`${chapter}.`));
  }

  /** A heading's text («2.1 Анализ …», «ГЛАВА 2 …», «ВВЕДЕНИЕ») as a section or a chapter. */
  heading(text: string): Location | null {
    const words = wordsOf(text)
      .filter((w) => !/^\d+$/.test(w) && w !== 'глава')
      .join(' ');
    if (!words) return null;
    const h = this.headings.find((x) => x.words === words) ?? this.headings.find((x) => words.length >= 12 && x.words.includes(words));
    if (!h) return null;
    return h.chapter
      ? { sections: this.chapterSections(h.chapter), chapter: h.chapter, how: 'heading' }
      : { sections: [h.key], how: 'heading' };
  }

  /** The sections an anchor's text is in, by its word triples (a short anchor: as a whole); the best first. */
  anchor(text: string): SectionKey[] {
    const words = wordsOf(text);
    if (!words.length) return [];
    if (words.length < 4) {
      const phrase = ` ${words.join(' ')} `;
      return this.keys.filter((k) => this.joined.get(k)!.includes(phrase));
    }
    const grams = [...new Set(trigrams(words))];
    const scored = this.keys
      .map((key) => ({ key, share: grams.filter((g) => this.grams.get(key)!.has(g)).length / grams.length }))
      .filter((x) => x.share >= MIN_ANCHOR_COVERAGE);
    const best = Math.max(...scored.map((x) => x.share));
    return scored.filter((x) => x.share === best).map((x) => x.key);
  }

  /** The sections a remark names: «п. 2.1», «1.3», «глава 2», «во второй главе», «во введении», «в заключении». */
  references(text: string): Location | null {
    const t = text.toLowerCase().replace(/ё/g, 'е');
    const sections = new Set<SectionKey>();
    let chapter: number | undefined;
    for (const m of t.matchAll(/(?<![\d.])([1-9])\.([1-9])(?!\d)/g))
      if (this.view.texts.has(`${m[1]}.${m[2]}`)) sections.add(`${m[1]}.${m[2]}`);
    const chapterNumbers = [
      ...[...t.matchAll(/глав\p{L}*\s+(\d|перв|втор|трет|четв)/gu)].map((m) => m[1]),
      ...[...t.matchAll(/(\d|перв|втор|трет|четв)\p{L}*(?:-?[йя])?\s+глав/gu)].map((m) => m[1]),
    ].map((x) => (/^\d$/.test(x) ? Number(x) : ORDINALS[x]));
    for (const n of chapterNumbers) {
      if (!this.chapterSections(n).length) continue;
      chapter ??= n;
      if (!sections.size || ![...sections].some((s) => s.startsWith(`${n}.`))) for (const s of this.chapterSections(n)) sections.add(s);
    }
    if (/введени/.test(t) && this.view.texts.has('introduction')) sections.add('introduction');
    if (/заключени(и|я|ю|ем)|(?<!в )заключение/.test(t) && this.view.texts.has('conclusion')) sections.add('conclusion');
    if (!sections.size) return null;
    return { sections: this.keys.filter((k) => sections.has(k)), ...(chapter ? { chapter } : {}), how: 'reference' };
  }

  /** The one subsection whose title shares the most words with the remark (none on a tie). */
  title(text: string): Location | null {
    const own = stems(text);
    const scored = this.headings
      .filter((h) => !h.chapter && /^\d+\.\d+$/.test(h.key))
      .map((h) => ({ key: h.key, score: [...stems(h.words)].filter((s) => own.has(s)).length }))
      .sort((a, b) => b.score - a.score);
    if (!scored.length || scored[0].score === 0 || scored[1]?.score === scored[0].score) return null;
    return { sections: [scored[0].key], how: 'title' };
  }
}

export function locateRemark(remark: RemarkInput, index: PaperIndex): Location | null {
  if (remark.section && index.view.texts.has(remark.section)) return { sections: [remark.section], how: 'instruction' };
  const named = index.references(remark.text);
  if (remark.anchor) {
    const heading = index.heading(remark.anchor);
    if (heading?.chapter) return heading;
    // The same words in several sections: the one under the comment's heading.
    const found = heading?.sections ?? index.anchor(remark.anchor);
    const under = remark.heading ? index.heading(remark.heading)?.sections : undefined;
    const key = found.find((k) => under?.includes(k)) ?? found[0];
    if (key) {
      // A comment on a subsection that names its chapter («выводы по главе?») is about that chapter.
      const chapter = named?.chapter ?? (/глав/i.test(remark.text) && /^\d+\./.test(key) ? Number(key.split('.')[0]) : undefined);
      return { sections: [key], ...(chapter ? { chapter } : {}), how: heading ? 'heading' : 'anchor' };
    }
  }
  if (named) return named;
  if (remark.heading) {
    const heading = index.heading(remark.heading);
    if (heading) return heading;
  }
  return index.title(remark.text);
}
