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
