/**
 * A revision round on a delivered full paper: remarks from Word comments and from text, applied to
 * the sections they concern and to nothing else, with a «Лист доработок» that says what became of
 * each; the new version resumes from its checkpoints and is itself revisable.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTACHED, BASE_INPUT, CATALOGUE } from '../dev/fixtures.ts';
import { withComments } from '../dev/commented-docx.ts';
import {
  createLocalSearch,
  createMemoryCheckpoints,
  createOfflineWriter,
  createPdfConverterPool,
  generatePaper,
  isSnapshot,
  readDocxComments,
  remarksOfComments,
  revisePaper,
} from '../src/index.ts';
import type { GeneratedPaper, PaperSnapshot, RevisionResult, RunContext } from '../src/index.ts';
import type { AttachedSource } from '../src/input/types.ts';
import { numbersIn } from '../src/grounding/numbers.ts';
import type { FoundWork } from '../src/bibliography/types.ts';
import { sentencesOf } from '../src/text/sentences.ts';
import { readZip } from '../src/zip.ts';
import { citedPassageIds, withoutMarkers } from '../src/passages/markers.ts';
import { sourcesOfSnapshot } from '../src/run/snapshot.ts';

const pool = createPdfConverterPool({ size: 1 });
afterAll(() => pool.close());

const ctx = (checkpoints = createMemoryCheckpoints(), now = '2025-03-01T12:00:00Z'): RunContext => ({
  writer: createOfflineWriter(),
  search: createLocalSearch(CATALOGUE),
  checkpoints,
  pdf: pool,
  onProgress: () => {},
  now: new Date(now),
});

let paper: GeneratedPaper;
let base: PaperSnapshot;
let revised: RevisionResult;
const progress: { stage: string; percent: number }[] = [];
const checkpoints = createMemoryCheckpoints();
/** A sentence of a subsection that no other one has (the offline writer repeats its bank of sentences). */
const sentenceOf = (key: string) => {
  const texts = new Map(base.written.subsections);
  const elsewhere = [...texts]
    .filter(([k]) => k !== key)
    .map(([, p]) => withoutMarkers(p.join(' ')))
    .join(' ');
  const sentences = texts
    .get(key)!
    .slice(1)
    .flatMap((p) => withoutMarkers(p).split(/(?<=\.)\s/));
  return sentences.find((s) => s.length > 60 && !elsewhere.includes(s.slice(0, 50)))!;
};

beforeAll(async () => {
  paper = await generatePaper({ ...BASE_INPUT, attachedSources: ATTACHED }, ctx());
  // Stored as JSON by the api, read back for the round.
  base = JSON.parse(JSON.stringify(paper.snapshot)) as PaperSnapshot;
  const commented = await withComments(paper.docx, [
    { on: sentenceOf('2.1'), text: 'Раскройте подробнее' },
    { on: sentenceOf('3.2'), text: 'Приведите пример', edit: (t) => `${t} (дополнено студентом)` },
    { on: sentenceOf('1.3'), text: 'Добавьте результаты анкетирования сотрудников' },
  ]);
  const { comments } = await readDocxComments(commented);
  revised = await revisePaper(
    base,
    {
      remarks: [
        ...remarksOfComments(comments),
        { origin: 'text', text: 'Где выводы по главе 2?' },
        { origin: 'text', text: 'Ссылки оформлены не по ГОСТ' },
      ],
      scope: null,
      versions: { from: 1, to: 2 },
    },
    { ...ctx(checkpoints, '2025-06-01T12:00:00Z'), onProgress: (p) => void progress.push(p) },
  );
}, 600_000);

describe('a revision round', () => {
  it('starts from the paper as delivered: its state is kept as JSON', () => {
    expect(isSnapshot(base)).toBe(true);
    expect(base.pageCount).toBe(paper.pageCount);
    expect(base.bibliography).toEqual(paper.bibliography.map((e) => e.text));
  });

  it('says what became of every remark, and where', () => {
    const outcomes = revised.report.outcomes;
    // The comments in the order of the document, then the typed remarks.
    expect(outcomes.map((o) => [o.kind, o.status])).toEqual([
      ['author_data', 'author'],
      ['expand', 'done'],
      ['example', 'done'],
      ['chapter_conclusion', 'done'],
      ['citations', 'done'],
    ]);
    expect(outcomes[0].detail).toMatch(/^Требует данных автора: результаты опроса/);
    expect(outcomes[0].sections).toEqual([]);
    expect(outcomes[1].sections).toEqual(['2.1']);
    expect(outcomes[1].where[0]).toMatch(/^п\. 2\.1 «.+», с\. \d+/);
    expect(outcomes[2].sections).toEqual(['3.2']);
    expect(outcomes[3].sections).toEqual(['2.3']);
    expect(outcomes[4].detail).toMatch(/нарушений нет/);
  });

  it('changes only the sections the remarks concern', () => {
    const before = new Map(base.written.subsections);
    const after = new Map(revised.snapshot.written.subsections);
    const changed = [...after.keys()].filter((k) => after.get(k)!.join('\n') !== before.get(k)!.join('\n'));
    expect(changed).toEqual(['2.1', '2.3', '3.2']);
    expect(revised.snapshot.written.introduction).toEqual(base.written.introduction);
    expect(revised.snapshot.written.conclusion).toEqual(base.written.conclusion);
    expect(after.get('2.1')!.join(' ').length).toBeGreaterThan(before.get('2.1')!.join(' ').length * 1.1);
    expect(after.get('3.2')!.some((p) => /^Например, .*\[\[p\d+\]\]/.test(p))).toBe(true);
  });

  it('delivers a new version that passes the normocontrol within its volume, with its report as a .docx', async () => {
    expect(revised.normocontrol.ok).toBe(true);
    expect(revised.pageCount).toBeGreaterThanOrEqual(76);
    expect(revised.report.pages).toEqual({ before: paper.pageCount, after: revised.pageCount });
    const files = await readZip(revised.reportDocx, (n) => n === 'word/document.xml');
    const xml = files.get('word/document.xml')!.toString('utf8');
    expect(xml).toContain('ЛИСТ ДОРАБОТОК');
    expect(xml).toContain('Требует данных автора');
    expect(xml).toContain('Версия 2');
    // Progress as for a generation: named stages, never going back, ending at 100.
    expect(progress.map((p) => p.stage)).toContain('Доработка по замечаниям');
    expect(progress.map((p) => p.percent)).toEqual([...progress.map((p) => p.percent)].sort((a, b) => a - b));
    expect(progress.at(-1)).toMatchObject({ stage: 'Готово', percent: 100 });
  });

  it('brings a paper over its window back by shortening the sections it cleared of old works, and cites no old work there again', async () => {
    // A paper delivered longer than the volume now asked: over its window, and a paper-wide remark on
    // old works concerns the only sections that may change (every other one keeps its size).
    const longer = await generatePaper({ ...BASE_INPUT, attachedSources: ATTACHED, requiredVolume: 88 }, ctx());
    const volume = BASE_INPUT.requiredVolume;
    expect(longer.pageCount).toBeGreaterThan(Math.floor(volume * 1.05));
    const base = JSON.parse(JSON.stringify(longer.snapshot)) as PaperSnapshot;
    const round = await revisePaper(
      { ...base, input: { ...base.input, requiredVolume: volume } },
      { remarks: [{ origin: 'text', text: 'Устаревшие источники в списке литературы, замените' }], scope: null },
      ctx(createMemoryCheckpoints(), '2025-06-01T12:00:00Z'),
    );
    const [outcome] = round.report.outcomes;
    expect(outcome).toMatchObject({ kind: 'outdated', status: 'done' });
    expect(round.pageCount).toBeGreaterThanOrEqual(Math.ceil(volume * 0.95));
    expect(round.pageCount).toBeLessThanOrEqual(Math.floor(volume * 1.05));
    const before = new Map(base.written.subsections);
    const after = new Map(round.snapshot.written.subsections);
    const year = new Map(sourcesOfSnapshot(ATTACHED, round.snapshot).list.map((s) => [s.id, s.work?.year ?? Infinity]));
    const sourceOf = new Map(round.snapshot.passages.list.map((p) => [p.id, p.sourceId]));
    expect(outcome.sections.length).toBeGreaterThan(0);
    for (const k of outcome.sections) {
      const cited = after
        .get(k)!
        .flatMap(citedPassageIds)
        .map((id) => sourceOf.get(id)!);
      expect(cited.filter((id) => year.get(id)! < 2020)).toEqual([]);
    }
    // Shortened, not only replaced: the sections it concerns are shorter than they were in all.
    const total = (m: Map<string, string[]>) => outcome.sections.reduce((n, k) => n + m.get(k)!.join('').length, 0);
    expect(total(after)).toBeLessThan(total(before));
  }, 600_000);

  it('resumes from its checkpoints without writing again, and its version can be revised in turn', async () => {
    const keys = (checkpoints as unknown as { keys(): string[] }).keys();
    expect(keys).toContain('revision:applied');
    expect(keys.some((k) => k.startsWith('llm:remark:add:2.1'))).toBe(true);
    const resumed = await revisePaper(base, { remarks: [], scope: null }, ctx(checkpoints, '2025-06-01T12:00:00Z'));
    // The stored stage is the round's: the same texts whatever the request now says.
    expect(resumed.snapshot.written).toEqual(revised.snapshot.written);
    const third = await revisePaper(
      JSON.parse(JSON.stringify(revised.snapshot)) as PaperSnapshot,
      { remarks: [{ origin: 'text', text: 'В п. 1.1 приведите пример' }], scope: ['1'] },
      ctx(createMemoryCheckpoints(), '2025-06-02T12:00:00Z'),
    );
    expect(third.report.outcomes[0]).toMatchObject({ kind: 'example', status: 'done', sections: ['1.1'] });
    expect(new Map(third.snapshot.written.subsections).get('2.1')).toEqual(new Map(revised.snapshot.written.subsections).get('2.1'));
  });
});

/** The works a version cites in each section: section -> source ids, and each source's year. */
function citationsOf(snapshot: PaperSnapshot) {
  const sourceOf = new Map(snapshot.passages.list.map((p) => [p.id, p.sourceId]));
  const year = new Map(sourcesOfSnapshot(ATTACHED, snapshot).list.map((s) => [s.id, s.work?.year]));
  const sections = new Map<string, string[]>([
    ['introduction', snapshot.written.introduction],
    ...snapshot.written.subsections,
    ['conclusion', snapshot.written.conclusion ?? []],
  ]);
  const cited = new Map([...sections].map(([k, p]) => [k, new Set(p.flatMap(citedPassageIds).map((id) => sourceOf.get(id)!))]));
  return { cited, year: (id: string) => year.get(id) };
}

describe('what a round reports', () => {
  it('reads «старше 2019 года» as a year: no older work stays cited, and the report quotes the year', async () => {
    const round = await revisePaper(
      base,
      { remarks: [{ origin: 'text', text: 'Замените источники старше 2019 года' }], scope: null },
      ctx(createMemoryCheckpoints(), '2025-06-01T12:00:00Z'),
    );
    const before = citationsOf(base);
    // The paper as delivered cites works of 2017 and 2018: what the remark is about.
    expect([...before.cited.values()].some((ids) => [...ids].some((id) => (before.year(id) ?? Infinity) < 2019))).toBe(true);
    const [outcome] = round.report.outcomes;
    expect(outcome).toMatchObject({ kind: 'outdated', status: 'done' });
    expect(outcome.detail).toMatch(/^В п\. \d\.\d ссылки на работы, изданные до 2019 г\., заменены более новыми/);
    const after = citationsOf(round.snapshot);
    for (const [, ids] of after.cited) expect([...ids].filter((id) => (after.year(id) ?? Infinity) < 2019)).toEqual([]);
  });

  it('agrees with the section it names, and tells an example asked with figures that the sources have none', async () => {
    const round = await revisePaper(
      base,
      {
        remarks: [
          { origin: 'text', text: 'Во введении сделайте акцент на малом бизнесе Сибири' },
          { origin: 'text', text: 'В заключении много воды, сократите' },
          { origin: 'text', text: 'В п. 2.2 приведите пример с цифрами из источника' },
        ],
        scope: null,
      },
      ctx(createMemoryCheckpoints(), '2025-06-01T12:00:00Z'),
    );
    const [introduction, conclusion, example] = round.report.outcomes;
    expect(introduction).toMatchObject({ kind: 'rewrite', status: 'done', detail: 'Введение переработано с учётом замечания' });
    expect(conclusion).toMatchObject({ kind: 'shorten', status: 'done' });
    expect(conclusion.detail).toMatch(/^Заключение сокращено на \d+ знаков$/);
    // The catalogue's passages state no figures: no example is made up, and the report says why.
    expect(example).toMatchObject({ kind: 'example', status: 'not_done', sections: [] });
    expect(example.detail).toBe('В источниках п. 2.2 нет числовых данных: пример с цифрами не приведён, придумывать их сервис не станет');
    expect(new Map(round.snapshot.written.subsections).get('2.2')).toEqual(new Map(base.written.subsections).get('2.2'));
  });

  it('says whether a work it cites is new to the list or was in it', async () => {
    const before = citationsOf(base);
    const recent = (id: string) => (before.year(id) ?? 0) >= 2023;
    // The paper cites a work of 2023 (the catalogue's only recent one), and a subsection does not.
    expect([...before.cited.values()].some((ids) => [...ids].some(recent))).toBe(true);
    const key = [...before.cited.keys()].find((k) => /^\d\.\d$/.test(k) && ![...before.cited.get(k)!].some(recent))!;
    const remarks = [{ origin: 'text' as const, text: `В п. ${key} добавьте один свежий источник` }];
    const listed = await revisePaper(base, { remarks, scope: null }, ctx(createMemoryCheckpoints(), '2025-06-01T12:00:00Z'));
    expect(listed.report.outcomes[0]).toMatchObject({
      kind: 'recent',
      status: 'done',
      detail: `В п. ${key} впервые процитирована работа 2023 г., уже бывшая в списке`,
    });
    expect(listed.report.added).toEqual([]);

    // A work of 2024 the databases have and the paper does not: added to the list.
    const fresh: FoundWork = {
      ...CATALOGUE[5],
      id: 'local-24',
      title: 'Цифровые сервисы поддержки малого бизнеса в регионах России',
      authors: [{ family: 'Яковлева', given: 'Яна' }],
      doi: '10.0000/test.2024.24',
      year: 2024,
    };
    const added = await revisePaper(
      base,
      { remarks, scope: null },
      { ...ctx(createMemoryCheckpoints(), '2025-06-01T12:00:00Z'), search: createLocalSearch([...CATALOGUE, fresh]) },
    );
    expect(added.report.outcomes[0]).toMatchObject({
      kind: 'recent',
      status: 'done',
      detail: `В п. ${key} процитирована работа 2024 г., добавленная в список источников`,
    });
    expect(added.report.added).toEqual([expect.stringContaining(fresh.title)]);
  });

  it('gives an example asked with figures a figure its cited passage holds', async () => {
    // A statistical digest among the attached sources: passages that state figures.
    const digest: AttachedSource = {
      fileName: 'statistika.txt',
      citation:
        'Малое предпринимательство в регионах России : статистический сборник. – Москва : Росстат, 2023. – 96 с. – Текст : непосредственный.',
      text: Array.from(
        { length: 6 },
        (_, i) =>
          `Раздел ${i + 1}. Доля малых предприятий регионов, использующих облачные сервисы учёта, за пять лет выросла с 14 до 31 %. ` +
          'Средняя выручка малого предприятия, продающего через маркетплейсы, составила 48 млн руб. в год. ' +
          'Цифровые платформы поддержки малого бизнеса действуют в большинстве регионов России.',
      ).join('\f'),
    };
    const attached = [...ATTACHED, digest];
    const paper = await generatePaper({ ...BASE_INPUT, attachedSources: attached }, ctx());
    const delivered = JSON.parse(JSON.stringify(paper.snapshot)) as PaperSnapshot;
    const round = await revisePaper(
      delivered,
      { remarks: [{ origin: 'text', text: 'В п. 2.2 добавьте пример с цифрами из источника' }], scope: null },
      ctx(createMemoryCheckpoints(), '2025-06-01T12:00:00Z'),
    );
    const [outcome] = round.report.outcomes;
    expect(outcome).toMatchObject({
      kind: 'example',
      status: 'done',
      detail: 'В п. 2.2 добавлен пример с цифрами из цитируемого источника',
    });
    // The example's sentence states a number its cited passage holds.
    const passages = new Map(round.snapshot.passages.list.map((p) => [p.id, p.text]));
    const was = new Map(delivered.written.subsections).get('2.2')!;
    const added = new Map(round.snapshot.written.subsections).get('2.2')!.filter((p) => !was.includes(p) && /Например,/.test(p));
    const figures = added
      .flatMap(sentencesOf)
      .filter((s) => /Например,/.test(s))
      .flatMap((s) => {
        const held = new Set(citedPassageIds(s).flatMap((id) => [...numbersIn(passages.get(id) ?? '')]));
        return [...numbersIn(withoutMarkers(s))].filter((n) => held.has(n));
      });
    expect(figures.length).toBeGreaterThan(0);
  });
});
