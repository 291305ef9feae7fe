/**
 * The sources of a paper: the user's attached files and the works the search found
 * (find-works.ts), handed to the subsections that they fit. Only these sources may be cited, and
 * only they reach the list.
 */
import type { BibSource } from '../bibliography/list.ts';
import type { WorkRecord } from '../bibliography/record.ts';
import { directName } from '../bibliography/text.ts';
import type { AttachedSource } from '../input.ts';
import type { OutlineChapter } from '../outline/types.ts';
import type { SourceBrief } from '../writer/types.ts';
import { overlap, stems } from './relevance.ts';
import type { FoundWork } from './search/types.ts';

export interface RunSource {
  id: string;
  origin: 'attached' | 'found';
  bib: BibSource;
  label: string;
  /** Attached: the full text; found: the abstract. */
  text: string;
  /** Attached PDFs: texts of pages (split on "\f"), so a page can be cited. */
  pages: string[] | null;
  stems: Set<string>;
}

/**
 * The GOST record of a found work: an electronic resource with its DOI or page, accessed on the
 * day of the run; the title, other title information, place, publisher and extent as the
 * databases gave them (Crossref has completed them by DOI where it could).
 */
export function recordOf(w: FoundWork, accessed: string): WorkRecord {
  const common = {
    title: w.title,
    subtitle: w.subtitle,
    authors: w.authors,
    year: w.year,
    doi: w.doi,
    url: w.doi ? undefined : w.url,
    accessed,
  };
  if (w.kind === 'article') return { ...common, kind: 'article', container: { title: w.container! }, volume: w.volume, issue: w.issue, pages: w.pages };
  if (w.kind === 'chapter') return { ...common, kind: 'chapter', container: { title: w.container!, publisher: w.publisher, place: w.place, year: w.year }, pages: w.pages };
  return { ...common, kind: w.kind === 'collection' ? 'collection' : 'book', publisher: w.publisher, place: w.place, pageCount: w.pageCount, isbn: w.isbn };
}

function labelOf(w: FoundWork): string {
  const names = w.authors.slice(0, 3).map(directName).join(', ') + (w.authors.length > 3 ? ' и др.' : '');
  return `${names}. ${w.title}${w.container ? ` // ${w.container}` : ''} (${w.year})`;
}

export function buildRunSources(attached: AttachedSource[], found: FoundWork[], accessed: string): RunSource[] {
  const out: RunSource[] = [];
  attached.forEach((a, i) => {
    const pages = a.text.includes('\f') ? a.text.split('\f') : null;
    out.push({
      id: `S${i + 1}`,
      origin: 'attached',
      bib: { id: `S${i + 1}`, origin: 'attached', citation: a.citation },
      label: a.citation,
      text: a.text,
      pages,
      stems: stems(`${a.citation} ${a.text.slice(0, 20_000)}`),
    });
  });
  found.forEach((w, i) => {
    const id = `S${attached.length + i + 1}`;
    out.push({
      id,
      origin: 'found',
      bib: { id, origin: 'found', record: recordOf(w, accessed) },
      label: labelOf(w),
      text: w.abstract ?? '',
      pages: null,
      stems: stems(`${w.title} ${w.abstract ?? ''}`),
    });
  });
  return out;
}

/** Each subsection gets the sources that fit it best; every source fits somewhere. */
export function assignSources(sources: RunSource[], chapters: OutlineChapter[], keywords: string[], perSection = 5): Map<string, string[]> {
  const sections: { key: string; stems: Set<string> }[] = [];
  chapters.forEach((ch, ci) =>
    ch.subsections.forEach((title, si) => sections.push({ key: `${ci + 1}.${si + 1}`, stems: stems(`${title} ${ch.title} ${keywords.join(' ')}`) })),
  );
  const out = new Map<string, string[]>(sections.map((s) => [s.key, []]));
  if (!sources.length) return out;
  const score = (src: RunSource, sec: { stems: Set<string> }) => overlap(src.stems, sec.stems) + (src.origin === 'attached' ? 0.5 : 0);
  for (const sec of sections) {
    const ranked = sources
      .map((s, i) => ({ s, v: score(s, sec), i }))
      .sort((a, b) => b.v - a.v || a.i - b.i)
      .slice(0, perSection);
    out.set(sec.key, ranked.map((r) => r.s.id));
  }
  // A source nobody got goes to the subsection it fits best.
  const used = new Set([...out.values()].flat());
  for (const src of sources) {
    if (used.has(src.id)) continue;
    const best = sections.map((sec, i) => ({ sec, v: score(src, sec), i })).sort((a, b) => b.v - a.v || a.i - b.i)[0];
    out.get(best.sec.key)!.push(src.id);
  }
  return out;
}

/** What a writer may rely on for one subsection: the abstract, or the best-fitting passages of a file with their pages. */
export function briefsFor(sources: RunSource[], ids: string[], focus: string, budget = 1800): SourceBrief[] {
  const want = stems(focus);
  return ids
    .map((id) => sources.find((s) => s.id === id))
    .filter((s): s is RunSource => Boolean(s))
    .map((s) => {
      if (s.origin === 'found') {
        const excerpt = s.text ? s.text.slice(0, 900) : 'Аннотация недоступна: ссылайтесь на работу только в связи с её названием.';
        return { id: s.id, label: s.label, excerpt, pages: false };
      }
      // Passages of ~700 characters with their page numbers, the best three in their original order.
      const pages = s.pages ?? [s.text];
      const chunks: { page: number; text: string; v: number; order: number }[] = [];
      pages.forEach((pageText, pi) => {
        const paras = pageText.split(/\n\s*\n|\n(?=\s)/).map((p) => p.replace(/\s+/g, ' ').trim()).filter((p) => p.length > 40);
        let buf = '';
        for (const p of paras) {
          buf = buf ? `${buf} ${p}` : p;
          if (buf.length >= 700) {
            chunks.push({ page: pi + 1, text: buf.slice(0, 1200), v: overlap(want, stems(buf)), order: chunks.length });
            buf = '';
          }
        }
        if (buf) chunks.push({ page: pi + 1, text: buf.slice(0, 1200), v: overlap(want, stems(buf)), order: chunks.length });
      });
      const picked: typeof chunks = [];
      let used = 0;
      for (const c of [...chunks].sort((a, b) => b.v - a.v || a.order - b.order)) {
        if (used + c.text.length > budget && picked.length) break;
        picked.push(c);
        used += c.text.length;
      }
      picked.sort((a, b) => a.order - b.order);
      const withPages = Boolean(s.pages);
      const excerpt = picked.map((c) => (withPages ? `[с. ${c.page}] ${c.text}` : c.text)).join('\n');
      return { id: s.id, label: s.label, excerpt: excerpt || '(текст файла пуст)', pages: withPages };
    });
}
