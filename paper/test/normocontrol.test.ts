/** Normocontrol must find violations, not only pass good papers: each rule is broken once on purpose. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildZip } from '../dev/zip.ts';
import { checkDocx } from '../src/normocontrol/check.ts';
import { layoutPaper } from '../src/layout/index.ts';
import { createPdfConverterPool } from '../src/pdf/pool.ts';
import { readZip } from '../src/zip.ts';
import type { DocModel } from '../src/typeset/types.ts';

const text = (t: string) => [{ kind: 'text' as const, text: t }];
const para =
  'Рассматриваемая проблема требует последовательного анализа её теоретических и прикладных аспектов, поэтому в работе использован системный подход. ';
const TABLE = {
  number: 1,
  title: text('Показатели для проверки'),
  header: [text('Показатель'), text('Значение')],
  rows: [[text('Доля, %'), text('45')]],
};
const model: DocModel = {
  kind: 'full',
  writer: 'manual',
  title: 'Проверка нормоконтроля',
  annotation: 'Аннотация.',
  keywords: ['проверка'],
  year: 2025,
  titlePage: { organization: 'Университет проверки', student: 'Иванова А. С.', city: 'Москва' },
  introduction: [
    text(para.repeat(6)),
    text('Сведения об использовании технологий искусственного интеллекта приведены в приложении\u00A0А.'),
    text('Показатели приведены в таблице\u00A01.'),
  ],
  chapters: [1, 2, 3].map((n) => ({
    number: n,
    title: `Глава для проверки правил номер ${n}`,
    written: true,
    subsections: [1, 2].map((m) => ({
      ...(n === 1 && m === 1 ? { tables: [{ after: 1, table: TABLE }] } : {}),
      number: `${n}.${m}`,
      title: `Подраздел ${n}.${m} для проверки`,
      paragraphs: [
        text(para.repeat(4)),
        [
          { kind: 'text' as const, text: 'Ссылка на источник' },
          { kind: 'footnote' as const, text: 'Сноска к тексту.' },
          { kind: 'text' as const, text: ' и [1, с.\u00A05; 2].' },
        ],
      ],
    })),
  })),
  conclusion: [text(para.repeat(3))],
  bibliography: {
    entries: [
      {
        number: 1,
        text: 'Андреев,\u00A0А.\u00A0А. Книга / А.\u00A0А.\u00A0Андреев. – Москва : Наука, 2020. – 100\u00A0с. – Текст : непосредственный.',
      },
      {
        number: 2,
        text: 'Борисов,\u00A0Б.\u00A0Б. Статья / Б.\u00A0Б.\u00A0Борисов. – Текст : электронный // Журнал. – 2021. – №\u00A01. – С.\u00A01–5. – URL: https://example.org (дата обращения: 01.03.2025).',
      },
    ],
    groups: null,
  },
  abstract: {
    keywords: ['проверка', 'нормоконтроль', 'реферат', 'приложение', 'содержание'],
    paragraphs: ['Объект исследования – оформление работ.', 'Цель работы – проверить правила.', 'Результаты работы. Правила проверены.'],
  },
  appendices: [{ letter: 'А', status: 'справочное', title: 'Сведения об использовании технологий', paragraphs: ['Текст приложения.'] }],
};

const pool = createPdfConverterPool({ size: 1 });
let docx: Buffer;
let pdf: Buffer;
let parts: Map<string, Buffer>;

beforeAll(async () => {
  const laid = await layoutPaper(model, pool);
  docx = laid.docx;
  pdf = laid.pdf;
  parts = await readZip(docx, () => true);
});
afterAll(() => pool.close());

/** The same document with some parts' XML changed. */
function mutateAll(changes: Record<string, (xml: string) => string>): Buffer {
  const entries = [...parts].map(([n, data]) => ({ name: n, data: changes[n] ? Buffer.from(changes[n](data.toString('utf8'))) : data }));
  return buildZip(entries);
}

/** The same document with one part's XML changed. */
const mutate = (name: string, change: (xml: string) => string) => mutateAll({ [name]: change });

async function rulesOf(bytes: Buffer, withPdf = false): Promise<string[]> {
  const report = await checkDocx(bytes, withPdf ? { pdf } : {});
  return [...new Set(report.issues.map((i) => i.rule))].sort();
}

describe('normocontrol', () => {
  it('passes the document as typeset', async () => {
    const report = await checkDocx(docx, { pdf });
    expect(report.issues).toEqual([]);
    expect(report.ok).toBe(true);
    expect(report.stats).toMatchObject({ headings: 13, footnotes: 6, bibliographyEntries: 2 });
    for (const rule of ['title.page', 'abstract', 'appendix', 'tables']) expect(report.checked).toContain(rule);
  });

  it.each([
    ['page.a4', 'word/document.xml', (x: string) => x.replace('w:w="11906"', 'w:w="12240"')],
    ['page.margins', 'word/document.xml', (x: string) => x.replace('w:left="1701"', 'w:left="1134"')],
    ['font.family', 'word/styles.xml', (x: string) => x.replaceAll('Times New Roman', 'Arial')],
    [
      'font.size',
      'word/styles.xml',
      (x: string) =>
        x
          .replace(/(<w:docDefaults>.*?)<w:sz w:val="28"\/>/s, '$1<w:sz w:val="24"/>')
          .replace(/(<w:style w:type="paragraph" w:styleId="Normal".*?)<w:sz w:val="28"\/>/s, '$1<w:sz w:val="24"/>'),
    ],
    ['text.spacing', 'word/styles.xml', (x: string) => x.replaceAll('w:line="360"', 'w:line="240"')],
    ['text.indent', 'word/styles.xml', (x: string) => x.replaceAll('w:firstLine="709"', 'w:firstLine="0"')],
    ['text.align', 'word/styles.xml', (x: string) => x.replaceAll('<w:jc w:val="both"/>', '<w:jc w:val="left"/>')],
    [
      'footnote.size',
      'word/styles.xml',
      (x: string) => x.replace(/(w:styleId="FootnoteText".*?)<w:sz w:val="20"\/>/s, '$1<w:sz w:val="24"/>'),
    ],
    ['footnote.form', 'word/styles.xml', (x: string) => x.replace(/(w:styleId="FootnoteText".*?)w:firstLine="709"/s, '$1w:firstLine="0"')],
    ['footnote.form', 'word/footnotes.xml', (x: string) => x.replace(/(<w:t xml:space="preserve">) /, '$1')],
    ['toc.fields', 'word/settings.xml', (x: string) => x.replace('</w:settings>', '<w:updateFields w:val="true"/></w:settings>')],
    ['page.numbers', 'word/document.xml', (x: string) => x.replace('<w:titlePg/>', '')],
    ['title.page', 'word/document.xml', (x: string) => x.replace('ДОПУСТИТЬ К ЗАЩИТЕ', 'УТВЕРЖДАЮ')],
    ['title.page', 'word/document.xml', (x: string) => x.replace(/Москва 2025/, 'Москва')],
    ['abstract', 'word/document.xml', (x: string) => x.replace('>РЕФЕРАТ<', '>АННОТАЦИЯ<')],
    ['abstract', 'word/document.xml', (x: string) => x.replace(/(\d+)\u00A0источн\./, '9\u00A0источн.')],
    ['abstract', 'word/document.xml', (x: string) => x.replace('ПРОВЕРКА, НОРМОКОНТРОЛЬ', 'проверка, нормоконтроль')],
    ['appendix', 'word/document.xml', (x: string) => x.replace('приложении\u00A0А', 'конце работы')],
    ['toc.entries', 'word/document.xml', (x: string) => x.replaceAll('Подраздел 1.1 для проверки', 'Подраздел 1.1 для проверки…')],
    ['tables', 'word/document.xml', (x: string) => x.replace('таблице\u00A01', 'таблице\u00A07')],
    ['tables', 'word/document.xml', (x: string) => x.replace('Таблица 1 – ', 'Таблица 1 - ')],
    ['tables', 'word/document.xml', (x: string) => x.replace('Таблица 1 – ', 'Таблица 2 – ')],
    ['abstract', 'word/document.xml', (x: string) => x.replace(/1\u00A0табл\., /, '')],
    ['appendix', 'word/document.xml', (x: string) => x.replace('>ПРИЛОЖЕНИЕ А<', '>ПРИЛОЖЕНИЕ Б<')],
  ])('finds %s', async (rule, part, change) => {
    expect(await rulesOf(mutate(part, change))).toContain(rule);
  });

  it('holds the paper to the volume ordered, ±5 %, counted in the PDF', async () => {
    const pages = (await checkDocx(docx, { pdf })).stats.pages!;
    const ordered = await checkDocx(docx, { pdf, volume: { requested: 80, min: 76, max: 84 } });
    expect(ordered.ok).toBe(false);
    expect(ordered.issues.filter((i) => i.rule === 'volume').map((i) => i.message)).toEqual([
      `Объём работы ${pages} с., а заказано 80 с. (допустимо от 76 до 84)`,
    ]);
    const within = await checkDocx(docx, { pdf, volume: { requested: pages, min: pages - 1, max: pages + 1 } });
    expect(within.issues).toEqual([]);
    // Without the PDF the pages are unknown: the rule is not checked rather than guessed.
    expect((await checkDocx(docx, { volume: { requested: 80, min: 76, max: 84 } })).checked).not.toContain('volume');
  });

  it("finds a реферат whose page count is not the PDF's", async () => {
    const report = await checkDocx(docx, { pdf });
    const pages = report.stats.pages!;
    expect(parts.get('word/document.xml')!.toString()).toContain(`работа ${pages}\u00A0с.`);
    const wrong = mutate('word/document.xml', (x) => x.replace(`работа ${pages}\u00A0с.`, `работа ${pages + 3}\u00A0с.`));
    expect(await rulesOf(wrong, true)).toEqual(['abstract']);
    expect(await rulesOf(wrong)).toEqual([]);
  });

  it('finds an ordinary space where a line must not break (initials, "с. 12", "2020 г.")', async () => {
    const broken = mutate('word/document.xml', (x) =>
      x.replace('поэтому в работе использован системный подход', 'поэтому, как показал А. А. Иванов в 2020 г. (с. 12), подход'),
    );
    const report = await checkDocx(broken);
    expect(report.issues.filter((i) => i.rule === 'text.nbsp').map((i) => i.where)[0]).toContain('А. А. Иванов');
    // As the engine typesets it, the same words carry non-breaking spaces and pass.
    const typeset = mutate('word/document.xml', (x) =>
      x.replace(
        'поэтому в работе использован системный подход',
        'поэтому, как показал А.\u00A0А.\u00A0Иванов в 2020\u00A0г. (с.\u00A012), подход',
      ),
    );
    expect(await rulesOf(typeset)).not.toContain('text.nbsp');
  });

  it('finds a chapter that does not start a page and a heading with a period', async () => {
    const noBreak = mutate('word/document.xml', (x) => x.replace(/(<w:pStyle w:val="Heading1"\/>)<w:pageBreakBefore\/>/, '$1'));
    expect(await rulesOf(noBreak)).toContain('heading.newPage');
    const period = mutate('word/document.xml', (x) =>
      x.replace('>2 Глава для проверки правил номер 2<', '>2. Глава для проверки правил номер 2.<'),
    );
    expect(await rulesOf(period)).toContain('heading.numbering');
    const skipped = mutate('word/document.xml', (x) => x.replace('>2.2 Подраздел 2.2 для проверки<', '>2.3 Подраздел 2.2 для проверки<'));
    expect(await rulesOf(skipped)).toContain('heading.numbering');
  });

  it('finds a contents page number that is not where the heading is in the PDF', async () => {
    const xml = parts.get('word/document.xml')!.toString();
    const m =
      /PAGEREF _TocPaper_3_2 \\h <\/w:instrText><\/w:r><w:r><w:fldChar w:fldCharType="separate"\/><\/w:r><w:r><w:t xml:space="preserve">(\d+)</.exec(
        xml,
      );
    expect(m).not.toBeNull();
    const wrong = mutate('word/document.xml', (x) => x.replace(m![0], m![0].replace(`>${m![1]}<`, `>${Number(m![1]) + 1}<`)));
    expect(await rulesOf(wrong, true)).toEqual(['toc.pages']);
    expect(await rulesOf(wrong, false)).toEqual([]);
  });

  it('finds bibliography entries out of form and out of order', async () => {
    const bad = mutate('word/document.xml', (x) =>
      x
        .replace(
          '1. Андреев,\u00A0А.\u00A0А. Книга / А.\u00A0А.\u00A0Андреев. – Москва : Наука, 2020. – 100\u00A0с. – Текст : непосредственный.',
          '1. Яковлев, А. А. Книга / А. А. Яковлев. - Москва : Наука, 2020. - 100 с',
        )
        .replace(' (дата обращения: 01.03.2025)', ''),
    );
    const report = await checkDocx(bad);
    const messages = report.issues.filter((i) => i.rule === 'bibliography.form').map((i) => i.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        'Библиографическая запись должна заканчиваться точкой',
        'Области описания разделяются знаком «точка и тире» (–), а не дефисом',
        'Нет вида содержания и средства доступа («Текст : непосредственный» или «Текст : электронный»)',
        'Инициалы должны разделяться неразрывным пробелом',
        'Для электронного ресурса нужна дата обращения (дд.мм.гггг)',
      ]),
    );
    expect(report.issues.some((i) => i.rule === 'bibliography.order')).toBe(true);
  });

  it('finds an in-text reference to a source that is not in the list', async () => {
    const bad = mutate('word/document.xml', (x) => x.replace('[1, с.\u00A05; 2]', '[1, с.\u00A05; 2; 7]'));
    expect(await rulesOf(bad)).toEqual(['references']);
  });

  it('finds a listed source that nothing in the text refers to (ГОСТ 7.32-2017, 6.9)', async () => {
    const uncited = mutate('word/document.xml', (x) => x.replaceAll('[1, с.\u00A05; 2]', '[1, с.\u00A05]'));
    const report = await checkDocx(uncited);
    expect(report.issues.filter((i) => i.rule === 'bibliography.uncited').map((i) => i.message)).toEqual([
      'На источник 2 списка нет ссылки в тексте',
    ]);
    // A footnote with the entry's heading and title cites it as well as a number does.
    const footnoted = mutateAll({
      'word/document.xml': (x) => x.replaceAll('[1, с.\u00A05; 2]', '[1, с.\u00A05]'),
      'word/footnotes.xml': (x) => x.replace('Сноска к тексту.', 'Борисов,\u00A0Б.\u00A0Б. Статья. С.\u00A02.'),
    });
    expect(await rulesOf(footnoted)).not.toContain('bibliography.uncited');
  });

  it('rejects a file that is not a .docx with a Russian reason', async () => {
    await expect(checkDocx(Buffer.from('не документ'))).rejects.toThrow(/docx/);
  });
});
