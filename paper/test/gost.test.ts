import { describe, expect, it } from 'vitest';
import { formatRecord } from '../src/bibliography/gost.ts';
import { buildBibliography, compareEntries } from '../src/bibliography/list.ts';
import { createReferencer } from '../src/bibliography/refs.ts';
import { normalizeCitation } from '../src/bibliography/text.ts';
import type { BibSource } from '../src/bibliography/types.ts';

/**
 * Vectors marked "(пример стандарта)" reproduce examples printed in GOST R 7.0.100-2018 itself
 * (dissertation, autoreferat, federal law, web site); the others are built by its rules for the
 * cases the issue lists (1-5+ authors, collections, articles, chapters, electronic resources).
 * Test vectors are written with ordinary spaces; the formatter must put non-breaking ones inside names and before pages. */
const plain = (s: string) => s.replace(/\u00A0/g, ' ');

describe('GOST R 7.0.100-2018 descriptions', () => {
  it('marks a place or a publisher a database left out: «[Б. м.]», «[б. и.]», «[S. l.]», «[s. n.]»', () => {
    const book = { kind: 'book' as const, authors: [{ family: 'Петров', given: 'П. П.' }], year: 2021, pageCount: 100 };
    expect(plain(formatRecord({ ...book, title: 'Цифровая экономика', publisher: 'Наука' }))).toContain(
      '. – [Б. м.] : Наука, 2021. – 100 с.',
    );
    expect(plain(formatRecord({ ...book, title: 'Цифровая экономика', place: 'Москва' }))).toContain(
      '. – Москва : [б. и.], 2021. – 100 с.',
    );
    expect(plain(formatRecord({ ...book, authors: [{ family: 'Smith', given: 'J.' }], title: 'Digital economy' }))).toContain(
      '. – [S. l.] : [s. n.], 2021. – 100 p.',
    );
  });

  it('formats a book by one author', () => {
    const text = formatRecord({
      kind: 'book',
      title: 'Логистика. Транспорт и склад в цепи поставок',
      subtitle: 'учебное пособие',
      authors: [{ family: 'Никифоров', given: 'Валерий Викторович' }],
      place: 'Москва',
      publisher: 'ГроссМедиа',
      year: 2008,
      pageCount: 192,
    });
    expect(plain(text)).toBe(
      'Никифоров, В. В. Логистика. Транспорт и склад в цепи поставок : учебное пособие / В. В. Никифоров. – Москва : ГроссМедиа, 2008. – 192 с. – Текст : непосредственный.',
    );
    expect(text).toContain('Никифоров,\u00A0В.\u00A0В.');
    expect(text).toContain('192\u00A0с.');
  });

  it('formats books by two and three authors with the first in the heading', () => {
    const two = formatRecord({
      kind: 'book',
      title: 'Почвоведение',
      subtitle: 'учебник',
      authors: [
        { family: 'Хабаров', given: 'А. В.' },
        { family: 'Яскин', given: 'А. А.' },
      ],
      place: 'Москва',
      publisher: 'Колос',
      year: 2001,
      pageCount: 231,
    });
    expect(plain(two)).toBe(
      'Хабаров, А. В. Почвоведение : учебник / А. В. Хабаров, А. А. Яскин. – Москва : Колос, 2001. – 231 с. – Текст : непосредственный.',
    );
    const three = formatRecord({
      kind: 'book',
      title: 'Простейшие модели теории оболочек и пластин в офтальмологии',
      authors: [
        { family: 'Бауэр', given: 'С. М.' },
        { family: 'Зимин', given: 'Б. А.' },
        { family: 'Товстик', given: 'П. Е.' },
      ],
      place: 'Санкт-Петербург',
      publisher: 'Издательство Санкт-Петербургского университета',
      year: 2000,
      pageCount: 89,
    });
    expect(plain(three)).toBe(
      'Бауэр, С. М. Простейшие модели теории оболочек и пластин в офтальмологии / С. М. Бауэр, Б. А. Зимин, П. Е. Товстик. – Санкт-Петербург : Издательство Санкт-Петербургского университета, 2000. – 89 с. – Текст : непосредственный.',
    );
  });

  it('starts a book by four authors with its title and names all four', () => {
    const text = formatRecord({
      kind: 'book',
      title: 'Экономика предприятия',
      subtitle: 'учебник',
      authors: [
        { family: 'Иванов', given: 'Иван Петрович' },
        { family: 'Петров', given: 'Пётр Сергеевич' },
        { family: 'Сидоров', given: 'Сергей Иванович' },
        { family: 'Кузнецова', given: 'Анна Юрьевна' },
      ],
      edition: '2-е изд., перераб. и доп.',
      place: 'Москва',
      publisher: 'Юрайт',
      year: 2021,
      pageCount: 350,
      isbn: '978-5-534-00000-0',
    });
    expect(plain(text)).toBe(
      'Экономика предприятия : учебник / И. П. Иванов, П. С. Петров, С. И. Сидоров, А. Ю. Кузнецова. – 2-е изд., перераб. и доп. – Москва : Юрайт, 2021. – 350 с. – ISBN 978-5-534-00000-0. – Текст : непосредственный.',
    );
  });

  it('shortens five and more authors to the first three with [и др.]', () => {
    const text = formatRecord({
      kind: 'book',
      title: 'Цифровая экономика',
      subtitle: 'учебное пособие',
      authors: ['Алексеев', 'Борисов', 'Васильев', 'Григорьев', 'Дмитриев'].map((family) => ({ family, given: 'А. А.' })),
      place: 'Санкт-Петербург',
      publisher: 'Питер',
      year: 2020,
      pageCount: 240,
    });
    expect(plain(text)).toBe(
      'Цифровая экономика : учебное пособие / А. А. Алексеев, А. А. Борисов, А. А. Васильев [и др.]. – Санкт-Петербург : Питер, 2020. – 240 с. – Текст : непосредственный.',
    );
  });

  it('formats an edited collection', () => {
    const text = formatRecord({
      kind: 'collection',
      title: 'Социальная политика в современной России',
      subtitle: 'сборник научных трудов',
      responsibility: 'под редакцией Н. А. Волгина',
      place: 'Москва',
      publisher: 'Экономика',
      year: 2019,
      pageCount: 312,
    });
    expect(plain(text)).toBe(
      'Социальная политика в современной России : сборник научных трудов / под редакцией Н. А. Волгина. – Москва : Экономика, 2019. – 312 с. – Текст : непосредственный.',
    );
  });

  it('formats a journal article with the content type before //', () => {
    const text = formatRecord({
      kind: 'article',
      title: 'Вопросы организации и осуществления государственного библиографического учета в Российской Федерации',
      authors: [{ family: 'Калинина', given: 'Галина Павловна' }],
      container: { title: 'Библиография и книговедение' },
      year: 2017,
      issue: '6',
      pages: '5-15',
    });
    expect(plain(text)).toBe(
      'Калинина, Г. П. Вопросы организации и осуществления государственного библиографического учета в Российской Федерации / Г. П. Калинина. – Текст : непосредственный // Библиография и книговедение. – 2017. – № 6. – С. 5–15.',
    );
    expect(text).toContain('С.\u00A05–15');
  });

  it('formats an electronic journal article with a DOI link and access date', () => {
    const text = formatRecord({
      kind: 'article',
      title: 'Machine learning in credit risk assessment',
      authors: [
        { family: 'Smith', given: 'John R.' },
        { family: 'Brown', given: 'Anna' },
      ],
      container: { title: 'Journal of Finance and Data Science' },
      year: 2021,
      volume: '7',
      issue: '2',
      pages: '101-117',
      doi: '10.1016/j.jfds.2021.01.002',
      accessed: '15.03.2025',
    });
    expect(plain(text)).toBe(
      'Smith, J. R. Machine learning in credit risk assessment / J. R. Smith, A. Brown. – Текст : электронный // Journal of Finance and Data Science. – 2021. – Vol. 7, no. 2. – P. 101–117. – URL: https://doi.org/10.1016/j.jfds.2021.01.002 (дата обращения: 15.03.2025).',
    );
  });

  it('formats an article in a collection', () => {
    const text = formatRecord({
      kind: 'chapter',
      title: 'Цифровые платформы в региональной экономике',
      authors: [{ family: 'Орлова', given: 'Елена Викторовна' }],
      container: {
        title: 'Экономика и управление: проблемы и решения',
        subtitle: 'материалы Всероссийской научно-практической конференции',
        responsibility: 'под редакцией И. И. Смирнова',
        place: 'Казань',
        publisher: 'Отечество',
        year: 2022,
      },
      pages: '45-52',
    });
    expect(plain(text)).toBe(
      'Орлова, Е. В. Цифровые платформы в региональной экономике / Е. В. Орлова. – Текст : непосредственный // Экономика и управление: проблемы и решения : материалы Всероссийской научно-практической конференции / под редакцией И. И. Смирнова. – Казань : Отечество, 2022. – С. 45–52.',
    );
  });

  it('formats a dissertation (пример стандарта)', () => {
    const text = formatRecord({
      kind: 'dissertation',
      title: 'Религиозная политика Золотой Орды на Руси в XIII–XIV вв.',
      authors: [{ family: 'Белозеров', given: 'Иван Валентинович' }],
      specialty: { code: '07.00.02', name: 'Отечественная история' },
      degree: 'кандидата исторических наук',
      institution: 'Московский государственный университет им. М. В. Ломоносова',
      place: 'Москва',
      year: 2002,
      pageCount: 215,
    });
    expect(plain(text)).toBe(
      'Белозеров, И. В. Религиозная политика Золотой Орды на Руси в XIII–XIV вв. : специальность 07.00.02 «Отечественная история» : диссертация на соискание ученой степени кандидата исторических наук / Белозеров Иван Валентинович ; Московский государственный университет им. М. В. Ломоносова. – Москва, 2002. – 215 с. – Текст : непосредственный.',
    );
  });

  it('formats an autoreferat with the place of defence (пример стандарта)', () => {
    const text = formatRecord({
      kind: 'autoreferat',
      title: 'Функциональная организация рабочей памяти',
      authors: [{ family: 'Величковский', given: 'Борис Борисович' }],
      specialty: { code: '19.00.01', name: 'Общая психология, психология личности, история психологии' },
      degree: 'доктора психологических наук',
      institution: 'Московский государственный университет имени М. В. Ломоносова',
      place: 'Москва',
      year: 2017,
      pageCount: 44,
      defensePlace: 'Ин-т психологии РАН',
    });
    expect(plain(text)).toBe(
      'Величковский, Б. Б. Функциональная организация рабочей памяти : специальность 19.00.01 «Общая психология, психология личности, история психологии» : автореферат диссертации на соискание ученой степени доктора психологических наук / Величковский Борис Борисович ; Московский государственный университет имени М. В. Ломоносова. – Москва, 2017. – 44 с. – Место защиты: Ин-т психологии РАН. – Текст : непосредственный.',
    );
  });

  it('formats a federal law (пример стандарта) and one from a legal web site', () => {
    const print = formatRecord({
      kind: 'law',
      title: 'Об общих принципах организации местного самоуправления в Российской Федерации',
      actType: 'Федеральный закон',
      actNumber: '131-ФЗ',
      adopted: 'принят Государственной думой 16 сентября 2003 года : одобрен Советом Федерации 24 сентября 2003 года',
      place: 'Москва',
      publisher: 'Проспект',
      year: 2017,
      pageCount: 158,
      isbn: '978-5-392-26365-3',
    });
    expect(plain(print)).toBe(
      'Об общих принципах организации местного самоуправления в Российской Федерации : Федеральный закон № 131-ФЗ : [принят Государственной думой 16 сентября 2003 года : одобрен Советом Федерации 24 сентября 2003 года]. – Москва : Проспект, 2017. – 158 с. – ISBN 978-5-392-26365-3. – Текст : непосредственный.',
    );
    const online = formatRecord({
      kind: 'law',
      title: 'О персональных данных',
      actType: 'Федеральный закон',
      actDate: '27.07.2006',
      actNumber: '152-ФЗ',
      container: { title: 'КонсультантПлюс', subtitle: 'справочно-правовая система' },
      url: 'https://www.consultant.ru/document/cons_doc_LAW_61801/',
      accessed: '10.02.2025',
    });
    expect(plain(online)).toBe(
      'О персональных данных : Федеральный закон от 27.07.2006 № 152-ФЗ. – Текст : электронный // КонсультантПлюс : справочно-правовая система. – URL: https://www.consultant.ru/document/cons_doc_LAW_61801/ (дата обращения: 10.02.2025).',
    );
  });

  it('formats a web site (пример стандарта)', () => {
    const text = formatRecord({
      kind: 'web',
      title: 'Правительство Российской Федерации',
      subtitle: 'официальный сайт',
      place: 'Москва',
      updateFrequency: 'Обновляется в течение суток',
      url: 'http://government.ru',
      accessed: '19.02.2018',
    });
    expect(plain(text)).toBe(
      'Правительство Российской Федерации : официальный сайт. – Москва. – Обновляется в течение суток. – URL: http://government.ru (дата обращения: 19.02.2018). – Текст : электронный.',
    );
  });

  it('replaces the extent with the cited pages in a footnote', () => {
    const text = formatRecord(
      {
        kind: 'book',
        title: 'Почвоведение',
        subtitle: 'учебник',
        authors: [{ family: 'Хабаров', given: 'А. В.' }],
        place: 'Москва',
        publisher: 'Колос',
        year: 2001,
        pageCount: 231,
      },
      { mode: 'note', citedPages: '45-47' },
    );
    expect(plain(text)).toBe('Хабаров, А. В. Почвоведение : учебник / А. В. Хабаров. – Москва : Колос, 2001. – С. 45–47.');
  });
});

describe('list of sources', () => {
  const sources: BibSource[] = [
    {
      id: 'S1',
      origin: 'found',
      record: {
        kind: 'article',
        title: 'Zeta study',
        authors: [{ family: 'Adams', given: 'B.' }],
        container: { title: 'Nature' },
        year: 2020,
        doi: '10.1/x',
        accessed: '01.02.2025',
      },
    },
    {
      id: 'S2',
      origin: 'attached',
      citation: 'Яковлев, А. А. Основы права / А. А. Яковлев. - Москва : Юрайт, 2019. - 200 с. - Текст : непосредственный',
    },
    {
      id: 'S3',
      origin: 'attached',
      citation:
        'О персональных данных : Федеральный закон от 27.07.2006 № 152-ФЗ. – Текст : электронный // КонсультантПлюс : справочно-правовая система. – URL: https://www.consultant.ru (дата обращения: 10.02.2025).',
    },
    {
      id: 'S4',
      origin: 'found',
      record: {
        kind: 'book',
        title: 'Анализ данных',
        authors: [{ family: 'Борисов', given: 'И. И.' }],
        place: 'Москва',
        publisher: 'Наука',
        year: 2021,
        pageCount: 100,
      },
    },
    {
      id: 'S5',
      origin: 'attached',
      citation:
        'Конституция Российской Федерации : принята всенародным голосованием 12 декабря 1993 года. – Москва : Эксмо, 2022. – 64 с. – Текст : непосредственный.',
    },
  ];

  it('sorts Russian entries before foreign ones, alphabetically', () => {
    const bib = buildBibliography(sources, false);
    expect(bib.entries.map((e) => e.id)).toEqual(['S4', 'S5', 'S3', 'S2', 'S1']);
    expect(bib.groups).toBeNull();
    expect(compareEntries('Яблоко', 'Apple')).toBeLessThan(0);
  });

  it('puts normative acts first by legal force when split', () => {
    const bib = buildBibliography(sources, true);
    expect(bib.groups!.map((g) => g.title)).toEqual(['Нормативные правовые акты', 'Научная и учебная литература']);
    expect(bib.entries.map((e) => e.id)).toEqual(['S5', 'S3', 'S4', 'S2', 'S1']);
    expect(bib.entries.map((e) => e.number)).toEqual([1, 2, 3, 4, 5]);
  });

  it('normalises a citation the user typed', () => {
    expect(normalizeCitation(sources[1].citation!)).toBe(
      'Яковлев,\u00A0А.\u00A0А. Основы права / А.\u00A0А.\u00A0Яковлев. – Москва : Юрайт, 2019. – 200\u00A0с. – Текст : непосредственный.',
    );
  });
});

describe('references', () => {
  const sources = new Map<string, BibSource>([
    [
      'S1',
      {
        id: 'S1',
        origin: 'found',
        record: {
          kind: 'book',
          title: 'Почвоведение',
          authors: [{ family: 'Хабаров', given: 'А. В.' }],
          place: 'Москва',
          publisher: 'Колос',
          year: 2001,
          pageCount: 231,
        },
      },
    ],
    [
      'S2',
      {
        id: 'S2',
        origin: 'attached',
        citation: 'Яковлев, А. А. Основы права / А. А. Яковлев. – Москва : Юрайт, 2019. – 200 с. – Текст : непосредственный.',
      },
    ],
  ]);
  const numberOf = new Map([
    ['S1', 2],
    ['S2', 1],
  ]);

  it('writes in-text references with the page and drops unknown sources', () => {
    const r = createReferencer({ sources, numberOf, footnotes: false });
    const out = r.paragraph('Почва формируется долго [[S1, с. 45]]. Право [[S2]] [[S9]] изучается [[S7]].');
    expect(out).toEqual([{ kind: 'text', text: 'Почва формируется долго\u00A0[2, с.\u00A045]. Право\u00A0[1] изучается.' }]);
  });

  it('writes footnotes: full first reference, "Там же" for a repeat, short form later', () => {
    const r = createReferencer({ sources, numberOf, footnotes: true });
    const notes = [
      ...r.paragraph('А [[S1, с. 45]].'),
      ...r.paragraph('Б [[S1, с. 47]].'),
      ...r.paragraph('В [[S2, с. 10]].'),
      ...r.paragraph('Г [[S1]].'),
    ]
      .filter((p) => p.kind === 'footnote')
      .map((p) => plain(p.text));
    expect(notes).toEqual([
      'Хабаров, А. В. Почвоведение / А. В. Хабаров. – Москва : Колос, 2001. – С. 45.',
      'Там же. С. 47.',
      'Яковлев, А. А. Основы права / А. А. Яковлев. – Москва : Юрайт, 2019. – С. 10. – Текст : непосредственный.',
      'Хабаров, А. В. Почвоведение.',
    ]);
  });
});
