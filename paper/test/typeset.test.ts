/** The parts a normocontroller looks at first: the title page, the реферат, the AI appendix, URLs in the list. */
import { describe, expect, it } from 'vitest';
import { abstractKeywords, buildAbstract, volumeLine } from '../src/typeset/abstract.ts';
import { aiAppendix } from '../src/typeset/ai-appendix.ts';
import { buildDocx } from '../src/typeset/docx.ts';
import { headingsOf, TOTAL_PAGES } from '../src/typeset/model.ts';
import type { DocModel } from '../src/typeset/types.ts';
import { extractTables, withTableReference } from '../src/typeset/tables.ts';
import { captionOf, parseTable } from '../src/text/tables.ts';
import { BREAK, breakableUrls, withoutBreaks } from '../src/typeset/urls.ts';
import { readZip } from '../src/zip.ts';

const text = (t: string) => [{ kind: 'text' as const, text: t }];
const model = (over: Partial<DocModel> = {}): DocModel => ({
  kind: 'full',
  writer: 'manual',
  title: 'Проверка титульного листа',
  annotation: 'Аннотация.',
  keywords: ['проверка'],
  year: 2025,
  introduction: [text('Введение.')],
  chapters: [
    {
      number: 1,
      title: 'Первая глава работы',
      written: true,
      subsections: [{ number: '1.1', title: 'Подраздел', paragraphs: [text('Текст.')] }],
    },
  ],
  conclusion: [text('Заключение.')],
  bibliography: {
    entries: [{ number: 1, text: 'Статья. – URL: https://example.org/a/b-c.html (дата обращения: 01.03.2025).' }],
    groups: null,
  },
  ...over,
});

/** The text of the document's paragraphs, one line each. */
async function lines(m: DocModel, pages = new Map<string, number>()): Promise<string[]> {
  const docx = await buildDocx(m, { pages });
  const xml = (await readZip(docx, (n) => n === 'word/document.xml')).get('word/document.xml')!.toString();
  return [...xml.matchAll(/<w:p[ >][\s\S]*?<\/w:p>/g)].map((p) =>
    [...p[0].matchAll(/<w:t[^>]*>([^<]*)<\/w:t>|<w:br\/>/g)].map((t) => t[1] ?? ' / ').join(''),
  );
}

describe('title page', () => {
  it('prints the order details where given', async () => {
    const page = await lines(
      model({
        titlePage: {
          ministry: 'Министерство просвещения Российской Федерации',
          organization: 'Московский педагогический государственный университет',
          faculty: 'истории',
          department: 'всеобщей истории',
          workKind: 'Курсовая работа',
          student: 'Иванова А. С.',
          group: 'ИСТ-21',
          supervisor: 'доцент Петров П. П.',
          headOfDepartment: 'Сидоров С. С.',
          city: 'Москва',
        },
      }),
    );
    const front = page.slice(0, page.indexOf('СОДЕРЖАНИЕ'));
    expect(front).toEqual(
      expect.arrayContaining([
        'МИНИСТЕРСТВО ПРОСВЕЩЕНИЯ РОССИЙСКОЙ ФЕДЕРАЦИИ',
        'Московский педагогический государственный университет',
        'Факультет истории',
        'Кафедра всеобщей истории',
        'ДОПУСТИТЬ К ЗАЩИТЕ',
        'Заведующий кафедрой',
        '__________ Сидоров С. С.',
        '«____» ______________ 2025 г.',
        'КУРСОВАЯ РАБОТА',
        '«Проверка титульного листа»',
        'Выполнил(а):',
        'студент(ка) группы ИСТ-21',
        '__________ Иванова А. С.',
        'Научный руководитель:',
        '__________ доцент Петров П. П.',
        'Москва 2025',
      ]),
    );
  });

  it('leaves lines to fill in, under the default ministry and kind of work', async () => {
    const page = await lines(model());
    const front = page.slice(0, page.indexOf('СОДЕРЖАНИЕ'));
    expect(front[0]).toBe('МИНИСТЕРСТВО НАУКИ И ВЫСШЕГО ОБРАЗОВАНИЯ РОССИЙСКОЙ ФЕДЕРАЦИИ');
    expect(front).toContain('(наименование образовательной организации)');
    expect(front).toContain('ВЫПУСКНАЯ КВАЛИФИКАЦИОННАЯ РАБОТА');
    expect(front).toContain('студент(ка) группы __________');
    expect(front.at(-1)).toBe('______________ 2025');
  });
});

describe('реферат', () => {
  it('states the volume as GOST does, leaving zero counts out', () => {
    expect(volumeLine('Выпускная квалификационная работа', { pages: 85, figures: 0, tables: 2, sources: 40, appendices: 1 })).toBe(
      'Выпускная квалификационная работа 85\u00A0с., 2\u00A0табл., 40\u00A0источн., 1\u00A0прил.',
    );
  });

  it("has 5-15 keywords: the outline's, topped up from the title", () => {
    expect(abstractKeywords(['цифровизация', 'Цифровизация', 'малый бизнес'], 'Цифровая трансформация предприятий региона')).toEqual([
      'цифровизация',
      'малый бизнес',
      'цифровая',
      'трансформация',
      'предприятий',
    ]);
    expect(
      abstractKeywords(
        Array.from({ length: 20 }, (_, i) => `слово${i}`),
        '',
      ),
    ).toHaveLength(15);
  });

  it("says the object, aim, methods and results (the conclusion's opening without references)", () => {
    const abstract = buildAbstract(
      {
        version: 1,
        topic: 'т',
        title: 'Цифровая трансформация предприятий',
        annotation: 'Аннотация',
        keywords: ['цифровизация'],
        chapters: [],
        goal: 'Выявить условия цифровизации',
        tasks: [],
        object: 'Малые предприятия',
        subject: 'процессы цифровизации',
        methods: ['анализ', 'синтез'],
        searchQueries: [],
      },
      'Исследование показало рост доли цифровых сервисов [3, с. 5]. Второй вывод подтверждён (сноска: Иванов И. И. Книга.).',
    );
    expect(abstract.paragraphs).toEqual([
      'Объект исследования – малые предприятия. Предмет исследования – процессы цифровизации.',
      'Цель работы – выявить условия цифровизации.',
      'Методы исследования: анализ, синтез.',
      'Результаты работы. Исследование показало рост доли цифровых сервисов. Второй вывод подтверждён.',
    ]);
  });

  it('is typeset before the contents with the page count the layout measured, and not listed in the contents', async () => {
    const m = model({
      abstract: { keywords: ['а', 'б', 'в', 'г', 'д'], paragraphs: ['Объект.'] },
      appendices: [aiAppendix('А', { writer: 'llm', sources: 1 })],
    });
    const page = await lines(m, new Map([[TOTAL_PAGES, 42]]));
    const at = page.indexOf('РЕФЕРАТ');
    expect(at).toBeGreaterThan(0);
    expect(page.indexOf('СОДЕРЖАНИЕ')).toBeGreaterThan(at);
    expect(page[at + 1]).toBe('Выпускная квалификационная работа 42\u00A0с., 1\u00A0источн., 1\u00A0прил.');
    expect(page[at + 2]).toBe('А, Б, В, Г, Д');
    expect(headingsOf(m).map((h) => h.text)).not.toContain('РЕФЕРАТ');
  });
});

describe('AI appendix', () => {
  it('is ПРИЛОЖЕНИЕ А, listed in the contents, saying what AI did and what the author must verify', async () => {
    const m = model({ appendices: [aiAppendix('А', { writer: 'llm', sources: 23 })] });
    expect(headingsOf(m).at(-1)!.text).toBe('ПРИЛОЖЕНИЕ А (справочное) Сведения об использовании технологий искусственного интеллекта');
    const page = await lines(m);
    expect(page).toContain('ПРИЛОЖЕНИЕ А / (справочное) / Сведения об использовании технологий искусственного интеллекта');
    const body = page.join('\n');
    expect(body).toContain('включено 23 источника');
    expect(body).toMatch(/поиск и отбор источников/);
    expect(body).toMatch(/Автор работы .* должен проверить/);
    expect(aiAppendix('А', { writer: 'llm', sources: 11 }).paragraphs[1]).toContain('11 источников');
    expect(aiAppendix('А', { writer: 'llm', sources: 21 }).paragraphs[1]).toContain('21 источник)');
    expect(aiAppendix('А', { writer: 'llm', sources: 0 }).paragraphs[1]).not.toContain('включено');
  });
});

describe('URLs', () => {
  it('may break after / . - _ ? & = and print nothing there', () => {
    const url = 'https://cyberleninka.ru/article/n/tsifrovaya-ekonomika?page=2&x=1';
    const broken = breakableUrls(`URL: ${url} (дата обращения: 01.03.2025).`);
    expect(broken).toContain(`https://cyberleninka.${BREAK}ru/${BREAK}article/`);
    expect(broken).toContain(`tsifrovaya-${BREAK}ekonomika?${BREAK}page=${BREAK}2&${BREAK}x=${BREAK}1`);
    expect(withoutBreaks(broken)).toBe(`URL: ${url} (дата обращения: 01.03.2025).`);
    // The record's closing period and the text around are left alone.
    expect(breakableUrls('См. https://doi.org/10.1/x.')).toBe(`См. https://doi.${BREAK}org/${BREAK}10.${BREAK}1/${BREAK}x.`);
    expect(breakableUrls('Текст без ссылок, т. е. обычный.')).toBe('Текст без ссылок, т. е. обычный.');
  });
});

describe('tables', () => {
  const lines3 = ['| Показатель | 2020 | 2023 |', '|---|:---:|---|', '| Доля с сайтом, % | 45 | 52 |', '| Облачные сервисы, % | 21 | 30 |'];
  const expected = {
    header: ['Показатель', '2020', '2023'],
    rows: [
      ['Доля с сайтом, %', '45', '52'],
      ['Облачные сервисы, %', '21', '30'],
    ],
  };

  it("reads a pipe table as written, and as the cleaning of a model's text leaves it (one line)", () => {
    expect(parseTable(lines3.join('\n'))).toEqual({ caption: null, table: expected });
    expect(parseTable(lines3.join(' '))).toEqual({ caption: null, table: expected });
    expect(parseTable(`Таблица: Показатели цифровизации ${lines3.join(' ')}`)).toEqual({
      caption: 'Показатели цифровизации',
      table: expected,
    });
    // Ordinary text with a bar, a table without rows or with ragged rows: not tables.
    expect(parseTable('Отношение a | b описано в работе.')).toBeNull();
    expect(parseTable('| a | b | |---|---|')).toBeNull();
    expect(parseTable('| a | b | |---|---| | 1 | 2 | 3 |')).toBeNull();
    expect(captionOf('Таблица: Динамика показателей.')).toBe('Динамика показателей');
    expect(captionOf('Таблица 2 – Сравнение подходов')).toBe('Сравнение подходов');
    expect(captionOf('Таблицы приводятся ниже')).toBeNull();
  });

  it('makes the text refer to the table by its number', () => {
    expect(withTableReference('Данные приведены в таблице ниже.', 3)).toBe('Данные приведены в таблице 3.');
    expect(withTableReference('Во следующей таблице сведены показатели.', 2)).toBe('Во таблице 2 сведены показатели.');
    expect(withTableReference('Показатели сопоставлены (см. таблицу).', 1)).toBe('Показатели сопоставлены (таблица 1).');
    expect(withTableReference('Как видно из таблицы 4, рост продолжается.', 4)).toBe('Как видно из таблицы 4, рост продолжается.');
    expect(withTableReference('Рост продолжается.', 5)).toBe('Рост продолжается. Данные приведены в таблице 5.');
    expect(withTableReference(undefined, 6)).toBe('Данные приведены в таблице 6.');
  });

  it('takes the tables out of a subsection, numbered through the paper, captions from the line before', () => {
    let n = 4;
    const resolve = (paras: string[]) => paras.filter((p) => p.trim()).map((p) => text(p));
    const out = extractTables(
      [
        'Первый абзац.',
        'Показатели приведены в таблице ниже.',
        'Таблица: Показатели цифровизации',
        lines3.join(' '),
        'Вывод.',
        lines3.join('\n'),
      ],
      () => ++n,
      resolve,
    );
    expect(out.paragraphs).toEqual([
      text('Первый абзац.'),
      text('Показатели приведены в таблице 5.'),
      text('Вывод. Данные приведены в таблице 6.'),
    ]);
    expect(out.tables!.map((t) => [t.after, t.table.number, t.table.title])).toEqual([
      [2, 5, text('Показатели цифровизации')],
      [3, 6, text('Сопоставление данных источников')],
    ]);
    expect(out.tables![0].table.rows[1]).toEqual([text('Облачные сервисы, %'), text('21'), text('30')]);
    expect(extractTables(['Просто текст.'], () => 1, resolve)).toEqual({ paragraphs: [text('Просто текст.')] });
  });

  it('are typeset with the caption above on the left, counted in the реферат', async () => {
    const m = model({
      abstract: { keywords: ['а', 'б', 'в', 'г', 'д'], paragraphs: ['Объект.'] },
      chapters: [
        {
          number: 1,
          title: 'Первая глава работы',
          written: true,
          subsections: [
            {
              number: '1.1',
              title: 'Подраздел',
              paragraphs: [text('Данные в таблице 1.'), text('После таблицы.')],
              tables: [
                {
                  after: 1,
                  table: { number: 1, title: text('Показатели'), header: [text('А'), text('Б')], rows: [[text('1'), text('2')]] },
                },
              ],
            },
          ],
        },
      ],
    });
    const docx = await buildDocx(m, { pages: new Map([[TOTAL_PAGES, 9]]) });
    const xml = (await readZip(docx, (n) => n === 'word/document.xml')).get('word/document.xml')!.toString();
    const at = (s: string) => xml.indexOf(s);
    expect(at('Данные в таблице 1.')).toBeLessThan(at('Таблица 1 – '));
    expect(at('Таблица 1 – ')).toBeLessThan(at('<w:tbl>'));
    expect(at('</w:tbl>')).toBeLessThan(at('После таблицы.'));
    expect(await lines(m, new Map([[TOTAL_PAGES, 9]]))).toContain(
      'Выпускная квалификационная работа 9\u00A0с., 1\u00A0табл., 1\u00A0источн.',
    );
  });
});
