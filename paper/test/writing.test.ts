/**
 * Writing that holds up: subsections written side by side from the plan, each told what the others
 * will cover; what repeats goes; no figure
 * without a passage that holds it; chapter conclusions; the introduction and the conclusion as a
 * reviewer expects them; the volume topped up from unused passages and a paper outside its window
 * not delivered.
 */
import { describe, expect, it } from 'vitest';
import { BASE_INPUT } from '../dev/fixtures.ts';
import { createCallRunner } from '../src/calls.ts';
import { writeIntroduction } from '../src/introduction/index.ts';
import { keyAuthorsOf, keyAuthorsSentence } from '../src/sources/key-authors.ts';
import { acceptConclusion, planDigest, writeConclusion } from '../src/conclusion/index.ts';
import type { OutlineBrief } from '../src/outline/types.ts';
import { concludeChapter, subsectionPlan, writeSection } from '../src/sections/index.ts';
import { sectionMessages, sourcesText } from '../src/sections/prompt.ts';
import { buildRunSources } from '../src/sources/index.ts';
import { cleanText } from '../src/text/clean.ts';
import { dropUngroundedNumbers, groundingOf } from '../src/grounding/numbers.ts';
import { dropRepeatedAcross } from '../src/grounding/repeats.ts';
import { topUp } from '../src/volume/index.ts';
import { createMemoryCheckpoints, createOfflineWriter, createPdfConverterPool, generatePaper, PaperError } from '../src/index.ts';
import type { Writer, WriterCall } from '../src/index.ts';
import type { PassageBrief } from '../src/writer/types.ts';

const OUTLINE: OutlineBrief = {
  topic: 'Цифровая трансформация малого бизнеса',
  title: 'Цифровая трансформация малого бизнеса',
  keywords: ['цифровизация'],
  chapters: [
    { title: 'Теоретические основы', subsections: ['Понятие цифровой трансформации', 'Инструменты управления'] },
    { title: 'Анализ цифровизации в регионах', subsections: ['Уровень цифровизации', 'Барьеры'] },
    { title: 'Направления совершенствования', subsections: ['Облачные сервисы', 'Компетенции персонала'] },
  ],
  goal: 'разработать направления цифровой трансформации',
  tasks: ['раскрыть понятие цифровой трансформации', 'проанализировать уровень цифровизации', 'предложить направления развития'],
  object: 'малые предприятия',
  subject: 'цифровая трансформация управления',
  methods: ['анализ литературы', 'сравнение'],
};

const PASSAGES: PassageBrief[] = Array.from({ length: 8 }, (_, i) => ({
  id: `p${i + 1}`,
  source: `Автор ${i + 1}. Статья`,
  page: String(10 + i),
  text: `Доля малых предприятий с облачной бухгалтерией в регионе ${i + 1} составила ${20 + i} % в 2021 году, а спрос на электронный документооборот вырос.`,
}));
const passageText = (id: string) => PASSAGES.find((p) => p.id === id)?.text;
const grounding = groundingOf({ outline: OUTLINE, passageText });

/** A writer that answers from a script and remembers every call. */
function scripted(answer: (call: WriterCall) => string): Writer & { calls: WriterCall[] } {
  const calls: WriterCall[] = [];
  return {
    kind: 'llm',
    calls,
    async complete(call) {
      calls.push(call);
      return { text: answer(call), promptTokens: 1, completionTokens: 1, model: 'script' };
    },
  };
}

const runnerOf = (writer: Writer) => createCallRunner({ writer, checkpoints: createMemoryCheckpoints(), tariff: 'basic' });

describe('the repetition guard', () => {
  it('drops a sentence whose 5-grams an earlier subsection wrote, keeping the first telling and what is new', () => {
    const repeated = 'Облачная бухгалтерия снижает издержки малых предприятий в отдалённых районах страны.';
    const texts = new Map([
      ['1.1', [`${repeated} Электронный документооборот ускоряет расчёты с поставщиками.`]],
      ['1.2', [`Государственная поддержка расширяет доступ к кредитам. ${repeated}`, repeated]],
    ]);
    const { texts: out, dropped } = dropRepeatedAcross(texts);
    expect(dropped).toBe(2);
    expect(out.get('1.1')).toEqual(texts.get('1.1'));
    expect(out.get('1.2')).toEqual(['Государственная поддержка расширяет доступ к кредитам.']);
  });

  it('gives the citation of a repeated sentence citing a new source to the sentence it repeats', () => {
    const sentence = 'Облачная бухгалтерия снижает издержки малых предприятий в отдалённых районах страны';
    const sourceOf = (id: string) => ({ p1: 'S1', p2: 'S2', p3: 'S1' })[id];
    const { texts } = dropRepeatedAcross(
      new Map([
        ['1.1', [`${sentence} [[p1]]. Электронный документооборот ускоряет расчёты с поставщиками.`]],
        ['1.2', [`Государственная поддержка расширяет доступ к кредитам. ${sentence} [[p2]].`]],
        ['1.3', [`${sentence} [[p3]].`, 'Маркетплейсы открывают малым предприятиям новые рынки сбыта.']],
      ]),
      sourceOf,
    );
    expect(texts.get('1.1')).toEqual([`${sentence} [[p1, p2]]. Электронный документооборот ускоряет расчёты с поставщиками.`]);
    expect(texts.get('1.2')).toEqual(['Государственная поддержка расширяет доступ к кредитам.']);
    // p3's source is cited already: nothing to merge, the repetition just goes.
    expect(texts.get('1.3')).toEqual(['Маркетплейсы открывают малым предприятиям новые рынки сбыта.']);
  });
});

describe('number grounding', () => {
  it('keeps a figure its cited passage holds and drops a sentence with a figure nothing holds', () => {
    const { paragraphs, dropped } = dropUngroundedNumbers(
      [
        'Доля таких предприятий составила 20 % в 2021 году [[p1]]. По оценке авторов, она вырастет до 45,5 % к 2030 г. Выводы приведены в главе 2.',
        'В результате безналичная оплата ускоряет расчёты (см. с. 284) — до 12,3 % к 2019 г. Спрос на услуги растёт.',
        'Показатель достиг 21 % [[p999]].',
      ],
      grounding,
    );
    expect(paragraphs).toEqual([
      'Доля таких предприятий составила 20 % в 2021 году [[p1]]. Выводы приведены в главе 2.',
      'Спрос на услуги растёт.',
    ]);
    expect(dropped).toBe(3);
  });

  it('allows the numbers of the topic and the outline', () => {
    const g = groundingOf({ outline: { ...OUTLINE, goal: 'разработать стратегию до 2030 года' }, passageText });
    expect(dropUngroundedNumbers(['Стратегия рассчитана до 2030 года.'], g).paragraphs).toEqual(['Стратегия рассчитана до 2030 года.']);
  });
});

describe('a model answer', () => {
  it('loses a reference list of its own', () => {
    expect(cleanText('Текст подраздела о цифровизации.\n\nСписок литературы:\n\n1. Петров П. П. Книга. – М., 2020. – 200 с.')).toEqual([
      'Текст подраздела о цифровизации.',
    ]);
  });
});

describe('a subsection', () => {
  it('is written from its planned works, told what the others written alongside will cover, and loses an invented figure', async () => {
    const writer = scripted(
      () =>
        'Цифровая трансформация меняет управление малым предприятием. ' +
        `Доля предприятий с облачной бухгалтерией составила 20 % [[p1]]. Выручка выросла на 37 %.\n\n` +
        'Таким образом, цифровизация затрагивает все процессы предприятия.',
    );
    const others = [subsectionPlan('1.2', 'Инструменты управления', PASSAGES.slice(4, 7))];
    const paragraphs = await writeSection({
      outline: OUTLINE,
      chapter: 1,
      subsection: 1,
      targetChars: 2000,
      sources: PASSAGES.slice(0, 4),
      usedPassages: others.flatMap((p) => p.passages.map((x) => x.id)),
      plan: others,
      works: ['Автор 1. Статья', 'Автор 2. Статья'],
      part: { index: 1, of: 1 },
      tableAllowed: true,
      grounding,
      calls: runnerOf(writer),
    });
    const prompt = writer.calls[0].messages[1].content;
    expect(prompt).toContain('Сошлись хотя бы один раз на каждую из этих работ: Автор 1. Статья; Автор 2. Статья.');
    expect(prompt).toContain('пишутся одновременно с этим');
    expect(prompt).toContain('– подраздел 1.2 «Инструменты управления»: [p5] Автор 5. Статья: Доля малых предприятий');
    expect(writer.calls[0].messages[0].content).toContain('Ни одного числа, процента или даты');
    // The invented 37 % is gone with its sentence, the cited 20 % stays.
    expect(paragraphs.join(' ')).not.toContain('37');
    expect(paragraphs.join(' ')).toContain('20 % [[p1]]');
  });

  it('is told which part of it this is when written in parts side by side', () => {
    const prompt = (index: number) =>
      sectionMessages({
        outline: OUTLINE,
        chapter: 1,
        subsection: 1,
        targetChars: 2000,
        sources: PASSAGES.slice(0, 2),
        usedPassages: [],
        plan: [],
        works: [],
        part: { index, of: 2 },
        table: false,
      })[1].content;
    expect(prompt(1)).toContain('Это часть 1 из 2 текста подраздела');
    expect(prompt(1)).toContain('промежуточный вывод в конце не делай');
    expect(prompt(2)).toContain('закончи кратким промежуточным выводом по всему подразделу');
  });

  it("extended later, sees a foreign passage with the Russian of its terms (the topic's glossary)", () => {
    const foreign = { id: 'p9', source: 'Smith J. Small firms', page: '3', text: 'Small firms adopt cloud accounting.' };
    const text = sourcesText(
      [foreign],
      [
        { en: 'cloud', ru: 'облачный' },
        { en: 'accounting', ru: 'учет' },
        { en: 'tax', ru: 'налог' },
      ],
    );
    expect(text).toContain('Small firms adopt cloud accounting.\nТермины фрагмента по-русски: cloud — облачный; accounting — учет');
    expect(text).not.toContain('tax —');
  });
});

describe("a chapter's conclusions", () => {
  it('follow its own subsections and close the last of them', async () => {
    const writer = scripted(() => 'Выводы по главе 1: понятие и инструменты цифровой трансформации раскрыты.');
    const texts = new Map([
      ['1.1', ['Понятие трансформации раскрывается по источникам главы.']],
      ['1.2', ['Инструменты управления раскрываются по источникам главы.']],
      ['2.1', ['Уровень цифровизации оценён.']],
    ]);
    await concludeChapter({ outline: OUTLINE, chapter: 1, texts, grounding, calls: runnerOf(writer) });
    expect(writer.calls.map((c) => c.key)).toEqual(['chapter-conclusion:1']);
    expect(writer.calls[0].messages[1].content).toContain('Инструменты управления раскрываются');
    expect(writer.calls[0].messages[1].content).not.toContain('Уровень цифровизации оценён');
    expect(texts.get('1.2')!.at(-1)).toBe('Выводы по главе 1. Понятие и инструменты цифровой трансформации раскрыты.');
  });

  it('are written by the offline writer too', async () => {
    const texts = new Map([
      ['2.1', ['Уровень цифровизации оценён.']],
      ['2.2', ['Барьеры выявлены.']],
    ]);
    await concludeChapter({ outline: OUTLINE, chapter: 2, texts, grounding, calls: runnerOf(createOfflineWriter()) });
    const last = texts.get('2.2')!.at(-1)!;
    expect(last).toMatch(/^Выводы по главе 2\. /);
    expect(last).toContain('подраздел');
    expect(last).toContain('«Барьеры»');
  });
});

describe('the introduction and the conclusion', () => {
  it('name the object, subject, aim, tasks, methods and the key authors of the sources', async () => {
    const sources = buildRunSources(
      [{ text: 'текст', citation: 'Иванов, И. И. Малый бизнес / И. И. Иванов. – Москва : Наука, 2020. – 200 с.', fileName: 'a.pdf' }],
      [
        {
          provider: 'local',
          id: 'w1',
          kind: 'article',
          title: 'Digital small business',
          authors: [{ family: 'Smith', given: 'John' }],
          year: 2021,
        },
        {
          provider: 'local',
          id: 'w2',
          kind: 'article',
          title: 'Цифровизация',
          authors: [{ family: 'Петрова', given: 'Анна Сергеевна' }],
          year: 2022,
        },
      ],
      '01.03.2025',
    );
    const authors = keyAuthorsOf(sources);
    expect(authors).toEqual(['И.\u00A0И.\u00A0Иванов', 'А.\u00A0С.\u00A0Петрова', 'J.\u00A0Smith']);
    expect(keyAuthorsSentence(authors)).toContain('таких авторов, как И.\u00A0И.\u00A0Иванов, А.\u00A0С.\u00A0Петрова и J.\u00A0Smith');
    const intro = (await writeIntroduction(OUTLINE, 3000, runnerOf(createOfflineWriter()), { grounding, keyAuthors: authors })).join('\n');
    for (const part of [
      'Цель работы – ',
      'задачи:',
      'Объект исследования – ',
      'Предмет исследования – ',
      'Методы исследования: ',
      'Петрова',
    ])
      expect(intro).toContain(part);
    for (const task of OUTLINE.tasks) expect(intro).toContain(task);
  });

  it('the conclusion, written from the plan, answers each task, in order, with no figure the body does not give', async () => {
    const plan = subsectionPlan('1.1', 'Понятие цифровой трансформации', PASSAGES.slice(0, 2));
    const text = await writeConclusion(
      OUTLINE,
      [{ number: '1.1', title: plan.title, digest: planDigest(plan) }],
      3000,
      runnerOf(createOfflineWriter()),
    );
    const paragraphs = acceptConclusion(OUTLINE, `${text}\n\nДоля выросла до 64 %.`, ['Доля составила 20 % [[p1]].']);
    OUTLINE.tasks.forEach((task, i) => expect(paragraphs[i]).toContain(`«${task}»`));
    expect(paragraphs.join(' ')).not.toContain('64 %');
    expect(acceptConclusion(OUTLINE, 'Доля составила 20 %.', ['Доля составила 20 % [[p1]].'])).toEqual(['Доля составила 20 %.']);
  });
});

describe('a volume top-up', () => {
  it('extends the thinnest subsections from unused passages, before their closing, without repeating or inventing', async () => {
    const closing = 'Таким образом, подраздел завершён промежуточным выводом.';
    const texts = new Map([
      ['1.1', ['Первый абзац о понятии цифровой трансформации малого бизнеса [[p1]].', closing]],
      ['1.2', ['Длинный абзац об инструментах управления. '.repeat(40).trim(), 'Второй вывод подраздела об инструментах.']],
    ]);
    const writer = scripted(
      () =>
        'Первый абзац о понятии цифровой трансформации малого бизнеса [[p1]].\n\n' +
        'Спрос на электронный документооборот вырос, как показано в источнике [[p3]]. Рынок вырос на 77 %.',
    );
    const added = await topUp({
      round: 1,
      chars: 500,
      outline: OUTLINE,
      texts,
      sourcesFor: (n) => (n === '1.1' ? PASSAGES.slice(0, 2) : PASSAGES.slice(2, 5)),
      sourceOf: (id) => `S${id.slice(1)}`,
      grounding,
      dropRepeats: true,
      calls: runnerOf(writer),
    });
    expect(writer.calls.map((c) => c.key)).toEqual(['extend:r1:1.1']);
    // p1 is cited already: the extension is written from p2 and the chapter's other unused passages.
    expect(writer.calls[0].task.kind === 'extend' && writer.calls[0].task.sources.map((p) => p.id)).toEqual(['p2', 'p3', 'p4', 'p5']);
    expect(texts.get('1.1')).toEqual([
      'Первый абзац о понятии цифровой трансформации малого бизнеса [[p1]].',
      'Спрос на электронный документооборот вырос, как показано в источнике [[p3]].',
      closing,
    ]);
    expect(added).toBe('Спрос на электронный документооборот вырос, как показано в источнике [[p3]].'.length);
  });
});

describe('a paper outside its volume', () => {
  it('is not delivered: the run fails with volume_out_of_range', { timeout: 180_000 }, async () => {
    const offline = createOfflineWriter();
    // A model that writes a sentence whatever it is asked for.
    const writer: Writer = {
      kind: 'offline',
      async complete(call) {
        const reply = await offline.complete(call);
        const tiny = ['section', 'extend', 'introduction', 'chapter-conclusion'].includes(call.task.kind);
        return tiny ? { ...reply, text: `Короткий ответ модели на вызов ${call.key.replace(/\d/g, '')}.` } : reply;
      },
    };
    const pdf = createPdfConverterPool({ size: 1 });
    try {
      const error = await generatePaper(
        { ...BASE_INPUT, type: 'demo' },
        { writer, search: null, checkpoints: createMemoryCheckpoints(), pdf, onProgress: () => {}, now: new Date('2025-03-01') },
      ).catch((e) => e);
      expect(error).toBeInstanceOf(PaperError);
      expect(error.code).toBe('volume_out_of_range');
      expect(error.message).toMatch(/^Не удалось выдержать объём работы: \d+ с\. при допустимых 10–15 с\./);
    } finally {
      await pdf.close();
    }
  });
});
