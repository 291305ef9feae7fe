/**
 * «Отчёт об источниках» in its parts: the quote of a cited page (verbatim, at most 400 characters,
 * the statement's figures inside), the marks a reader sees in it, and the defence kit's answers
 * naming the report's entry they rest on. The whole report over a written paper:
 * test/source-coverage.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { EVIDENCE_QUOTE_CHARS, type EvidenceEntry, type EvidenceReport } from '@app/contract';
import { withCitations, type Fragment } from '../src/defence/fragments.ts';
import { quoteOf } from '../src/evidence/build.ts';
import { markedQuote, verdictOf } from '../src/evidence/docx.ts';

const PAGE =
  'Цифровая трансформация малого бизнеса идёт неравномерно. ' +
  'В крупных городах малые предприятия раньше переходят на облачные сервисы учёта. '.repeat(4) +
  'Доля малых предприятий, использующих облачные сервисы учёта, за пять лет выросла с 14 до 31 %. ' +
  'В сельских районах этот переход сдерживает слабая связь. '.repeat(3);

describe('the quote of a cited page', () => {
  it('is verbatim, at most 400 characters, and holds the statement’s figures', () => {
    const claim = 'Доля малых предприятий с облачными сервисами учёта выросла с 14 до 31 %';
    const quote = quoteOf([PAGE], claim, ['14', '31'], []);
    expect(PAGE).toContain(quote);
    expect(quote.length).toBeLessThanOrEqual(EVIDENCE_QUOTE_CHARS);
    expect(quote).toContain('с 14 до 31 %');
  });

  it('is the whole passage when it is short', () => {
    expect(quoteOf(['Малые предприятия переходят на облачные сервисы.'], 'облачные сервисы', [], [])).toBe(
      'Малые предприятия переходят на облачные сервисы.',
    );
  });
});

const entry: EvidenceEntry = {
  n: 7,
  section: '2.1',
  sectionTitle: '2.1 Уровень цифровизации',
  paperPage: 23,
  sentence: 'Доля малых предприятий с облачными сервисами учёта выросла с 14 до 31 %.',
  reference: '[5, с. 47]',
  footnote: null,
  work: 5,
  title: 'Облачные сервисы учёта',
  doi: '10.1000/x',
  url: 'https://doi.org/10.1000/x',
  page: '47',
  quote: 'Доля малых предприятий, использующих облачные сервисы учёта, за пять лет выросла с 14 до 31 %.',
  figures: [
    { value: '14', found: true },
    { value: '31', found: true },
  ],
  keyTerms: [
    { term: 'предприятий', via: null },
    { term: 'облачными', via: null },
  ],
  keyTermsTotal: 5,
  readAs: 'full_text',
};

describe('an entry as a reader sees it', () => {
  it('marks the figures and the key terms in the quote, and says what the check found', () => {
    const marked = markedQuote(entry)
      .filter((p) => p.marked)
      .map((p) => p.text);
    expect(marked).toEqual(expect.arrayContaining(['предприятий', 'облачные', '14', '31']));
    expect(verdictOf(entry)).toBe(
      'Проверка: числа утверждения на странице: 14 — есть, 31 — есть; ключевые термины найдены: 2 из 5; прочитан полный текст работы.',
    );
  });
});

describe('a defence kit made from our paper', () => {
  const fragment = (text: string, page: string): Fragment => ({ id: 'f12', section: '2.1', text, page });
  const report: EvidenceReport = {
    title: 'Работа',
    entries: [entry],
    works: [],
    summary: { citations: 1, works: 1, fullTexts: 1, repaired: 0, rewritten: 0, removed: 0 },
  };

  it('knows the report’s entry a statement is (its sentence, with its marks, on its page), and none for another', () => {
    const [cited, other, elsewhere] = withCitations(
      [
        fragment(`${entry.sentence.replace(/\.$/, '')} [5, с. 47].`, '23'),
        fragment('Цифровизация идёт неравномерно.', '23'),
        fragment(entry.sentence, '24'),
      ],
      report,
    );
    expect(cited.cited).toEqual({ n: 7, work: 5, page: '47' });
    expect(other.cited).toBeUndefined();
    expect(elsewhere.cited).toBeUndefined();
  });
});
