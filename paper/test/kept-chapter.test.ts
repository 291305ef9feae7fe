import { describe, expect, it } from 'vitest';
import { keptChapterOf, placeKeptChapter, withKeptWorks } from '../src/demo/kept-chapter.ts';
import { OutlineSchema } from '../src/outline/schema.ts';
import type { Passage } from '../src/passages/types.ts';
import { buildRunSources } from '../src/sources/index.ts';
import type { FoundWork } from '../src/bibliography/types.ts';

const work = (n: number, doi?: string): FoundWork => ({
  provider: 'openalex',
  id: `W${n}`,
  doi,
  title: `Цифровая экономика регионов ${n}`,
  authors: [{ family: 'Иванов', given: 'И. И.' }],
  year: 2020 + n,
  kind: 'article',
  container: 'Вестник',
});
const ATTACHED = {
  text: 'Текст файла пользователя о малом бизнесе.',
  citation: 'Петров П. П. Малый бизнес. – М., 2021. – 100 с.',
  fileName: 'a.pdf',
};

describe("a demo's chapter 1 kept in its full version", () => {
  // The demo: the user's file S1, found works S2 (W1) and S3 (W2, with a DOI).
  const demoSources = buildRunSources([ATTACHED], [work(1), work(2, '10.1/ABC')], '01.03.2025');
  const demoPassages: Passage[] = [
    { id: 'p1', sourceId: 'S1', page: '5', text: 'Текст файла пользователя о малом бизнесе.' },
    { id: 'p2', sourceId: 'S2', page: null, text: 'Аннотация первой работы.' },
    { id: 'p3', sourceId: 'S3', page: '12', text: 'Страница двенадцать второй работы.' },
  ];
  const written = new Map([
    ['1.1', ['Первый абзац [[p1]].', 'Второй [[p2, p3]].']],
    ['1.2', ['Третий [[p3]].']],
  ]);
  const kept = keptChapterOf(written, new Map(demoPassages.map((p) => [p.id, p])), new Map(demoSources.map((s) => [s.id, s])));

  it('stores the texts, the cited passages and their works, and survives the outline schema', () => {
    expect(kept.subsections).toEqual([written.get('1.1'), written.get('1.2')]);
    expect(kept.passages.map((p) => p.id).sort()).toEqual(['p1', 'p2', 'p3']);
    const outline = {
      version: 1,
      topic: 'т',
      title: 'т',
      annotation: 'а',
      keywords: ['к'],
      chapters: [1, 2, 3].map((n) => ({ title: `Глава ${n}`, subsections: ['а'] })),
      goal: '',
      tasks: ['з'],
      object: '',
      subject: '',
      methods: [],
      searchQueries: [],
      introduction: '',
      keptChapter: JSON.parse(JSON.stringify(kept)),
    };
    expect(OutlineSchema.parse(outline).keptChapter).toEqual(kept);
  });

  it('finds the works again in a new search, adds the missing ones, and renames the markers', () => {
    // The full run's search returns W2 (its DOI in other case) first and never W1.
    const found = withKeptWorks([{ ...work(2, '10.1/abc'), id: 'other' }, work(7)], kept);
    expect(found.map((w) => w.id)).toEqual(['other', 'W7', 'W1']);
    const sources = buildRunSources([ATTACHED], found, '01.03.2025'); // S1 file, S2 W2, S3 W7, S4 W1
    const list: Passage[] = [
      { id: 'p1', sourceId: 'S1', page: '5', text: 'Текст файла пользователя о малом бизнесе.' },
      { id: 'p2', sourceId: 'S2', page: '11', text: 'Страница одиннадцать.' },
      { id: 'p3', sourceId: 'S2', page: '12', text: 'Страница двенадцать второй работы.' },
      { id: 'p4', sourceId: 'S3', page: null, text: 'Другая работа.' },
    ];
    let next = 4;
    const placed = placeKeptChapter(list, sources, kept, () => `p${++next}`);
    // W1's abstract is not among the new passages: it is added under a new id.
    expect(placed.list.slice(4)).toEqual([{ id: 'p5', sourceId: 'S4', page: null, text: 'Аннотация первой работы.' }]);
    expect(placed.texts).toEqual(
      new Map([
        ['1.1', ['Первый абзац [[p1]].', 'Второй [[p5, p3]].']],
        ['1.2', ['Третий [[p3]].']],
      ]),
    );
  });

  it("drops the marker of a passage whose file is no longer among the run's sources", () => {
    const sources = buildRunSources([], withKeptWorks([], kept), '01.03.2025');
    let next = 0;
    const placed = placeKeptChapter([], sources, kept, () => `p${++next}`);
    expect(placed.texts.get('1.1')![0]).toBe('Первый абзац.');
  });
});
