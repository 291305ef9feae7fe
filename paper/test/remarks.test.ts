/** Remarks as a revision round reads them: split, classified, placed; Word comments with their anchors. */
import { Document, Packer, Paragraph, TextRun } from 'docx';
import { describe, expect, it } from 'vitest';
import { withComments } from '../dev/commented-docx.ts';
import { buildZip } from '../dev/zip.ts';
import { PaperError } from '../src/errors.ts';
import { classifyRemark } from '../src/remarks/classify.ts';
import { readDocxComments } from '../src/remarks/docx-comments.ts';
import { locateRemark, PaperIndex } from '../src/remarks/locate.ts';
import { splitRemarks } from '../src/remarks/split.ts';

const NOW = new Date('2025-05-20T12:00:00Z');

describe('text remarks', () => {
  it('are one per numbered item, a line without a marker continuing the item', () => {
    expect(splitRemarks('1. Раскройте подробнее п. 2.1\n2) Устаревшие источники,\nзамените их\n– Где выводы по главе 2?')).toEqual([
      'Раскройте подробнее п. 2.1',
      'Устаревшие источники, замените их',
      'Где выводы по главе 2?',
    ]);
  });
  it('are one per paragraph without a list, and «1.2 …» is a section, not an item', () => {
    expect(splitRemarks('1.2 раскройте подробнее\nи приведите пример\n\nОформите ссылки по ГОСТ')).toEqual([
      '1.2 раскройте подробнее и приведите пример',
      'Оформите ссылки по ГОСТ',
    ]);
    expect(splitRemarks('Раскройте подробнее\nГде выводы?')).toEqual(['Раскройте подробнее', 'Где выводы?']);
    expect(splitRemarks('  \n\n ')).toEqual([]);
  });
  it('are none in lines without a word: a dash, dots, an empty item', () => {
    expect(splitRemarks('—\n...\n3.')).toEqual([]);
    expect(splitRemarks('1. Раскройте подробнее\n2.\n–')).toEqual(['Раскройте подробнее']);
  });
});

describe('a remark', () => {
  const kind = (text: string) => classifyRemark(text, NOW).kind;
  it('is read as supervisors write it', () => {
    expect(kind('Раскройте подробнее')).toBe('expand');
    expect(kind('Слишком поверхностно')).toBe('expand');
    expect(kind('Сократите, много воды')).toBe('shorten');
    expect(kind('Приведите пример')).toBe('example');
    expect(kind('Сведите эти данные в таблицу')).toBe('table');
    expect(kind('Где выводы по главе?')).toBe('chapter_conclusion');
    expect(kind('Это уже было в 1.2, повтор')).toBe('repetition');
    expect(kind('Сделайте акцент на малом бизнесе Сибири')).toBe('rewrite');
    expect(kind('Устаревшие источники')).toBe('outdated');
    expect(kind('Добавьте зарубежных авторов')).toBe('foreign');
    expect(kind('Нужны свежие источники, за последние 3 года')).toBe('recent');
    expect(kind('Сошлитесь на работу Иванова И. И. «Цифровая экономика региона» (2021)')).toBe('cite_work');
    expect(kind('Ссылки оформлены не по ГОСТ')).toBe('citations');
    expect(kind('Заголовки пишутся без точки')).toBe('headings');
    expect(kind('Проверьте нумерацию страниц')).toBe('numbering');
    expect(kind('Шрифт и интервалы по ГОСТ 7.32')).toBe('layout');
    expect(kind('Добавьте результаты анкетирования сотрудников')).toBe('author_data');
    expect(kind('Нужна таблица по данным вашего предприятия за 3 года')).toBe('author_data');
    expect(kind('Не хватает подписи руководителя')).toBe('author_data');
  });
  it('on old works keeps the years it names, five by default', () => {
    expect(classifyRemark('Устаревшие источники', NOW).year).toBe(2020);
    expect(classifyRemark('Замените источники старше 3 лет', NOW).year).toBe(2022);
    expect(classifyRemark('Источники должны быть не ранее 2019 г.', NOW).year).toBe(2019);
    expect(classifyRemark('Уберите литературу 2015 года и старше', NOW).year).toBe(2016);
  });
  it('reads four digits as a year, never as a count of years or of works', () => {
    const read = (text: string) => classifyRemark(text, NOW);
    // «Старше 2017 года»: works published before 2017 go (not «older than 2017 years»).
    expect(read('Замените источники старше 2017 года')).toEqual({ kind: 'outdated', class: 'sources', year: 2017 });
    expect(read('Уберите работы ранее 2016 г.')).toEqual({ kind: 'outdated', class: 'sources', year: 2016 });
    expect(read('Источники должны быть не старше 2019 г.').year).toBe(2019);
    expect(read('Замените источники до 2015 года').year).toBe(2015);
    expect(read('Уберите литературу 2015 года и ранее').year).toBe(2016);
    expect(read('Замените литературу: нужна изданная после 2018 года').year).toBe(2019);
    // A count of years stays a count.
    expect(read('Замените источники старше пяти лет').year).toBe(2020);
    expect(read('Замените источники: нужны работы за последние 5 лет').year).toBe(2021);
    // Works to add: from the year said; a range of years is no number of works.
    expect(read('Добавьте 2 источника с 2022 года')).toEqual({ kind: 'recent', class: 'sources', year: 2022, count: 2 });
    expect(read('Добавьте свежие источники 2023–2025 гг.')).toEqual({ kind: 'recent', class: 'sources', year: 2023, count: 3 });
    expect(read('Добавьте работы 2024 года')).toEqual({ kind: 'recent', class: 'sources', year: 2024, count: 3 });
  });
  it('on an example says whether it asks for figures', () => {
    expect(classifyRemark('Добавьте пример с цифрами из источника', NOW)).toEqual({ kind: 'example', class: 'content', figures: true });
    expect(classifyRemark('Приведите количественный пример', NOW)).toMatchObject({ kind: 'example', figures: true });
    expect(classifyRemark('Приведите пример с данными', NOW)).toMatchObject({ kind: 'example', figures: true });
    expect(classifyRemark('Приведите пример', NOW)).toEqual({ kind: 'example', class: 'content' });
  });
  it('names the work it asks to cite, or the count of works to add', () => {
    expect(classifyRemark('Сошлитесь на работу Иванова И. И. «Цифровая экономика региона» (2021)', NOW).work).toMatchObject({
      title: 'Цифровая экономика региона',
      author: 'Иванова',
      year: 2021,
    });
    expect(classifyRemark('Добавьте 3–5 зарубежных источников', NOW).count).toBe(3);
    expect(classifyRemark('Добавьте не менее пяти иностранных источников', NOW).count).toBe(5);
  });
});

describe('where a remark applies', () => {
  const index = new PaperIndex({
    chapters: [
      { title: 'Теоретические основы', subsections: ['Понятие цифровой трансформации', 'Инструменты управления'] },
      { title: 'Анализ цифровизации', subsections: ['Маркетплейсы как каналы сбыта', 'Барьеры цифровизации'] },
    ],
    texts: new Map([
      ['introduction', ['Актуальность темы исследования определяется ростом цифровой экономики [[p1]].']],
      ['1.1', ['Цифровая трансформация понимается как изменение бизнес-моделей предприятия [[p2]].']],
      ['1.2', ['Облачные сервисы учёта снижают издержки малых предприятий и упрощают отчётность.']],
      ['2.1', ['Маркетплейсы открывают малым предприятиям доступ к покупателям в других регионах [[p3]].']],
      ['2.2', ['Главный барьер — дефицит цифровых компетенций у персонала малых предприятий.', 'Выводы по главе 2. Итоги.']],
      ['conclusion', ['В работе решены все поставленные задачи.']],
    ]),
  });
  it('is the section its comment was made on, found by the words even after the student edited them', () => {
    expect(
      locateRemark({ origin: 'comment', text: 'Раскройте', anchor: 'Облачные сервисы учета снижают издержки малых' }, index),
    ).toMatchObject({
      sections: ['1.2'],
      how: 'anchor',
    });
    const edited = 'Маркетплейсы открывают малым предприятиям быстрый доступ к покупателям в других регионах [5, с. 12]';
    expect(locateRemark({ origin: 'comment', text: 'Пример?', anchor: edited }, index)?.sections).toEqual(['2.1']);
    expect(locateRemark({ origin: 'comment', text: 'Где выводы по главе?', anchor: 'Барьеры цифровизации' }, index)).toMatchObject({
      sections: ['2.2'],
      chapter: 2,
    });
  });
  it('is what its text names, or a subsection whose title it shares a word with', () => {
    expect(locateRemark({ origin: 'text', text: 'В п. 2.2 приведите пример' }, index)?.sections).toEqual(['2.2']);
    expect(locateRemark({ origin: 'text', text: 'Где выводы по второй главе?' }, index)).toMatchObject({
      sections: ['2.1', '2.2'],
      chapter: 2,
    });
    expect(locateRemark({ origin: 'text', text: 'Во введении не раскрыта актуальность' }, index)?.sections).toEqual(['introduction']);
    expect(locateRemark({ origin: 'text', text: 'Мало сказано о маркетплейсах' }, index)?.sections).toEqual(['2.1']);
    expect(locateRemark({ origin: 'text', text: 'Раскройте подробнее' }, index)).toBeNull();
    expect(locateRemark({ origin: 'instruction', text: 'Сделайте акцент на Сибири', section: '1.1' }, index)?.sections).toEqual(['1.1']);
  });
});

describe('Word comments', () => {
  async function docxOf(paragraphs: string[]): Promise<Buffer> {
    return Packer.toBuffer(
      new Document({ sections: [{ children: paragraphs.map((p) => new Paragraph({ children: [new TextRun(p)] })) }] }),
    );
  }
  it('are read with the text they were made on and the heading above it', async () => {
    const docx = await withComments(
      await docxOf([
        '1.1 Понятие цифровой трансформации',
        'Цифровая трансформация меняет бизнес-модели малых предприятий.',
        'ЗАКЛЮЧЕНИЕ',
        'Итоги работы.',
      ]),
      [
        { on: 'меняет бизнес-модели', text: 'Раскройте подробнее' },
        { on: 'Итоги работы', text: 'Где выводы?\nИ рекомендации', edit: () => 'Итоги всей работы.' },
      ],
    );
    const read = await readDocxComments(docx);
    expect(read.comments).toEqual([
      {
        id: '0',
        author: 'Научный руководитель',
        text: 'Раскройте подробнее',
        anchor: 'Цифровая трансформация меняет бизнес-модели малых предприятий.',
        heading: '1.1 Понятие цифровой трансформации',
      },
      { id: '1', author: 'Научный руководитель', text: 'Где выводы?\nИ рекомендации', anchor: 'Итоги всей работы.', heading: 'ЗАКЛЮЧЕНИЕ' },
    ]);
  });
  it('are none in a document without them; a file that is not a .docx is refused', async () => {
    expect((await readDocxComments(await docxOf(['Текст']))).comments).toEqual([]);
    await expect(readDocxComments(Buffer.from('not a zip'))).rejects.toBeInstanceOf(PaperError);
    await expect(readDocxComments(buildZip([{ name: 'a.txt', data: Buffer.from('x') }]))).rejects.toThrow(/word\/document\.xml/);
  });
});
