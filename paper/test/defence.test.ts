/**
 * The defence kit of a committed sample paper, written by the offline writer and by simulated
 * models over HTTP (well-behaved and misbehaving), measured from what it delivers: the slides
 * re-checked on their rendered PDF, every figure looked up in the paper, every answer's page
 * looked up in the paper's PDF, the speech's length, the files' packages.
 */
import { readFile } from 'node:fs/promises';
import JSZip from 'jszip';
import pptxgen from 'pptxgenjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { misbehavingDefence } from '../dev/defence-llm.ts';
import { BASE_INPUT } from '../dev/fixtures.ts';
import { startFakeLlm, type FakeLlm } from '../dev/fake-llm.ts';
import { wellBehavedModel } from '../dev/misbehaving-llm.ts';
import { correctDeck } from '../src/defence/correct.ts';
import type { Deck } from '../src/defence/deck.ts';
import { packageProblems } from '../src/defence/package-check.ts';
import { buildPptx } from '../src/defence/pptx.ts';
import { checkSlides, contrast } from '../src/defence/slide-check.ts';
import { makeDefenceKit } from '../src/defence/kit.ts';
import { DEFENCE_STAGES, runStages, startRun } from '../src/engine.ts';
import { createLlmWriter, createMemoryCheckpoints, createOfflineWriter, createPdfConverterPool, PaperError } from '../src/index.ts';
import type { Writer } from '../src/index.ts';
import { kitFigures, KIT_TARGETS } from './support/kit-figures.ts';

const pool = createPdfConverterPool({ size: 2 });
let docx: Buffer;
let pdf: Buffer;
beforeAll(async () => {
  docx = await readFile(new URL('../samples/sme-regions-full.docx', import.meta.url));
  pdf = await pool.convert(docx);
});
afterAll(() => pool.close());

const kitWith = (writer: Writer, checkpoints = createMemoryCheckpoints()) =>
  makeDefenceKit(
    { docx, pdf },
    { writer, checkpoints, pdf: pool, tariff: 'basic', titlePage: { student: 'Иванова А. С.', group: 'ЭК-21', city: 'Москва' } },
  );

async function expectWithinTargets(kit: Awaited<ReturnType<typeof kitWith>>) {
  const f = await kitFigures(kit, { docx, pdf });
  expect(f.violations).toEqual([]);
  expect(f.slides).toBeGreaterThanOrEqual(KIT_TARGETS.slides[0]);
  expect(f.slides).toBeLessThanOrEqual(KIT_TARGETS.slides[1]);
  expect(f.unfound).toEqual([]);
  expect(f.figures).toBeGreaterThan(0);
  expect(f.words).toBeGreaterThanOrEqual(KIT_TARGETS.words[0]);
  expect(f.words).toBeLessThanOrEqual(KIT_TARGETS.words[1]);
  expect(f.questions).toBeGreaterThanOrEqual(KIT_TARGETS.questions[0]);
  expect(f.questions).toBeLessThanOrEqual(KIT_TARGETS.questions[1]);
  expect(f.misplaced).toEqual([]);
  for (const file of [kit.pptx, kit.speech, kit.questions]) expect(await packageProblems(file)).toEqual([]);
  return f;
}

describe('a kit of the sample paper', () => {
  it('offline: slides, speech and questions within their targets, the title page from the order', async () => {
    const kit = await kitWith(createOfflineWriter());
    await expectWithinTargets(kit);
    expect(kit.slides[0]).toMatchObject({ kind: 'title', title: 'Цифровая трансформация управления малым бизнесом в регионах России' });
    expect(kit.slides[0].lines).toEqual(expect.arrayContaining(['Выполнил(а): студент(ка) группы ЭК-21 Иванова А. С.', 'Москва 2026']));
    expect(kit.slides.at(-1)?.kind).toBe('closing');
    // The paper's tables: one as a native table, one as a chart (each row one figure in %).
    expect(kit.slides.map((s) => s.kind)).toEqual(expect.arrayContaining(['table', 'chart']));
    // Every slide but the title has its part of the speech in its notes.
    const zip = await JSZip.loadAsync(kit.pptx);
    for (let n = 2; n <= kit.slides.length; n++) {
      const notes = await zip.file(`ppt/notesSlides/notesSlide${n}.xml`)?.async('string');
      expect(notes, `notes of slide ${n}`).toContain(
        kit.speechParts[n - 1].sentences[0].slice(0, 30).replace(/&/g, '&amp;').replace(/"/g, '&quot;'),
      );
    }
    const speech = (await (await import('mammoth')).default.extractRawText({ buffer: kit.speech })).value;
    expect(speech).toContain('Доклад к защите');
    expect(speech).toMatch(/Слайд 3\. /);
    const questions = (await (await import('mammoth')).default.extractRawText({ buffer: kit.questions })).value;
    expect(questions).toContain('Вопросы комиссии и ответы');
    expect(questions).toMatch(/В работе: с\. \d+, /);
    expect(new Set(kit.questionList.map((q) => q.topic)).size).toBe(7);
  });

  describe('simulated models over HTTP', () => {
    let llm: FakeLlm;
    let misbehave = false;
    beforeAll(async () => {
      const model = wellBehavedModel();
      llm = await startFakeLlm({ apiKey: 'k', answer: (req) => (misbehave ? misbehavingDefence(req, model(req)) : model(req)) });
    });
    afterAll(() => llm.close());
    const writer = () =>
      createLlmWriter({ baseURL: llm.url, apiKey: 'k', models: { basic: 'sim', professional: 'sim' }, retryBaseMs: 10, retryMaxMs: 50 });

    it('well-behaved: its bullets, speech and answers are kept', async () => {
      misbehave = false;
      const kit = await kitWith(writer());
      await expectWithinTargets(kit);
      expect(kit.grounding.bullets.replaced).toBe(0);
      expect(kit.grounding.speech.kept).toBeGreaterThan(20);
      expect(kit.grounding.questions.kept).toBeGreaterThanOrEqual(15);
      expect(
        llm.log
          .filter((c) => c.key.startsWith('defence:'))
          .map((c) => c.key)
          .sort(),
      ).toEqual(['defence:questions', 'defence:slides', 'defence:speech']);
    });

    it('misbehaving: invented figures, overlong bullets, wrong pages and a speech three times too long never reach the kit', async () => {
      misbehave = true;
      const checkpoints = createMemoryCheckpoints();
      const kit = await kitWith(writer(), checkpoints);
      await expectWithinTargets(kit);
      expect(kit.grounding.bullets.replaced).toBeGreaterThan(0);
      expect(kit.grounding.speech.dropped).toBeGreaterThan(0);
      expect(kit.grounding.questions.dropped).toBeGreaterThan(0);
      const everything = [
        ...kit.slides.flatMap((s) => s.lines),
        ...kit.questionList.map((q) => q.answer),
        ...kit.speechParts.flatMap((p) => p.sentences),
      ].join('\n');
      expect(everything).not.toMatch(/вырос на|рост показателя на|см\. с\. \d|на с\. \d{3}|Колокольцев/);
      // Resumed from its checkpoints: no call is made again.
      const before = llm.log.length;
      const again = await kitWith(writer(), checkpoints);
      expect(llm.log.length).toBe(before);
      expect(again.speechParts).toEqual(kit.speechParts);
    });
  });
});

describe('the slides’ own normocontrol', () => {
  const figures = { all: new Set(['12', '31', '2026']), tables: new Map([[1, new Set(['12', '31'])]]) };
  const bullets = (n: number, text: (i: number) => string) => Array.from({ length: n }, (_, i) => text(i));
  const deckOf = (slides: Deck['slides']): Deck => ({
    title: 'Тема',
    author: '',
    slides: [
      {
        kind: 'title',
        role: 'title',
        notes: '',
        sources: [],
        topic: 'Тема работы',
        top: [],
        workKind: 'Курсовая работа',
        people: [],
        foot: '2026',
      },
      ...slides,
      ...Array.from({ length: 10 - slides.length }, () => ({
        kind: 'bullets' as const,
        role: 'conclusions' as const,
        notes: '',
        sources: [],
        title: 'Выводы',
        lead: null,
        bullets: ['Короткий тезис работы'],
        numberFrom: null,
      })),
      { kind: 'closing', role: 'closing', notes: '', sources: [], title: 'Спасибо за внимание!', subtitle: '«Тема работы»' },
    ],
  });
  const run = async (deck: Deck, tamper?: (zip: JSZip) => Promise<void>) => {
    let pptx = await buildPptx(deck);
    if (tamper) {
      const zip = await JSZip.loadAsync(pptx);
      await tamper(zip);
      pptx = await zip.generateAsync({ type: 'nodebuffer' });
    }
    return checkSlides({ deck, pptx, pdf: await pool.convert(pptx, { kind: 'pptx' }), figures });
  };

  it('finds too many lines, figures the paper does not have, a low contrast, and the corrections make the deck pass', async () => {
    const long = {
      kind: 'bullets' as const,
      role: 'chapter:1' as const,
      notes: '',
      sources: [],
      title: 'Глава 1. Результаты',
      lead: null,
      bullets: bullets(
        8,
        (i) =>
          `Тезис номер ${['один', 'два', 'три', 'четыре', 'пять', 'шесть', 'семь', 'восемь'][i]} о результатах главы, достаточно длинный, чтобы занять почти всю строку слайда`,
      ),
      numberFrom: null,
    };
    const invented = {
      ...long,
      role: 'chapter:2' as const,
      title: 'Глава 2',
      bullets: ['Доля выросла с 12 до 31 %', 'Рост составил 47 %'],
    };
    const deck = deckOf([long, invented]);
    const found = await run(deck, async (zip) => {
      const slide = await zip.file('ppt/slides/slide3.xml')!.async('string');
      zip.file('ppt/slides/slide3.xml', slide.replaceAll('val="1A1A1A"', 'val="BBBBBB"'));
    });
    expect(found).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ slide: 2, rule: 'bullets.lines' }),
        expect.objectContaining({ slide: 3, rule: 'figures.paper', message: 'Числа 47 нет в тексте работы' }),
        expect.objectContaining({ slide: 3, rule: 'contrast' }),
      ]),
    );
    expect(found.filter((v) => v.rule === 'figures.paper').map((v) => v.message)).toEqual(['Числа 47 нет в тексте работы']);
    // Contrast cannot be corrected: such a deck is never delivered.
    expect(correctDeck(deck, found)).toBeNull();
    // Without the tampering: split and trimmed until it passes.
    let current: Deck | null = deck;
    for (let round = 0; round < 4 && current; round++) {
      const violations = await run(current);
      if (!violations.length) break;
      current = correctDeck(current, violations);
    }
    expect(current).not.toBeNull();
    expect(await run(current!)).toEqual([]);
    expect(current!.slides.map((s) => (s.kind === 'bullets' ? s.title : s.kind))).toContain('Глава 1. Результаты (продолжение)');
    expect(current!.slides.flatMap((s) => (s.kind === 'bullets' ? s.bullets : []))).not.toContain('Рост составил 47 %');
  });

  it('a chart whose value is not the table’s is found in its XML', async () => {
    const chart = {
      kind: 'chart' as const,
      role: 'table:1' as const,
      notes: '',
      sources: [],
      title: 'Таблица',
      chart: { number: 1, series: 'Значение', unit: '%', categories: ['А', 'Б'], values: [12, 30] },
    };
    const found = await run(deckOf([chart]));
    expect(found.filter((v) => v.rule === 'figures.table').length).toBeGreaterThan(0);
  });

  it('WCAG contrast', () => {
    expect(contrast('000000', 'FFFFFF')).toBeCloseTo(21, 0);
    expect(contrast('FFFFFF', '1F3A5F')).toBeGreaterThan(4.5);
    expect(contrast('BBBBBB', 'FFFFFF')).toBeLessThan(4.5);
  });
});

describe('the .pptx package', () => {
  it('what pptxgenjs writes makes PowerPoint repair it; the built deck is whole', async () => {
    const PptxGenJS = ((pptxgen as unknown as { default?: unknown }).default ?? pptxgen) as typeof pptxgen.default;
    const raw = new PptxGenJS();
    raw.defineSlideMaster({
      title: 'M',
      background: { color: 'FFFFFF' },
      objects: [{ rect: { x: 0, y: 0, w: 1, h: 0.1, fill: { color: '000000' } } }],
    });
    raw.addSlide({ masterName: 'M' }).addText('Один', { x: 1, y: 1, w: 3, h: 1 });
    raw.addSlide({ masterName: 'M' }).addText('Два', { x: 1, y: 1, w: 3, h: 1 });
    const problems = await packageProblems(Buffer.from((await raw.write({ outputType: 'nodebuffer' })) as Uint8Array));
    expect(problems).toEqual(
      expect.arrayContaining([
        'тип содержимого объявлен для отсутствующей части ppt/slideMasters/slideMaster2.xml',
        expect.stringContaining('заполнители на образце заметок'),
        expect.stringContaining('фигура без текстового блока'),
        expect.stringContaining('фон без списка эффектов'),
      ]),
    );
    const zip = await JSZip.loadAsync(await buildPptx({ title: 'Т', author: '', slides: [] }));
    zip.remove('ppt/presentation.xml');
    expect(await packageProblems(await zip.generateAsync({ type: 'nodebuffer' }))).toEqual(
      expect.arrayContaining([expect.stringContaining('ведёт к отсутствующей части ppt/presentation.xml')]),
    );
  });
});

it('the defence pipeline after a paper: the kit of the laid-out paper in the run’s state, its calls under the run’s checkpoints', async () => {
  const checkpoints = createMemoryCheckpoints();
  const run = startRun(
    { ...BASE_INPUT, attachedSources: [] },
    { writer: createOfflineWriter(), search: null, checkpoints, pdf: pool, onProgress: () => {}, titlePage: { student: 'Петров П. П.' } },
  );
  const state = await runStages(
    run,
    { warnings: [], laid: { docx, pdf, pageCount: 79, pages: new Map(), conversions: 1 } },
    DEFENCE_STAGES,
    {
      report: true,
    },
  );
  expect(state.defence?.slides[0].lines).toContain('Выполнил(а): Петров П. П.');
  expect(checkpoints.keys()).toEqual(expect.arrayContaining(['llm:defence:slides', 'llm:defence:speech', 'llm:defence:questions']));
});

it('a .docx without an introduction and chapters is refused in Russian', async () => {
  const { Document, Packer, Paragraph } = await import('docx');
  const bare = await Packer.toBuffer(new Document({ sections: [{ children: [new Paragraph('Просто текст без заголовков.')] }] }));
  const error = await makeDefenceKit(
    { docx: bare },
    { writer: createOfflineWriter(), checkpoints: createMemoryCheckpoints(), pdf: pool, tariff: 'basic' },
  ).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(PaperError);
  expect(error).toMatchObject({ code: 'invalid_input', message: expect.stringContaining('не найдены введение и главы') });
});
