/** The contents as LibreOffice lays them out: no leader and page number left alone on a line of
 * dots, none without dots (a title that fills its last line takes its last word down to the dots). */
import { LIMITS } from '@app/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { layoutPaper } from '../src/layout/index.ts';
import { tocLeaderGlitches } from '../src/layout/toc-lines.ts';
import { createPdfConverterPool } from '../src/pdf/pool.ts';
import { buildDocx } from '../src/typeset/docx.ts';
import { headingsOf } from '../src/typeset/model.ts';
import type { DocModel } from '../src/typeset/types.ts';
import { readPdf } from '../src/pdf/bookmarks.ts';
import { readZip } from '../src/zip.ts';

const pool = createPdfConverterPool({ size: 1 });
afterAll(() => pool.close());

const text = (t: string) => [{ kind: 'text' as const, text: t }];
const base =
  'Оценка влияния государственной поддержки на темпы цифровизации малых предприятий в субъектах Федерации и муниципальных образованиях региона страны за годы наблюдений';
// Titles one letter longer each: some end just where the page number would stand.
const model: DocModel = {
  kind: 'full',
  writer: 'manual',
  title: 'Проверка содержания',
  annotation: 'Аннотация.',
  keywords: [],
  year: 2025,
  introduction: [text('Введение.')],
  chapters: [1, 2, 3].map((n) => ({
    number: n,
    title: `Глава номер ${n}`,
    written: true,
    subsections: [1, 2, 3, 4].map((m) => ({
      number: `${n}.${m}`,
      title: `${base}${' абвгдежзиклмн'.slice(0, (n - 1) * 4 + m)}`.trimEnd(),
      paragraphs: [text('Текст.')],
    })),
  })),
  conclusion: [text('Заключение.')],
  bibliography: null,
};

describe('contents', () => {
  it('move the last word of a title that fills its line down to the leader', async () => {
    const laid = await layoutPaper(model, pool);
    const listed = headingsOf(model).filter((h) => !h.planned);
    const expected = listed.map((h) => laid.pages.get(h.id)!);
    // As typeset without the fix, some entries have their dots alone or no dots at all.
    const plain = await pool.convert(await buildDocx(model, { pages: laid.pages }));
    expect((await tocLeaderGlitches(plain, [2, 3], expected)).length).toBeGreaterThan(0);
    // As laid out: none.
    expect(await tocLeaderGlitches(laid.pdf, [2, 3], expected)).toEqual([]);
    const xml = (await readZip(laid.docx, (n) => n === 'word/document.xml')).get('word/document.xml')!.toString();
    // The contents run from their heading to the first heading's bookmark.
    const contents = xml.slice(xml.indexOf('СОДЕРЖАНИЕ'), xml.indexOf('<w:bookmarkStart'));
    expect(contents).toContain('ВВЕДЕНИЕ');
    expect(contents).toContain('<w:br/>');
  });
});

describe('title page', () => {
  const long = (word: string, n: number) =>
    `${word} `
      .repeat(Math.ceil(n / (word.length + 1)))
      .slice(0, n)
      .trim();
  const limits = LIMITS.titlePage;
  it.each([
    ['with lines to fill in', {}],
    [
      'with every field as long as the order form allows',
      {
        organization: long('Университет', limits.university),
        faculty: long('экономический', limits.faculty),
        department: long('управления', limits.department),
        student: long('Иванова', limits.student),
        group: long('ЭК', limits.group),
        supervisor: long('доцент', limits.supervisor),
        headOfDepartment: long('Сидоров', limits.headOfDepartment),
        city: long('Екатеринбург', limits.city),
      },
    ],
  ])('stays one page %s', async (_name, titlePage) => {
    for (const kind of ['demo', 'full'] as const) {
      const docx = await buildDocx(
        {
          ...model,
          kind,
          writer: kind === 'demo' ? 'offline' : 'llm',
          title: long('Трансформация', LIMITS.topic.max),
          titlePage,
          chapters: [],
          conclusion: null,
        },
        { pages: new Map() },
      );
      // Title page, contents, introduction.
      expect((await readPdf(await pool.convert(docx))).pageCount, kind).toBe(3);
    }
  });
});
