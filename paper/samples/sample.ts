/**
 * A sample work for the landing page: a text file (samples/src/<slug>.md) with a JSON head (flags,
 * annotation, keywords, sources as GOST records) and the sections' text, typeset by the engine.
 *
 * Format:
 *   ---json { ... } ---
 *   ## ВВЕДЕНИЕ / ## 1 Глава / ### 1.1 Подраздел / ## ЗАКЛЮЧЕНИЕ, paragraphs separated by blank lines,
 *   references as [[S3]] or [[S3, с. 15]] to the ids of the head's sources.
 *   A demo lists chapters 2 and 3 with their subsections but no text: they appear in the contents only.
 */
import { buildBibliography } from '../src/bibliography/list.ts';
import type { BibSource } from '../src/bibliography/list.ts';
import { createReferencer } from '../src/bibliography/refs.ts';
import type { WorkRecord } from '../src/bibliography/record.ts';
import { abstractKeywords, opening } from '../src/typeset/abstract.ts';
import type { DocAbstract, DocModel, Para } from '../src/typeset/model.ts';
import { PRICES } from '@app/contract';

export interface SampleHead {
  slug: string;
  title: string;
  type: 'demo' | 'full';
  tariff: 'basic' | 'professional';
  useFootnotes: boolean;
  separateBibliography: boolean;
  annotation: string;
  keywords: string[];
  year: number;
  /** A full sample: the volume of the whole work it is taken from, in pages. */
  volume?: number;
  sources: { id: string; record?: WorkRecord; citation?: string }[];
}

export interface Sample {
  head: SampleHead;
  introduction: string[];
  chapters: { title: string; subsections: { title: string; paragraphs: string[] }[] }[];
  conclusion: string[] | null;
}

export function parseSample(text: string): Sample {
  const m = /^---json\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text);
  if (!m) throw new Error('Нет JSON-заголовка образца');
  const head = JSON.parse(m[1]) as SampleHead;
  const sample: Sample = { head, introduction: [], chapters: [], conclusion: null };
  let target: string[] | null = null;
  for (const block of m[2].split(/\n\s*\n/)) {
    const line = block.trim();
    if (!line) continue;
    if (line.startsWith('## ')) {
      const heading = line.slice(3).trim();
      if (heading === 'ВВЕДЕНИЕ') target = sample.introduction;
      else if (heading === 'ЗАКЛЮЧЕНИЕ') target = sample.conclusion = [];
      else {
        const ch = /^(\d+) (.+)$/.exec(heading);
        if (!ch || Number(ch[1]) !== sample.chapters.length + 1) throw new Error(`Неверный заголовок главы: ${heading}`);
        sample.chapters.push({ title: ch[2], subsections: [] });
        target = null;
      }
      continue;
    }
    if (line.startsWith('### ')) {
      const sub = /^(\d+)\.(\d+) (.+)$/.exec(line.slice(4).trim());
      const chapter = sample.chapters[sample.chapters.length - 1];
      if (!sub || !chapter || Number(sub[2]) !== chapter.subsections.length + 1) throw new Error(`Неверный заголовок подраздела: ${line}`);
      chapter.subsections.push({ title: sub[3], paragraphs: [] });
      target = chapter.subsections[chapter.subsections.length - 1].paragraphs;
      continue;
    }
    if (!target) throw new Error(`Текст вне раздела: ${line.slice(0, 60)}`);
    target.push(line.replace(/\s*\n\s*/g, ' '));
  }
  return sample;
}

/** The document model of a sample, references resolved by the engine's own formatter. */
export function sampleModel(sample: Sample): { model: DocModel; bibliography: string[] } {
  const { head } = sample;
  const demo = head.type === 'demo';
  const sources: BibSource[] = head.sources.map((s) => ({ id: s.id, origin: 'attached', record: s.record, citation: s.citation }));
  const bib = buildBibliography(sources, head.separateBibliography);
  const referencer = createReferencer({
    sources: new Map(sources.map((s) => [s.id, s])),
    numberOf: bib.numberOf,
    footnotes: head.useFootnotes,
  });
  const resolve = (paras: string[]): Para[] =>
    paras.map((p) => {
      for (const id of p.matchAll(/\[\[(S\d+)/g)) if (!bib.numberOf.has(id[1])) throw new Error(`Ссылка на неизвестный источник ${id[1]}`);
      return referencer.paragraph(p);
    });
  const model: DocModel = {
    kind: head.type,
    writer: 'manual',
    title: head.title,
    annotation: head.annotation,
    keywords: head.keywords,
    year: head.year,
    introduction: resolve(sample.introduction),
    chapters: sample.chapters.map((c, ci) => ({
      number: ci + 1,
      title: c.title,
      written: !demo || ci === 0,
      subsections: c.subsections.map((s, si) => ({ number: `${ci + 1}.${si + 1}`, title: s.title, paragraphs: resolve(s.paragraphs) })),
    })),
    conclusion: sample.conclusion ? resolve(sample.conclusion) : null,
    bibliography: demo
      ? null
      : {
          entries: bib.entries.map((e) => ({ number: e.number, text: e.text })),
          groups: bib.groups?.map((g) => ({ title: g.title, entries: g.entries.map((e) => ({ number: e.number, text: e.text })) })) ?? null,
        },
    abstract: demo ? null : sampleAbstract(sample),
  };
  return { model, bibliography: bib.entries.map((e) => e.text) };
}

/** A full sample's реферат: its introduction's own sentences on the object, aim and methods, and
 * the opening of its conclusion as the results. */
function sampleAbstract(sample: Sample): DocAbstract {
  const sentences = sample.introduction.flatMap((p) => p.split(/(?<=[.!?])\s+(?=[А-ЯЁ])/));
  const first = (pattern: RegExp) => sentences.find((x) => pattern.test(x));
  const paragraphs = [
    [first(/^Объект(ом)? исследования/), first(/^Предмет(ом)? исследования/)].filter(Boolean).join(' '),
    first(/^Цель(ю)? работы/) ?? '',
    first(/метод/i) ?? '',
    `Результаты работы. ${opening((sample.conclusion ?? []).join(' '), 600)}`,
  ].filter(Boolean);
  return { keywords: abstractKeywords(sample.head.keywords, sample.head.title), paragraphs };
}

/** The landing page's card of a sample (product specification, section 3 "Sample paper"). */
/**
 * A card of the landing page: the specification's fields, and the truth about the file: its
 * pages as laid out and, for a full sample, the volume of the whole work (the card says when the
 * file is an excerpt of it).
 */
export function manifestEntry(head: SampleHead, pages: number) {
  if (head.type === 'full' && !head.volume) throw new Error(`${head.slug}: у полного образца нет объёма всей работы (volume)`);
  return {
    title: head.title,
    type: head.type === 'demo' ? 'Демо' : 'Полный',
    tariff: head.tariff === 'basic' ? 'Базовый' : 'Профессиональный',
    price: PRICES[head.type][head.tariff],
    annotation: head.annotation,
    downloadUrl: `/samples/${head.slug}.docx`,
    hasBibliography: head.separateBibliography,
    hasFootnotes: head.useFootnotes,
    keywords: head.keywords,
    pages,
    volume: head.type === 'full' ? head.volume! : null,
  };
}
