/**
 * Tables through the writing guards and the typesetter: a table is a unit, each of its numbers
 * grounded in a passage it cites; an invented row goes, a table with nothing grounded goes with its
 * reference, and the tables left are numbered in order with the text referring to each.
 */
import { describe, expect, it } from 'vitest';
import { createCallRunner } from '../src/calls.ts';
import { createMemoryCheckpoints } from '../src/checkpoints/stores.ts';
import { reviewChapter } from '../src/review/index.ts';
import type { Passage } from '../src/passages/types.ts';
import { verifyClaims } from '../src/grounding/claims.ts';
import { tableWanted } from '../src/sections/prompt.ts';
import { sectionMessages } from '../src/sections/prompt.ts';
import { cleanText } from '../src/text/clean.ts';
import { dropUngroundedNumbers, groundingOf } from '../src/grounding/numbers.ts';
import { dropRepeatedAcross } from '../src/grounding/repeats.ts';
import { isTable, tableOf } from '../src/text/tables.ts';
import { topUp, trim } from '../src/volume/index.ts';
import { buildDocx } from '../src/typeset/docx.ts';
import type { DocModel, Para } from '../src/typeset/types.ts';
import { extractTables } from '../src/typeset/tables.ts';
import { startFakeLlm } from '../dev/fake-llm.ts';
import { createLlmWriter } from '../src/writer/llm.ts';
import { createOfflineWriter } from '../src/offline-writer/index.ts';
import type { Writer, WriterCall, CallRunner } from '../src/writer/types.ts';
import { readZip } from '../src/zip.ts';

const PASSAGES: Record<string, string> = {
  p1: 'Доля малых предприятий, продающих через маркетплейсы, составляет 24 %. Рынки сбыта расширяются.',
  p2: 'Доля малых предприятий, называющих дефицит цифровых компетенций главным барьером, составляет 43 %.',
  p3: 'Облачные сервисы бухгалтерского учёта снижают издержки управления малым бизнесом.',
};
const outline = {
  topic: 'Цифровая трансформация малого бизнеса',
  title: 'Цифровая трансформация малого бизнеса',
  goal: 'цель',
  tasks: ['задача'],
  chapters: [
    { title: 'Теоретические основы', subsections: ['Понятия', 'Инструменты'] },
    { title: 'Анализ цифровизации малого бизнеса', subsections: ['Уровень цифровизации', 'Маркетплейсы'] },
    { title: 'Направления совершенствования', subsections: ['Облачные сервисы', 'Компетенции'] },
  ],
};
const grounding = groundingOf({ outline, passageText: (id) => PASSAGES[id] });

/** A model's answer: a paragraph referring to the table, the caption, the table, a paragraph after it. */
const answer = (rows: string[]) =>
  [
    'Малые предприятия всё чаще выходят на цифровые каналы сбыта. Показатели, которые приводят авторы, сведены в таблице ниже.',
    '',
    'Таблица: Показатели цифровизации малого бизнеса',
    '| Показатель | Значение | Источник |',
    '|---|---|---|',
    ...rows,
    '',
    'Облачные сервисы бухгалтерского учёта снижают издержки управления малым бизнесом [[p3]].',
  ].join('\n');
const GROUNDED = ['| Доля продающих через маркетплейсы | 24 % | [[p1]] |', '| Доля называющих дефицит компетенций | 43 % | [[p2]] |'];
const INVENTED = '| Доля внедривших CRM | 47,3 % | [[p1]] |';

const guarded = (raw: string) => dropUngroundedNumbers(cleanText(raw), grounding);

describe('a table through the guards', () => {
  it('survives intact when every number stands in a passage its row cites', async () => {
    const { paragraphs, dropped } = guarded(answer(GROUNDED));
    expect(dropped).toBe(0);
    expect(paragraphs).toHaveLength(3);
    expect(paragraphs[0]).toContain('в таблице ниже');
    expect(tableOf(paragraphs[1])).toEqual({
      caption: 'Показатели цифровизации малого бизнеса',
      header: ['Показатель', 'Значение', 'Источник'],
      rows: [
        ['Доля продающих через маркетплейсы', '24 %', '[[p1]]'],
        ['Доля называющих дефицит компетенций', '43 %', '[[p2]]'],
      ],
    });
    // The repeat guard (a second subsection with the same table and lead) and the claims check leave it whole.
    const repeated = dropRepeatedAcross(
      new Map([
        ['2.1', paragraphs],
        ['2.2', paragraphs],
      ]),
    ).texts;
    expect(repeated.get('2.2')!.filter(isTable)).toEqual([paragraphs[1]]);
    const passages = new Map(Object.entries(PASSAGES).map(([id, text]) => [id, { id, sourceId: 'S1', page: '5', text } as Passage]));
    const checked = await verifyClaims({ key: 'verify:t', paragraphs, passages, calls: {} as CallRunner, judge: 'lexical' });
    expect(checked.paragraphs[1]).toBe(paragraphs[1]);
    // Trimming for volume takes prose, never the table.
    const texts = new Map([['2.1', [...paragraphs, 'Промежуточный вывод.']]]);
    trim(texts, 1);
    expect(texts.get('2.1')!.filter(isTable)).toHaveLength(1);
  });

  it('loses a row with a number no passage it cites holds', () => {
    const { paragraphs, dropped } = guarded(answer([GROUNDED[0], INVENTED, GROUNDED[1]]));
    expect(dropped).toBe(1);
    const table = tableOf(paragraphs[1])!;
    expect(table.rows.map((r) => r[1])).toEqual(['24 %', '43 %']);
    expect(paragraphs.join(' ')).not.toContain('47,3');
    // A figure of another passage than the row cites is not grounded either.
    const swapped = guarded(answer(['| Доля продающих через маркетплейсы | 43 % | [[p1]] |', GROUNDED[1]]));
    expect(tableOf(swapped.paragraphs[1])!.rows).toEqual([['Доля называющих дефицит компетенций', '43 %', '[[p2]]']]);
  });

  it('goes whole, with its reference, when no row is grounded', () => {
    const { paragraphs, dropped } = guarded(answer([INVENTED, '| Доля с сайтом | 61 % | [[p3]] |']));
    expect(dropped).toBe(2);
    expect(paragraphs.some(isTable)).toBe(false);
    expect(paragraphs).toEqual([
      'Малые предприятия всё чаще выходят на цифровые каналы сбыта.',
      'Облачные сервисы бухгалтерского учёта снижают издержки управления малым бизнесом [[p3]].',
    ]);
    expect(paragraphs.join(' ')).not.toMatch(/таблиц/i);
  });
});

describe('tables in the paper', () => {
  const resolve = (paras: string[]): Para[] => paras.filter((p) => p.trim()).map((p) => [{ kind: 'text', text: p }]);

  it('are numbered in order after a table went, each referred to by its number', () => {
    let n = 0;
    const next = () => ++n;
    const written = [answer(GROUNDED), answer([INVENTED]), answer([GROUNDED[1]])].map((raw) => guarded(raw).paragraphs);
    const subsections = written.map((paragraphs) => extractTables(paragraphs, next, resolve));
    expect(subsections.map((s) => s.tables?.map((t) => t.table.number))).toEqual([[1], undefined, [2]]);
    const prose = subsections.flatMap((s) => s.paragraphs.map((p) => p.map((x) => x.text).join(''))).join('\n');
    expect([...prose.matchAll(/таблиц\p{L}*\s+(\S+)/gu)].map((m) => m[1])).toEqual(['1.', '2.']);
    // A writer that numbered its own tables is corrected to the paper's numbers.
    const own = extractTables(['Данные сведены в таблице 7.', cleanText(answer(GROUNDED))[1]], () => 3, resolve);
    expect(own.paragraphs[0][0].text).toBe('Данные сведены в таблице 3.');
  });

  it('are typeset with the GOST caption above them and the reference before', async () => {
    let n = 0;
    const sub = extractTables(guarded(answer([GROUNDED[0], INVENTED, GROUNDED[1]])).paragraphs, () => ++n, resolve);
    const model: DocModel = {
      kind: 'full',
      writer: 'manual',
      title: 'Проверка таблиц',
      annotation: 'Аннотация.',
      keywords: ['проверка'],
      year: 2025,
      introduction: resolve(['Введение.']),
      chapters: [{ number: 1, title: 'Анализ', written: true, subsections: [{ number: '1.1', title: 'Подраздел', ...sub }] }],
      conclusion: resolve(['Заключение.']),
      bibliography: { entries: [{ number: 1, text: 'Статья.' }], groups: null },
    };
    const docx = await buildDocx(model, { pages: new Map() });
    const xml = (await readZip(docx, (name) => name === 'word/document.xml')).get('word/document.xml')!.toString();
    // Paragraphs (a table's cells among them) as their text, and where the table starts.
    const lines = [...xml.matchAll(/<w:p[ >][\s\S]*?<\/w:p>|<w:tbl>/g)].map((p) =>
      p[0] === '<w:tbl>'
        ? '<table>'
        : [...p[0].matchAll(/<w:t[^>]*>([^<]*)<\/w:t>/g)]
            .map((t) => t[1])
            .join('')
            .replace(/\u00A0/g, ' '),
    );
    const caption = lines.indexOf('Таблица 1 – Показатели цифровизации малого бизнеса');
    expect(caption).toBeGreaterThan(0);
    expect(lines[caption + 1]).toBe('<table>');
    expect(lines[caption - 1]).toMatch(/сведены в таблице 1\.$/);
    expect(lines.slice(caption)).toEqual(expect.arrayContaining(['Доля продающих через маркетплейсы', '24 %', '43 %']));
    expect(xml).not.toContain('47,3');
  });
});

describe('the prompt asks for a table', () => {
  const brief = { ...outline, annotation: '', keywords: [], object: '', subject: '', methods: [] } as never;
  const source = (id: string) => ({ id, source: 'Источник', page: '5', text: PASSAGES[id] });

  it('in an analytical chapter whose passages state two different figures, and only there', () => {
    expect(tableWanted(brief, 2, [source('p1'), source('p2')])).toBe(true);
    expect(tableWanted(brief, 1, [source('p1'), source('p2')])).toBe(false);
    expect(tableWanted(brief, 2, [source('p1'), source('p1'), source('p3')])).toBe(false);
    const task = (sources: ReturnType<typeof source>[], table: boolean) => ({
      outline: brief,
      chapter: 2,
      subsection: 1,
      targetChars: 3000,
      sources,
      usedPassages: [],
      plan: [],
      works: [],
      glossary: [],
      part: { index: 1, of: 1 },
      table,
    });
    const prompt = sectionMessages(task([source('p1'), source('p2')], true))[1].content;
    expect(prompt).toContain('«Таблица: Название таблицы»');
    expect(prompt).toContain('в таблице ниже');
    expect(sectionMessages(task([source('p1')], false))[1].content).not.toContain('Таблица:');
  });
});

describe('the simulated writers', () => {
  const brief = { ...outline, keywords: [], object: '', subject: '', methods: [] };
  const sources = ['p1', 'p2', 'p3'].map((id) => ({ id, source: 'Источник', page: '5', text: PASSAGES[id] }));
  const task = {
    kind: 'section' as const,
    outline: brief,
    chapter: 2,
    subsection: 1,
    targetChars: 2500,
    sources,
    usedPassages: [],
    plan: [],
    works: [],
    glossary: [],
    part: { index: 1, of: 1 },
  };

  it('the fake LLM server writes the table a prompt asks for, its rows grounded', async () => {
    const llm = await startFakeLlm({ apiKey: 'k' });
    try {
      const writer = createLlmWriter({ baseURL: llm.url, apiKey: 'k', models: { basic: 'm', professional: 'm' } });
      const reply = await writer.complete({
        key: 'section:2.1',
        task: { ...task, table: true },
        messages: sectionMessages({ ...task, table: true }),
        tariff: 'basic',
        maxTokens: 2000,
      });
      const tables = guarded(reply.text).paragraphs.filter(isTable);
      expect(tables).toHaveLength(1);
      expect(tableOf(tables[0])!.rows.map((r) => r[1])).toEqual(['24 %', '43 %']);
    } finally {
      await llm.close();
    }
  });

  it('the offline writer writes the table it is asked for from its passages, every row grounded', async () => {
    const write = async (table: boolean) =>
      (
        await createOfflineWriter().complete({
          key: 'section:2.1',
          task: { ...task, table },
          messages: [],
          tariff: 'basic',
          maxTokens: 1000,
        })
      ).text;
    const { paragraphs, dropped } = guarded(await write(true));
    expect(dropped).toBe(0);
    const tables = paragraphs.filter(isTable);
    expect(tables).toHaveLength(1);
    expect(tableOf(tables[0])!.rows.map((r) => [r[1], r[2]])).toEqual([
      ['24 %', '[[p1]]'],
      ['43 %', '[[p2]]'],
    ]);
    expect(paragraphs[paragraphs.indexOf(tables[0]) - 1]).toMatch(/в таблице ниже\.$/);
    expect(cleanText(await write(false)).some(isTable)).toBe(false);
  });
});

describe('a table through a revision and an extension', () => {
  const brief = { ...outline, annotation: '', keywords: [], object: '', subject: '', methods: [] };
  const sources = ['p1', 'p2', 'p3'].map((id) => ({ id, source: 'Источник', page: '5', text: PASSAGES[id] }));
  const drafted = guarded(answer(GROUNDED)).paragraphs;
  const table = drafted[1];
  const closing = 'Таким образом, малые предприятия осваивают цифровые каналы сбыта неравномерно.';
  const lead = 'Цифровые каналы сбыта стали для малых предприятий привычным инструментом, о чём говорят данные в таблице ниже.';
  const prose = [
    'Облачные сервисы бухгалтерского учёта снижают издержки управления малым бизнесом [[p3]].',
    'Переход на облачные сервисы меняет и требования к квалификации персонала малых предприятий.',
  ];
  /** A writer whose review remarks on 2.1 and whose revision of it is `revise(prompt)`; every call kept. */
  const reviser = (revise: (prompt: string) => string) => {
    const prompts: string[] = [];
    const writer: Writer = {
      kind: 'llm',
      async complete(call) {
        const prompt = call.messages.map((m) => m.content).join('\n');
        prompts.push(prompt);
        const text =
          call.task.kind === 'review'
            ? JSON.stringify({ remarks: [{ subsection: '2.1', remark: 'Связать подраздел с задачами работы.' }] })
            : revise(prompt);
        return { text, promptTokens: 1, completionTokens: 1, model: 'script' };
      },
    };
    return { writer, prompts };
  };
  const revised = async (revise: (prompt: string) => string) => {
    const { writer, prompts } = reviser(revise);
    const texts = new Map([['2.1', [...drafted, closing]]]);
    await reviewChapter({
      outline: brief,
      chapter: 2,
      texts,
      sourcesFor: () => sources,
      grounding,
      calls: createCallRunner({ writer, checkpoints: createMemoryCheckpoints(), tariff: 'professional' }),
    });
    return { paragraphs: texts.get('2.1')!, prompts };
  };

  it('a reviser never sees the table, and the slot it keeps gets the table back in place', async () => {
    const { paragraphs, prompts } = await revised(() => [lead, '[ТАБЛИЦА 1]', ...prose, closing].join('\n\n'));
    const revise = prompts.find((p) => p.includes('Замечания рецензента'))!;
    expect(revise).toContain('[ТАБЛИЦА 1]');
    expect(revise).not.toContain('| 24 % |');
    expect(paragraphs).toEqual([lead, table, ...prose, closing]);
  });

  it('a reviser that drops the table, alters it or writes one of its own still yields the original table, once', async () => {
    const altered = table.replace('| Доля называющих дефицит компетенций | 43 % | [[p2]] |\n', '').replace('Показатели', 'Данные');
    const own = '| Канал | Доля | Источник |\n|---|---|---|\n| Маркетплейсы | 24 % | [[p1]] |';
    const replies = [
      // The slot and the table gone, the reference with them.
      [lead.replace(', о чём говорят данные в таблице ниже', ''), ...prose, closing],
      // The slot gone, the table retyped with a row less and another caption.
      [lead, altered, ...prose, closing],
      // The slot kept, and a table of its own added after the prose.
      [lead, '**[ТАБЛИЦА 1]**', prose[0], `${prose[1]} Это видно в таблице ниже.`, own, closing],
    ];
    for (const reply of replies) {
      const { paragraphs } = await revised(() => reply.join('\n\n'));
      expect(paragraphs.filter(isTable)).toEqual([table]);
      expect(paragraphs.indexOf(table)).toBe(1);
      expect(paragraphs.at(-1)).toBe(closing);
      // No reference is left without its table.
      expect(paragraphs.slice(2).join(' ')).not.toMatch(/таблиц/i);
    }
  });

  it('an extension is written from the prose and adds no table of its own', async () => {
    const calls: WriterCall[] = [];
    const writer: Writer = {
      kind: 'llm',
      async complete(call) {
        calls.push(call);
        const text = [
          'Облачные сервисы бухгалтерского учёта снижают издержки управления малым бизнесом [[p3]]. Каналы сбыта сопоставлены в таблице ниже.',
          own2,
          'Рынки сбыта расширяются вслед за цифровыми каналами продаж [[p1]].',
        ].join('\n\n');
        return { text, promptTokens: 1, completionTokens: 1, model: 'script' };
      },
    };
    const own2 = 'Таблица: Каналы\n| Канал | Доля | Источник |\n|---|---|---|\n| Маркетплейсы | 24 % | [[p1]] |';
    const texts = new Map([['2.1', [drafted[0], table, closing]]]);
    await topUp({
      round: 1,
      chars: 600,
      outline: brief,
      texts,
      sourcesFor: () => sources,
      sourceOf: () => 'S1',
      grounding,
      dropRepeats: false,
      calls: createCallRunner({ writer, checkpoints: createMemoryCheckpoints(), tariff: 'basic' }),
    });
    const task = calls[0].task;
    expect(task.kind === 'extend' && task.tail).not.toContain('|');
    expect(calls[0].messages[1].content).toContain('без таблиц');
    const paragraphs = texts.get('2.1')!;
    expect(paragraphs.filter(isTable)).toEqual([table]);
    expect(paragraphs).toEqual([
      drafted[0],
      table,
      'Облачные сервисы бухгалтерского учёта снижают издержки управления малым бизнесом [[p3]].',
      'Рынки сбыта расширяются вслед за цифровыми каналами продаж [[p1]].',
      closing,
    ]);
  });
});
