/**
 * The source plan's parts, each on plain data: which works are on the topic, which are chosen
 * (readable first, the foreign share kept, more foreign ones when Russian ones are short), where
 * each is placed, how a Russian statement is checked against an English page (the glossary), how
 * a failed statement is repaired from its passage, and what the estimate before payment says.
 */
import { describe, expect, it } from 'vitest';
import { createCallRunner } from '../src/calls.ts';
import { createMemoryCheckpoints } from '../src/index.ts';
import type { Writer, WriterCall } from '../src/index.ts';
import { holdsOnPage, repairStatements } from '../src/grounding/repair.ts';
import { MIN_SHARED_TERMS, sharedTerms, supportOf } from '../src/grounding/support.ts';
import type { Passage } from '../src/passages/types.ts';
import { acceptGlossary, foreignTerms } from '../src/source-plan/glossary.ts';
import { placeWorks } from '../src/source-plan/place.ts';
import { settleChapterConclusion } from '../src/sections/index.ts';
import { chooseWorks, outlookOf } from '../src/sources/choice.ts';
import { onTopic, topicObject, topicObjectOf } from '../src/sources/relevance.ts';
import type { FoundWork } from '../src/bibliography/types.ts';

const TOPIC = 'Цифровая трансформация малого бизнеса в России';

describe('a work on the topic', () => {
  it('names what the topic is about, not only its other words', () => {
    expect(topicObject(TOPIC)).toEqual(['малого', 'бизнеса']);
    expect(topicObject('Правовое регулирование электронной торговли в Российской Федерации')).toEqual(['электронной', 'торговли']);
    expect(topicObject('Особенности развития туризма в Краснодарском крае')).toEqual(['туризма']);
    const object = topicObjectOf(TOPIC);
    expect(onTopic('Маркетплейсы как канал сбыта для малого предпринимательства', 'ru', object)).toBe(true);
    // The digitalisation of agriculture shares «цифровизация», «поддержка», «России» with the topic, not its object.
    expect(onTopic('Государственная поддержка цифровизации агропромышленного комплекса России', 'ru', object)).toBe(false);
    expect(onTopic('Cloud accounting adoption by small businesses', 'en', object)).toBe(true);
    expect(onTopic('Digital transformation of agriculture in Russian regions', 'en', object)).toBe(false);
  });
});

describe('the choice of works', () => {
  const facts = (w: { foreign: boolean; year: number; readable?: boolean }) => ({ readable: true, ...w });
  it('keeps the foreign share, and takes more foreign works when Russian ones are short', () => {
    const works = [
      ...Array.from({ length: 30 }, (_, i) => ({ id: `ru${i}`, foreign: false, year: 2020 })),
      ...Array.from({ length: 15 }, (_, i) => ({ id: `en${i}`, foreign: true, year: 2020 })),
    ];
    const chosen = chooseWorks(works, { want: 40, recentFrom: 2016, facts });
    expect(chosen).toHaveLength(40);
    expect(chosen.filter((w) => w.foreign)).toHaveLength(10);
    // 12 Russian works and 28 English ones: the list is filled with the English ones.
    const mostlyForeign = chooseWorks(
      [...works.slice(0, 12), ...Array.from({ length: 28 }, (_, i) => ({ id: `x${i}`, foreign: true, year: 2021 }))],
      { want: 40, recentFrom: 2016, facts },
    );
    expect(mostlyForeign).toHaveLength(40);
    expect(mostlyForeign.filter((w) => w.foreign)).toHaveLength(28);
  });

  it('takes a work with something to cite before one without', () => {
    const works = [
      { id: 'bare', foreign: false, year: 2022, readable: false },
      { id: 'a', foreign: false, year: 2021 },
      { id: 'b', foreign: false, year: 2020 },
    ];
    expect(chooseWorks(works, { want: 2, recentFrom: 2016, facts }).map((w) => w.id)).toEqual(['a', 'b']);
  });
});

describe('the estimate before payment', () => {
  const work = (i: number, abstract: boolean): FoundWork => ({
    provider: 'openalex',
    id: `w${i}`,
    title: `Малый бизнес и цифровые платформы: работа ${i}`,
    authors: [{ family: 'Иванов', given: 'Иван' }],
    year: 2021,
    kind: 'article',
    container: 'Вопросы экономики',
    ...(abstract ? { abstract: 'Малые предприятия переходят на цифровые платформы.' } : {}),
  });
  const now = new Date('2025-03-01');
  const need = { attached: 0, type: 'full' as const, requiredVolume: 80, minYear: 2010, now, pdf: false };

  it('counts what the plan will cite: a work with neither abstract nor text is found, never promised', () => {
    const enough = outlookOf({ ...need, works: Array.from({ length: 45 }, (_, i) => work(i, true)) });
    expect(enough).toMatchObject({ planned: 40, shortfall: null });
    const bare = outlookOf({ ...need, works: Array.from({ length: 40 }, (_, i) => work(i, i < 25)) });
    expect(bare.planned).toBe(25);
    expect(bare.shortfall).toBe(
      'по теме найдено 40 источников, но процитировать можно только 25 (у остальных нет ни аннотации, ни открытого текста), а для работы нужно не меньше 30',
    );
  });
});

const passage = (id: string, sourceId: string, text: string): Passage => ({ id, sourceId, page: '12', text });

describe('the placement of works', () => {
  it('gives every work a home, spread over the subsections, each with its best passages', () => {
    const passages = [
      passage('p1', 'S1', 'Облачные сервисы учёта снижают затраты малых предприятий.'),
      passage('p2', 'S2', 'Маркетплейсы открывают малым предприятиям новые рынки сбыта.'),
      passage('p3', 'S3', 'Marketplaces let small firms reach new markets.'),
      passage('p4', 'S4', 'Дефицит цифровых компетенций персонала сдерживает цифровизацию.'),
      passage('p5', 'S4', 'Обучение персонала цифровым навыкам оплачивается из региональных программ.'),
    ];
    const placed = placeWorks({
      subsections: [
        { number: '1.1', query: 'облачные сервисы учёта' },
        { number: '1.2', query: 'маркетплейсы рынки сбыта marketplaces markets' },
        { number: '1.3', query: 'компетенции персонала обучение' },
      ],
      works: ['S1', 'S2', 'S3', 'S4'],
      passages,
    });
    const homes = Object.entries(placed).flatMap(([n, works]) => works.filter((w) => w.home).map((w) => [w.source, n]));
    expect(Object.fromEntries(homes)).toEqual({ S1: '1.1', S2: '1.2', S3: '1.2', S4: '1.3' });
    expect(placed['1.3'].find((w) => w.source === 'S4')!.passages).toEqual(['p4', 'p5']);
  });
});

describe('a Russian statement on an English page', () => {
  const page = 'Small firms that adopt cloud accounting reduce the cost of managing their business.';
  const statement = 'Малые фирмы, внедряющие облачный учет, снижают затраты на управление бизнесом';
  const glossary = acceptGlossary(
    {
      terms: [
        { en: 'small', ru: 'малый' },
        { en: 'firms', ru: 'фирмы' },
        { en: 'adopt', ru: 'внедрять' },
        { en: 'cloud', ru: 'облачный' },
        { en: 'accounting', ru: 'учет' },
        { en: 'reduce', ru: 'снижать' },
        { en: 'cost', ru: 'затраты' },
        { en: 'managing', ru: 'управление' },
        { en: 'business', ru: 'бизнес' },
        // Not asked, or no term: never taken.
        { en: 'warehouse', ru: 'склад' },
        { en: 'cloud', ru: 'облачный учет и всё, что угодно ещё' },
      ],
    },
    foreignTerms([passage('p1', 'S1', page)]),
  );

  it('is matched through the glossary, each term found reported with the English one', () => {
    expect(glossary.map((e) => e.en)).not.toContain('warehouse');
    expect(sharedTerms(statement, [page])).toBeLessThan(MIN_SHARED_TERMS);
    const support = supportOf(statement, [page], glossary);
    expect(support.share).toBeGreaterThanOrEqual(MIN_SHARED_TERMS);
    expect(support.found).toContainEqual({ term: 'облачн', via: 'cloud' });
  });

  it('is held to the same rules: a figure not on the page, or a statement the page does not make, fails', () => {
    const rules = { glossary, allowed: new Set<string>(), numbering: new Set<string>() };
    expect(holdsOnPage(`${statement} [[p1]].`, page, rules)).toBe(true);
    expect(holdsOnPage(`${statement} на 24 % [[p1]].`, page, rules)).toBe(false);
    expect(holdsOnPage('Государственная поддержка экспорта растёт во всех регионах страны [[p1]].', page, rules)).toBe(false);
  });
});

describe('a failed statement', () => {
  /** A writer that answers repair calls from a script and remembers them. */
  function repairer(sentences: Record<number, string>): Writer & { calls: WriterCall[] } {
    const calls: WriterCall[] = [];
    return {
      kind: 'llm',
      calls,
      async complete(call) {
        calls.push(call);
        const repairs = Object.entries(sentences).map(([n, sentence]) => ({ n: Number(n), sentence }));
        return { text: JSON.stringify({ repairs }), promptTokens: 1, completionTokens: 1, model: 'script' };
      },
    };
  }
  const page = 'Доля малых предприятий, использующих облачные сервисы учёта, выросла с 14 до 31 %.';
  const item = (n: number) => ({
    n,
    statement: 'Как отмечает Колокольцев Д. С., облачные сервисы используют 45 % малых предприятий',
    why: 'в утверждении есть число, которого нет на цитируемой странице',
    passage: { id: 'p7', source: 'S3', page: '12', text: page },
    page,
  });

  it('is rewritten from its passage in one call, and a rewrite that fails the same checks is not taken', async () => {
    const writer = repairer({
      1: 'Доля малых предприятий, использующих облачные сервисы учёта, выросла с 14 до 31 %',
      2: 'Как отмечает Колокольцев Д. С., доля малых предприятий с облачными сервисами учёта выросла до 31 %',
      3: 'Облачные сервисы учёта используют 45 % малых предприятий',
    });
    const fixed = await repairStatements({
      key: 'repair:written:1.1',
      items: [item(1), item(2), item(3)],
      calls: createCallRunner({ writer, checkpoints: createMemoryCheckpoints(), tariff: 'basic' }),
      glossary: [],
      allowed: new Set(),
      numbering: new Set(),
    });
    expect(writer.calls).toHaveLength(1);
    expect(writer.calls[0].messages[1].content).toContain('Фрагмент [p7]');
    expect([...fixed]).toEqual([[1, 'Доля малых предприятий, использующих облачные сервисы учёта, выросла с 14 до 31 % [[p7]].']]);
  });
});

describe("a chapter's conclusions written from its plan", () => {
  it('keep what the chapter says, and lose what it does not', () => {
    const settled = settleChapterConclusion(
      2,
      [
        'Выводы по главе 2. Экспорт нефти обеспечивает бюджетные доходы страны. Уровень цифровизации малых предприятий различается между регионами.',
        'Таким образом, глава подготовила переход к рекомендациям по развитию инфраструктуры.',
      ],
      ['Уровень цифровизации малых предприятий заметно различается между регионами России [[p3]].'],
    );
    expect(settled).toEqual(['Выводы по главе 2. Уровень цифровизации малых предприятий различается между регионами.']);
    expect(
      settleChapterConclusion(2, ['Выводы по главе 2. Экспорт нефти обеспечивает бюджетные доходы страны.'], ['Малый бизнес.']),
    ).toEqual([]);
  });
});
