import type { EvidenceEntry } from '@app/contract';
import { describe, expect, it } from 'vitest';
import {
  consecutiveNumbers,
  findCitations,
  footnoteReading,
  joinRuns,
  matchCitations,
  type FoundCitation,
  type FoundFootnote,
  type TextRun,
} from './citations';

const NB = '\u00a0';
const body = (text: string): TextRun => ({ text, size: 14 });
const eol: TextRun = { text: ' ', size: 0, eol: true };

/** A page of a paper with in-text references, as pdf.js splits LibreOffice's PDF into text runs
 * (words and spaces, whole lines, a bracket broken between two runs and between two lines). */
const BRACKETS: TextRun[] = [
  body('the study addresses'),
  body(' '),
  body('(a'),
  body(' '),
  body('monograph) [11,'),
  body(' '),
  body(`с.${NB}64].`),
  body(' '),
  body('Согласно'),
  eol,
  body(`for "Digital transformation" [12, с.${NB}160]. Результаты согласуются [3, с.${NB}58; 1, с.${NB}26;`),
  eol,
  body(`9, с.${NB}174]. Как показано ранее [5], и ещё раз [11,`),
  eol,
  body(`с.${NB}64]. Не ссылка: [сайт], [2020 год].`),
];

/** A page with footnotes: raised marks in the text (five adjacent ones run together), and the
 * footnotes' numbers opening their texts at the foot, then the page's number. */
const FOOTNOTES: TextRun[] = [
  body('Содержание категории раскрывается в работах, посвящённых теме «Цифровая трансформация'),
  eol,
  body('малого бизнеса в России»'),
  { text: '4', size: 8.1 },
  body('.'),
  body(' '),
  body('Полученные результаты согласуются'),
  { text: '56789', size: 8.1 },
  body(' с выводами.'),
  eol,
  eol,
  { text: '4', size: 5.8 },
  { text: ' ', size: 5.8 },
  { text: 'Давыдова, Е. С. Цифровая трансформация малого бизнеса / Е. С. Давыдова. – С. 57.', size: 10 },
  eol,
  { text: 'Вымышленная запись режима разработки.', size: 10 },
  eol,
  { text: '5', size: 5.8 },
  { text: ' ', size: 5.8 },
  { text: 'Там же. С. 58.', size: 10 },
  eol,
  body('9'),
];

const entry = (over: Partial<EvidenceEntry>): EvidenceEntry => ({
  n: 1,
  section: '1.1',
  sectionTitle: '1.1 Понятие',
  paperPage: 8,
  sentence: 'Предложение.',
  reference: '[1]',
  footnote: null,
  work: 1,
  title: 'Работа',
  doi: null,
  url: null,
  page: null,
  quote: 'Цитата.',
  figures: [],
  keyTerms: [],
  keyTermsTotal: 0,
  readAs: 'full_text',
  ...over,
});

/** The report's footnotes 4 to 9, printed on page 9. */
const FOOTNOTE_ENTRIES = [4, 5, 6, 7, 8, 9].map((n) => entry({ n, footnote: n, work: n, page: String(50 + n), paperPage: 9 }));

const textOf = (runs: TextRun[], f: FoundCitation) => joinRuns(runs).text.slice(f.start, f.end);

describe('citations on a page of the PDF', () => {
  it('finds each work of every bracket, across runs and lines, with the bracket clickable whole', () => {
    const found = findCitations(BRACKETS, () => 0);
    expect(found.map((f) => (f.kind === 'reference' ? [f.work, f.page, f.label] : f.kind))).toEqual([
      [11, '64', `[11, с.${NB}64]`],
      [12, '160', `[12, с.${NB}160]`],
      [3, '58', `[3, с.${NB}58]`],
      [1, '26', `[1, с.${NB}26]`],
      [9, '174', `[9, с.${NB}174]`],
      [5, null, '[5]'],
      [11, '64', `[11, с.${NB}64]`],
    ]);
    expect(found.map((f) => textOf(BRACKETS, f))).toEqual([
      `[11, с.${NB}64]`,
      `[12, с.${NB}160]`,
      `[3, с.${NB}58`,
      `1, с.${NB}26`,
      `9, с.${NB}174]`,
      '[5]',
      `[11, с.${NB}64]`,
    ]);
  });

  it('finds footnote marks (adjacent ones apart) and the footnotes at the foot with their whole text', () => {
    const found = findCitations(FOOTNOTES, footnoteReading(9, FOOTNOTE_ENTRIES));
    expect(found.map((f) => (f.kind === 'reference' ? 'reference' : [f.kind, f.footnote]))).toEqual([
      ['mark', 4],
      ['mark', 5],
      ['mark', 6],
      ['mark', 7],
      ['mark', 8],
      ['mark', 9],
      ['note', 4],
      ['note', 5],
    ]);
    const notes = found.filter((f): f is FoundFootnote => f.kind === 'note');
    const { text } = joinRuns(FOOTNOTES);
    expect(text.slice(notes[0].start, notes[0].blockEnd)).toMatch(/^4 Давыдова.*Вымышленная запись режима разработки\.$/);
    expect(text.slice(notes[1].start, notes[1].blockEnd)).toBe('5 Там же. С. 58.');
  });

  it('reads raised digits that run together as consecutive numbers', () => {
    const readings = (digits: string) => consecutiveNumbers(digits).map((r) => r.map((x) => x.n));
    expect(readings('56789')).toEqual([[5, 6, 7, 8, 9], [56789]]);
    expect(readings('91011')).toEqual([[9, 10, 11], [91011]]);
    expect(readings('1011')).toEqual([[10, 11], [1011]]);
    expect(readings('12')).toEqual([[1, 2], [12]]);
    // Which one: the footnotes printed about there.
    const marks = (digits: string, page: number, footnotes: number[], pages: number[]) =>
      findCitations(
        [body('Текст работы с отметкой сноски'), { text: digits, size: 8 }, body('.')],
        footnoteReading(
          page,
          footnotes.map((n, i) => entry({ n, footnote: n, paperPage: pages[i] })),
        ),
      ).map((f) => (f.kind === 'mark' ? f.footnote : null));
    expect(marks('12', 2, [1, 2], [2, 2])).toEqual([1, 2]);
    expect(marks('12', 9, [11, 12, 13], [9, 9, 10])).toEqual([12]);
    expect(marks('12', 9, [], [])).toEqual([12]);
  });

  it('matches a reference by its work and page, and repeats on the page in the order of the report', () => {
    const entries = [
      entry({ n: 1, work: 11, page: '64', paperPage: 7, sentence: 'Начато на седьмой.' }),
      entry({ n: 2, work: 12, page: '160', paperPage: 8 }),
      entry({ n: 3, work: 3, page: '58', paperPage: 8 }),
      entry({ n: 4, work: 1, page: '26', paperPage: 8 }),
      entry({ n: 5, work: 9, page: '174', paperPage: 8 }),
      entry({ n: 6, work: 11, page: '64', paperPage: 8, sentence: 'Второй раз.' }),
    ];
    const matched = matchCitations(findCitations(BRACKETS, footnoteReading(8, entries)), 8, entries);
    // [11, с. 64] twice on page 8: the first is the sentence that began on page 7.
    expect(matched.map((e) => e?.n ?? null)).toEqual([1, 2, 3, 4, 5, null, 6]);
  });

  it('matches the page range whatever its dash, and leaves out what the report does not have (past a demo)', () => {
    const runs = [body(`Как отмечено [7, с.${NB}45-46] и [8, с.${NB}3].`)];
    const matched = matchCitations(
      findCitations(runs, () => 0),
      2,
      [entry({ n: 9, work: 7, page: '45–46', paperPage: 2 })],
    );
    expect(matched.map((e) => e?.n ?? null)).toEqual([9, null]);
  });

  it('matches a footnote by its number, the mark and the footnote alike', () => {
    const entries = FOOTNOTE_ENTRIES.filter((e) => e.footnote! <= 5);
    const matched = matchCitations(findCitations(FOOTNOTES, footnoteReading(9, FOOTNOTE_ENTRIES)), 9, entries);
    expect(matched.map((e) => e?.n ?? null)).toEqual([4, 5, null, null, null, null, 4, 5]);
  });
});
