/**
 * The offline writer's demo and full papers, typeset and converted for real: every paper passes
 * normocontrol (with the contents' page numbers checked against the PDF) and full papers land
 * within ±5% of the requested volume.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTACHED, BASE_INPUT, CATALOGUE, STRUCTURE } from '../dev/fixtures.ts';
import { createLocalSearch, createMemoryCheckpoints, createOfflineWriter, createPdfConverterPool, generatePaper } from '../src/index.ts';
import type { PaperInput, PaperResult, ProgressEvent } from '../src/index.ts';
import { readPdf } from '../src/pdf/bookmarks.ts';
import { readZip } from '../src/zip.ts';

const pool = createPdfConverterPool({ size: 2 });
const base: PaperInput = BASE_INPUT;

interface Run {
  input: PaperInput;
  result: PaperResult;
  progress: ProgressEvent[];
}

async function run(overrides: Partial<PaperInput>): Promise<Run> {
  const input = { ...base, ...overrides };
  const progress: ProgressEvent[] = [];
  const result = await generatePaper(input, {
    writer: createOfflineWriter(),
    search: createLocalSearch(CATALOGUE),
    checkpoints: createMemoryCheckpoints(),
    pdf: pool,
    onProgress: (p) => {
      progress.push(p);
    },
    now: new Date('2025-03-01T12:00:00Z'),
  });
  return { input, result, progress };
}

const runs: Record<string, Run> = {};
const TITLE_PAGE = {
  organization: 'Уральский федеральный университет',
  department: 'экономики',
  student: 'Иванова А. С.',
  city: 'Екатеринбург',
};

/** The paragraphs' text of a paper's .docx. */
async function docxText(docx: Buffer): Promise<string> {
  const xml = (await readZip(docx, (n) => n === 'word/document.xml')).get('word/document.xml')!.toString();
  return [...xml.matchAll(/<w:t[^>]*>([^<]*)<\/w:t>/g)].map((m) => m[1]).join(' ');
}

beforeAll(async () => {
  // Two at a time: the pool has two LibreOffice converters.
  [runs.demoBasic, runs.demoPro] = await Promise.all([
    run({ type: 'demo', tariff: 'basic', aiAppendix: true }),
    run({ type: 'demo', tariff: 'professional', useFootnotes: true, userStructure: STRUCTURE }),
  ]);
  [runs.full80, runs.full120split] = await Promise.all([
    run({ requiredVolume: 80, aiAppendix: true, titlePage: TITLE_PAGE }),
    run({ requiredVolume: 120, tariff: 'professional', useFootnotes: true, separateBibliography: true, userStructure: STRUCTURE }),
  ]);
  [runs.full120, runs.full80fromDemo] = await Promise.all([
    run({ requiredVolume: 120, userStructure: STRUCTURE }),
    run({ requiredVolume: 80, useFootnotes: true, separateBibliography: true, fromDemo: runs.demoBasic.result.outline, aiAppendix: true }),
  ]);
});

afterAll(() => pool.close());

const all = () => Object.entries(runs);

describe('offline papers', () => {
  it('pass normocontrol, with the contents checked against the PDF', () => {
    for (const [name, r] of all()) {
      expect({ name, issues: r.result.normocontrol.issues }).toEqual({ name, issues: [] });
      expect(r.result.normocontrol.checked).toContain('toc.pages');
      expect(r.result.warnings, name).toEqual([]);
      expect(r.result.normocontrol.stats.tocEntries).toBeGreaterThanOrEqual(15);
    }
  });

  it('land within ±5% of the requested volume (full) or 10-15 pages (demo)', async () => {
    for (const [name, r] of all()) {
      const pages = (await readPdf(r.result.pdf)).pageCount;
      expect(pages, name).toBe(r.result.pageCount);
      if (r.input.type === 'full') {
        expect(Math.abs(pages - r.input.requiredVolume), `${name}: ${pages}`).toBeLessThanOrEqual(r.input.requiredVolume * 0.05);
        expect(r.result.volume).toEqual({ requested: r.input.requiredVolume, actual: pages, withinTolerance: true });
      } else {
        expect(pages, name).toBeGreaterThanOrEqual(10);
        expect(pages, name).toBeLessThanOrEqual(15);
      }
    }
  });

  it('are marked as written without an LLM in the document properties', async () => {
    for (const [name, r] of all()) {
      expect(r.result.writer).toBe('offline');
      const parts = await readZip(r.result.docx, (n) => n === 'docProps/custom.xml' || n === 'docProps/core.xml');
      expect(parts.get('docProps/custom.xml')!.toString(), name).toContain('offline');
      expect(parts.get('docProps/core.xml')!.toString(), name).toContain('БЕЗ ЯЗЫКОВОЙ МОДЕЛИ');
    }
  });

  it('use footnotes or in-text references as asked', () => {
    for (const [name, r] of all()) {
      const body = r.result.sections.map((s) => s.text).join('\n');
      if (r.input.useFootnotes) {
        expect(r.result.normocontrol.stats.footnotes, name).toBeGreaterThan(0);
        expect(body, name).not.toMatch(/\[\d+(, с\.\s?\d+)?\]/);
        expect(body, name).toContain('(сноска: ');
      } else {
        expect(r.result.normocontrol.stats.footnotes, name).toBe(0);
        expect(body, name).toMatch(/\[\d+(, с\.\u00A0\d+)?\]/);
      }
      expect(body, name).not.toContain('[[S');
    }
  });

  it('print only the attached sources and verified found works', () => {
    const allowed = new Set([...CATALOGUE.filter((w) => w.year >= 2015 && w.authors.length).map((w) => w.title)]);
    for (const [name, r] of all()) {
      const entries = r.result.bibliography;
      // A demo lists what its first chapter cites and the attached files; a full paper more.
      const minimum = r.input.type === 'demo' ? r.input.attachedSources.length : ATTACHED.length + 3;
      expect(entries.length, name).toBeGreaterThanOrEqual(minimum);
      expect(r.result.normocontrol.stats.bibliographyEntries, name).toBe(entries.length);
      for (const e of entries) {
        const known =
          e.origin === 'attached'
            ? ATTACHED.some((a) => a.citation.slice(0, 20).replace(/ /g, '') === e.text.slice(0, 20).replace(/[ \u00A0]/g, ''))
            : [...allowed].some((t) => e.text.includes(t));
        expect(known, `${name}: ${e.text}`).toBe(true);
      }
      expect(entries.map((e) => e.text).join('\n')).not.toMatch(/Старое исследование|Работа без авторов/);
      expect(entries.map((e) => e.number)).toEqual(entries.map((_, i) => i + 1));
    }
  });

  it('split the bibliography into groups with normative acts first when asked', () => {
    const split = runs.full120split.result.bibliography;
    expect(split[0].group).toBe('Нормативные правовые акты');
    expect(split[0].text).toContain('209-ФЗ');
    expect(new Set(split.map((e) => e.group)).size).toBeGreaterThanOrEqual(2);
    expect(runs.full80.result.bibliography.every((e) => e.group === undefined)).toBe(true);
  });

  it('keep the user structure, and give the structure in the specification form', () => {
    const r = runs.full120split.result;
    expect(Object.keys(r.structure)).toEqual(STRUCTURE.map(([t], i) => `${i + 1}. ${t}`));
    expect(Object.values(r.structure)[1]).toEqual(STRUCTURE[1][1].map((s, i) => `2.${i + 1} ${s}`));
    for (const [, run] of all()) {
      for (const [chapter, subs] of Object.entries(run.result.structure)) {
        expect(chapter).toMatch(/^\d\. \S/);
        for (const s of subs) expect(s).toMatch(/^\d\.\d \S/);
      }
    }
  });

  it('make a demo of title page, whole contents, introduction and chapter 1', () => {
    const demo = runs.demoPro.result;
    expect(demo.sections.map((s) => s.key)).toEqual(['introduction', '1.1', '1.2', '1.3']);
    expect(demo.structure['3. Направления совершенствования цифрового управления']).toHaveLength(3);
    const intro = demo.sections[0].text;
    for (const part of ['Цель работы', 'задачи', 'Объект исследования', 'Предмет исследования', 'Методы исследования', 'Структура работы'])
      expect(intro).toContain(part);
  });

  it('keep the demo title, annotation, structure and introduction in the full paper made from it', () => {
    const demo = runs.demoBasic.result;
    const full = runs.full80fromDemo.result;
    expect(JSON.parse(JSON.stringify(demo.outline))).toEqual(demo.outline);
    expect(full.title).toBe(demo.title);
    expect(full.annotation).toBe(demo.annotation);
    expect(full.structure).toEqual(demo.structure);
    expect(full.sections[0].text).toBe(demo.sections[0].text);
    expect(full.sections.map((s) => s.key)).toContain('conclusion');
  });

  it("keep the demo's chapter 1 in the full paper, citing the same sources", () => {
    const demo = runs.demoBasic.result;
    const full = runs.full80fromDemo.result;
    // The demo cites "[3, с. 12]"; the full paper (with footnotes) cites in footnotes, numbered anew.
    const plain = (text: string) =>
      text.replace(/ \(сноска: (?:[^()]|\([^()]*\))*\)|\s\[\d+(?:, с\.[^\];]+)?(?:;\s*\d+(?:, с\.[^\];]+)?)*\]/g, '');
    const chapterOne = (r: PaperResult) => r.sections.filter((s) => s.key.startsWith('1.'));
    expect(chapterOne(demo).length).toBeGreaterThan(1);
    expect(chapterOne(full).map((s) => s.heading)).toEqual(chapterOne(demo).map((s) => s.heading));
    expect(chapterOne(full).map((s) => plain(s.text))).toEqual(chapterOne(demo).map((s) => plain(s.text)));
    const cited = new Set(chapterOne(demo).flatMap((s) => [...s.text.matchAll(/\[(\d+)/g)].map((m) => Number(m[1]))));
    expect(cited.size).toBeGreaterThan(0);
    const fullList = full.bibliography.map((e) => e.text);
    for (const n of cited) expect(fullList).toContain(demo.bibliography.find((e) => e.number === n)!.text);
  });

  it("have a реферат when full, the order's title page, and the AI appendix when asked for", async () => {
    for (const [name, r] of all()) {
      const text = await docxText(r.result.docx);
      expect(text.includes('РЕФЕРАТ'), name).toBe(r.input.type === 'full');
      expect(text.includes('ПРИЛОЖЕНИЕ А'), name).toBe(r.input.aiAppendix === true);
      expect(text.includes('ДОПУСТИТЬ К ЗАЩИТЕ'), name).toBe(true);
      expect(r.result.normocontrol.checked, name).toContain('title.page');
      if (r.input.aiAppendix) expect(r.result.normocontrol.checked, name).toContain('appendix');
    }
    const titled = await docxText(runs.full80.result.docx);
    for (const field of ['Уральский федеральный университет', 'Кафедра экономики', 'Иванова А. С.', 'Екатеринбург 2025'])
      expect(titled).toContain(field);
    // The реферат counts the pages of the paper as printed and the sources of its list.
    const full = runs.full80.result;
    expect(titled).toContain(`работа ${full.pageCount}\u00A0с., ${full.bibliography.length}\u00A0источн., 1\u00A0прил.`);
  });

  it('report honest, monotonic progress in Russian', () => {
    for (const [name, r] of all()) {
      const percents = r.progress.map((p) => p.percent);
      expect(percents, name).toEqual([...percents].sort((a, b) => a - b));
      expect(percents.at(-1)).toBe(100);
      expect(
        r.progress.every((p) => /^[А-ЯЁ][а-яё ,-]+$/.test(p.stage)),
        name,
      ).toBe(true);
      const stages = new Set(r.progress.map((p) => p.stage));
      if (r.input.tariff === 'professional') expect(stages).toContain('Рецензирование и доработка глав');
    }
  });
});
