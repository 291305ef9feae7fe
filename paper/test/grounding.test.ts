/**
 * The grounding checks (grounding/) on realistic Russian text: invented authors and works, a
 * model's list without its heading, figures pinned on sources that do not hold them, the
 * deterministic support check against an approving judge, repeated paragraphs across the paper,
 * cover sheets, uncited works and the list's minimum under a trim.
 */
import { describe, expect, it } from 'vitest';
import { createCallRunner } from '../src/calls.ts';
import { createMemoryCheckpoints } from '../src/checkpoints/stores.ts';
import { checkGrounding, type GroundingData } from '../src/grounding/check.ts';
import { verifyClaims } from '../src/grounding/claims.ts';
import { applyFindings, citeWhereFits, noCorrections } from '../src/grounding/correct.ts';
import { groundingSources, markerCitations, nameContextOf, type SourceFacts } from '../src/grounding/data.ts';
import { namedIn, unaccountedNames } from '../src/grounding/names.ts';
import { repeatedParagraphs } from '../src/grounding/paragraphs.ts';
import { dropRepeatedAcross } from '../src/grounding/repeats.ts';
import type { Passage } from '../src/passages/types.ts';
import { cleanText } from '../src/text/clean.ts';
import { trim } from '../src/volume/index.ts';
import type { Writer } from '../src/writer/types.ts';

const PAGE_1501 =
  'Доля малых предприятий, использующих облачные сервисы учёта, за пять лет выросла с 14 до 31 %. Облачные сервисы бухгалтерского учёта снижают издержки управления малым бизнесом.';
const PAGE_1502 =
  'Главным барьером цифровой трансформации малого бизнеса остаётся дефицит цифровых компетенций персонала, его называют 43 % руководителей.';
const ABSTRACT = 'Маркетплейсы расширяют рынки сбыта малого бизнеса в регионах без собственных складов и магазинов.';

const PASSAGES: Passage[] = [
  { id: 'p1', sourceId: 'S1', page: '1501', text: PAGE_1501 },
  { id: 'p2', sourceId: 'S1', page: '1502', text: PAGE_1502 },
  { id: 'p3', sourceId: 'S2', page: null, text: ABSTRACT },
  // What a cover sheet gave before it was recognised: «с. 1500» of an article printed on 1501-1507.
  { id: 'p4', sourceId: 'S1', page: '1500', text: 'Цифровой репозиторий университета. Статья загружена 01.03.2025.' },
];
const FACTS: SourceFacts[] = [
  {
    id: 'S1',
    attached: false,
    authors: [{ family: 'Смирнягин', initial: 'А' }],
    title: 'Облачные сервисы в малом бизнесе',
    pages: '1501-1507',
  },
  { id: 'S2', attached: false, authors: [{ family: 'Вертинская', initial: 'О' }], title: 'Маркетплейсы и малый бизнес' },
];
const byId = new Map(PASSAGES.map((p) => [p.id, p]));
const OWN = [
  'Цифровая трансформация управления малым бизнесом в регионах России',
  'на примере Республики Татарстан',
  ...PASSAGES.map((p) => p.text),
];

function dataOf(parts: string[][], listed = new Set(['S1', 'S2'])): GroundingData {
  return {
    parts: parts.map((paragraphs, i) => ({ key: ['introduction', '1.1', '1.2', 'conclusion'][i] ?? String(i), paragraphs })),
    sources: groundingSources(FACTS, PASSAGES),
    listed,
    citationsIn: markerCitations(byId),
    names: nameContextOf(FACTS, listed, OWN),
    allowed: new Set(),
    numbering: new Set(['1', '1.1', '1.2']),
    repeats: true,
  };
}
const kinds = (data: GroundingData) => checkGrounding(data).map((f) => f.kind);

describe('persons and works named in the text', () => {
  const ctx = nameContextOf(FACTS, new Set(['S1', 'S2']), OWN);

  it('finds invented authors and works in every form, without a citation number', () => {
    const invented = [
      'В этой связи заслуживают внимания труды Смирнягина А. В. и Haverford J., а также монография «Платформенная экономика малого города».',
      'Как отмечает Колокольцев Д. С., автор концепции «Цифровой рывок регионального предпринимательства», малые предприятия отстают.',
      'Цифровые платформы расширяют рынки сбыта малого бизнеса (Haverford, Lindqvist, 2020).',
      'По мнению Колокольцева, цифровизация малого бизнеса неизбежна.',
      'Этот подход развивает Д.\u00A0С.\u00A0Колокольцев в работе о региональной политике.',
    ];
    expect(invented.map((s) => unaccountedNames(s, ctx).map((n) => n.text))).toEqual([
      ['Haverford J.', 'монография «Платформенная экономика малого города»'],
      ['Колокольцев Д. С.', 'концепции «Цифровой рывок регионального предпринимательства»'],
      ['(Haverford, Lindqvist, 2020)', '(Haverford, Lindqvist, 2020)'],
      ['По мнению Колокольцева'],
      ['Д.\u00A0С.\u00A0Колокольцев'],
    ]);
  });

  it('accepts the listed authors across inflection, the paper’s own terms and places', () => {
    const fine = [
      'Труды Смирнягина А. В. посвящены облачным сервисам учёта.',
      'По мнению А.\u00A0В.\u00A0Смирнягину, облачный учёт дешевле.',
      'Как отмечает Вертинская О. Л., маркетплейсы расширяют рынки сбыта.',
      'По мнению Татарстана, поддержка цифровизации важна.',
      'В монографии «Облачные сервисы в малом бизнесе» рассмотрен облачный учёт.',
      'Экономика региона. 2016. Т. 16, № 1. Согласно Федеральному закону «О развитии малого и среднего предпринимательства» поддержка оказывается.',
    ];
    for (const s of fine) expect(unaccountedNames(s, ctx), s).toEqual([]);
    // Initials that differ name another person.
    expect(unaccountedNames('Как пишет Смирнягин П. П., облачный учёт дешевле.', ctx).map((n) => n.text)).toEqual(['Смирнягин П. П.']);
  });

  it('reads the persons of a GOST description, initials before and after the surname', () => {
    expect(
      namedIn('Иванов, И. И. Цифровая экономика : учебник / И. И. Иванов, П. П. Петров. – Москва : Наука, 2020. – 200 с.').map(
        (n) => n.text,
      ),
    ).toEqual(['Иванов, И. И.', 'И. И. Иванов', 'П. П. Петров']);
  });
});

describe("a model's own list of literature", () => {
  it('goes even without its heading line, as what is left of it', () => {
    const raw = [
      'Малые предприятия переходят на облачную бухгалтерию [[p1]].',
      '',
      'Литература: Вертинская О. Л. Малый бизнес в цифровую эпоху // Вопросы экономики.',
      '',
      'Петров П. П. Цифровая экономика малого бизнеса. – М.: Инфра-М, 2019. – 250 с.',
    ].join('\n');
    expect(cleanText(raw)).toEqual(['Малые предприятия переходят на облачную бухгалтерию [[p1]].']);
    expect(kinds(dataOf([['Вертинская О. Л. Малый бизнес в цифровую эпоху // Вопросы экономики. – 2021. – № 3. – С. 5–17.']]))).toContain(
      'reference-list',
    );
  });
});

describe('citations against their cited pages', () => {
  it('finds a page outside the printed range, a figure the page lacks and a statement it does not back', () => {
    const findings = checkGrounding(
      dataOf([
        [],
        [
          'Доля малых предприятий, использующих облачные сервисы учёта, выросла с 14 до 31 % [[p1]].',
          'Сведения о статье приведены в репозитории университета [[p4]].',
          'Доля малых предприятий с облачным учётом составила 56,8 % [[p1, p2]].',
          'Инфляция в Антарктиде достигла рекордных значений вследствие таяния ледников [[p3]].',
        ],
      ]),
    );
    expect(findings.map((f) => [f.kind, f.paragraph, f.citation?.ref])).toEqual([
      ['page', 1, 'p4'],
      ['figure', 2, 'p1'],
      ['figure', 2, 'p2'],
      ['support', 3, 'p3'],
    ]);
    expect(findings[1].message).toBe('На указанной странице источника нет числа 56.8');
  });

  it('are corrected: a citation the page does not back goes, a statement left with none goes too, a figure stays with its own source', () => {
    const parts = [
      [],
      [
        'Доля выросла с 14 до 31 % [[p1]], а дефицит компетенций называют 43 % руководителей [[p2]].',
        'Облачные сервисы бухгалтерского учёта снижают издержки управления малым бизнесом [[p1, p3]]. Доля составила 56,8 % [[p1]].',
      ],
    ];
    const counts = noCorrections();
    const fixed = applyFindings(parts, checkGrounding(dataOf(parts)), counts);
    expect(fixed[1]).toEqual([parts[1][0], 'Облачные сервисы бухгалтерского учёта снижают издержки управления малым бизнесом [[p1]].']);
    expect(counts).toMatchObject({ figures: 1, unsupported: 1, removed: 1 });
    // S2 lost its only citation: it leaves the list (or is cited again where a passage of it fits).
    expect(checkGrounding(dataOf(fixed, new Set(['S1'])))).toEqual([]);
  });

  it('an approving judge does not keep a claim its page does not back', async () => {
    const approving: Writer = {
      kind: 'llm',
      async complete(call) {
        const claims = call.task.kind === 'verify' ? call.task.claims : [];
        return {
          text: JSON.stringify({ verdicts: claims.map((c) => ({ n: c.n, supported: true, rewrite: '' })) }),
          promptTokens: 1,
          completionTokens: 1,
          model: 'judge',
        };
      },
    };
    const calls = createCallRunner({ writer: approving, checkpoints: createMemoryCheckpoints(), tariff: 'basic' });
    const backed = 'Облачные сервисы бухгалтерского учёта снижают издержки управления малым бизнесом [[p1]].';
    const out = await verifyClaims({
      key: 'verify:approving',
      paragraphs: [
        `${backed} Инфляция в Антарктиде достигла рекордных значений вследствие таяния ледников [[p3]]. Доля составила 56,8 % [[p1, p2]].`,
      ],
      passages: byId,
      calls,
      judge: 'model',
    });
    expect(out.paragraphs).toEqual([backed]);
    expect(out.counts).toEqual({ checked: 3, rewritten: 0, repaired: 0, removed: 2, citationsRemoved: 0 });
  });

  it('the repeat guard never moves a citation onto a statement with figures its passage does not hold', () => {
    const texts = new Map([
      ['1.1', ['По данным обследования, доля малых предприятий с облачным учётом составила 56,8 % в регионах России [[p1]].']],
      ['1.2', ['По данным обследования, доля малых предприятий с облачным учётом составила 56,8 % в регионах России [[p3]].']],
    ]);
    const out = dropRepeatedAcross(
      texts,
      (id) => byId.get(id)?.sourceId,
      (id) => byId.get(id)?.text,
    );
    expect(out.texts.get('1.1')).toEqual(texts.get('1.1'));
  });
});

describe('repeated paragraphs', () => {
  const paragraph =
    'Цифровая трансформация малого бизнеса в регионах России опирается на маркетплейсы, облачные сервисы учёта и электронный документооборот, а региональные программы поддержки возмещают часть затрат на программное обеспечение.';

  it('stay only once across the whole paper, introduction and conclusion included, verbatim or nearly', () => {
    const nearly = paragraph.replace('электронный документооборот', 'электронный обмен документами');
    const parts = [[paragraph, 'Цель работы – разработка направлений.'], ['Другой текст подраздела.'], [nearly], [paragraph]];
    expect(repeatedParagraphs(parts).map((r) => [r.part, r.paragraph, r.of.part])).toEqual([
      [2, 0, 0],
      [3, 0, 0],
    ]);
    const counts = noCorrections();
    const fixed = applyFindings(parts, checkGrounding(dataOf(parts)), counts);
    expect(fixed).toEqual([parts[0], parts[1], [], []]);
    expect(counts.repeatedParagraphs).toBe(2);
  });
});

describe('the list and its citations', () => {
  it('finds a listed work nothing cites, and cites it where its passage fits', () => {
    const parts = [[], ['Маркетплейсы расширяют рынки сбыта малого бизнеса в регионах без собственных складов.']];
    expect(
      checkGrounding(dataOf(parts))
        .filter((f) => f.kind === 'uncited')
        .map((f) => f.source),
    ).toEqual(['S1', 'S2']);
    const texts = new Map([['1.1', parts[1]]]);
    const text = (p: Passage) => p.text;
    expect(citeWhereFits(texts, [byId.get('p3')!], text, { quote: false })).toBe(true);
    expect(texts.get('1.1')).toEqual(['Маркетплейсы расширяют рынки сбыта малого бизнеса в регионах без собственных складов [[p3]].']);
    // A user's file is cited even where no sentence retells it: a quotation of its passage.
    expect(citeWhereFits(texts, [byId.get('p2')!], text, { quote: false })).toBe(false);
    expect(citeWhereFits(texts, [byId.get('p2')!], text, { quote: true })).toBe(true);
    expect(texts.get('1.1')![0]).toContain(`«${PAGE_1502.replace(/\.$/, '')}» [[p2]].`);
  });

  it('a trim does not drop the last citation of a work the list cannot lose', () => {
    const texts = new Map([
      [
        '1.1',
        [
          'Вводный абзац подраздела.',
          'Маркетплейсы расширяют рынки сбыта малого бизнеса [[p3]].',
          'Абзац без ссылок о цифровизации малого бизнеса в регионах.',
          'Облачный учёт снижает издержки [[p1]].',
          'Промежуточный вывод подраздела.',
        ],
      ],
    ]);
    const onlyCitation = (p: string) => !p.includes('[[p1]]');
    trim(texts, 40, onlyCitation);
    expect(texts.get('1.1')).toContain('Облачный учёт снижает издержки [[p1]].');
    expect(texts.get('1.1')).not.toContain('Абзац без ссылок о цифровизации малого бизнеса в регионах.');
  });
});
