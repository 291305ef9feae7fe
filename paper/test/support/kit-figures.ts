/**
 * What a defence kit is measured by (the tests and bench/defence.ts), from what it delivers and not
 * from the engine's own word: the preview PDF re-checked slide by slide (text within the slide,
 * sizes, lines of text, numbers), the figures of the slides and the answers looked up in the
 * paper's own text (mammoth), each answer's page looked up in the paper's PDF, the speech's words.
 */
import mammoth from 'mammoth';
import { numbersIn } from '../../src/grounding/numbers.ts';
import { linesOf, pdfPages } from '../../src/defence/pdf-text.ts';
import type { DefenceKit } from '../../src/types.ts';

export const KIT_TARGETS = {
  violations: 0,
  slides: [10, 15],
  foundPct: 100,
  words: [700, 950],
  pagedPct: 100,
  questions: [15, 20],
} as const;

const letters = (s: string) =>
  s
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/[^a-zа-я0-9]/g, '');
/** Slide numbers, list numbers, «Глава 2», «Таблица 3» are the kit's own. */
const OWN = /(?:Слайд|Глава|главе|Таблица|таблицы)\s+\d+(?:\.\d+)?|^\s*\d{1,2}[.)]\s/gmu;
const figures = (text: string) => [...numbersIn(text.replace(OWN, ' '))];

export interface KitFigures {
  slides: number;
  /** Independent re-check of the preview: each a Russian description. */
  violations: string[];
  /** Figures on the slides and in the answers, and those not found in the paper. */
  figures: number;
  unfound: string[];
  words: number;
  questions: number;
  /** Answers whose page holds their statement. */
  paged: number;
  misplaced: string[];
}

export async function kitFigures(kit: DefenceKit, paper: { docx: Uint8Array; pdf: Uint8Array }): Promise<KitFigures> {
  const paperText = (await mammoth.extractRawText({ buffer: Buffer.from(paper.docx) })).value;
  const known = numbersIn(paperText);
  const violations: string[] = [];
  const shown: string[] = [];
  const pages = await pdfPages(kit.preview);
  if (pages.length !== kit.slides.length) violations.push(`preview has ${pages.length} pages for ${kit.slides.length} slides`);
  pages.forEach((page, i) => {
    const n = i + 1;
    const kind = kit.slides[i]?.kind;
    const numberItems = page.items.filter(
      (it) => it.x > page.width * 0.85 && it.baseline > page.height * 0.9 && /^\d+$/.test(it.text.trim()),
    );
    for (const it of page.items) {
      if (it.x < -1 || it.x + it.width > page.width + 1 || it.baseline > page.height || it.baseline - it.size < 0)
        violations.push(`slide ${n}: «${it.text}» leaves the slide`);
      if (it.size < 17.5) violations.push(`slide ${n}: «${it.text}» at ${it.size.toFixed(1)} pt`);
    }
    const lines = linesOf(page.items);
    if (kind !== 'title' && kind !== 'closing' && lines[0] && lines[0].some((it) => it.size < 27.5))
      violations.push(`slide ${n}: heading «${lines[0].map((x) => x.text).join(' ')}» under 28 pt`);
    if (kind === 'bullets') {
      const body = lines.filter((l) => l[0].baseline > 1.6 * 72 && l[0].baseline < page.height * 0.9);
      if (body.length > 7) violations.push(`slide ${n}: ${body.length} lines of text`);
    }
    if (n === 1 && numberItems.length) violations.push('the title slide is numbered');
    if (n > 1 && numberItems.map((it) => it.text.trim()).join('') !== String(n)) violations.push(`slide ${n} has no number`);
    const text = lines
      .map((l) =>
        l
          .filter((it) => !numberItems.includes(it))
          .map((it) => it.text)
          .join(' '),
      )
      .join('\n');
    shown.push(...figures(text));
  });
  for (const q of kit.questionList) shown.push(...figures(q.answer));
  const unfound = shown.filter((f) => !known.has(f));

  const paperPages = (await pdfPages(paper.pdf)).map((p) =>
    letters(
      linesOf(p.items)
        .map((l) => l.map((i) => i.text).join(' '))
        .join(' '),
    ),
  );
  const misplaced: string[] = [];
  for (const q of kit.questionList) {
    const page = paperPages[Number(q.page) - 1] ?? '';
    const statement = letters(q.statement.replace(/^Таблица \d+ – /, '')).slice(0, 40);
    // A table's row is found by its label (its cells are printed apart).
    const label = letters(q.statement.split(';')[0]).slice(0, 30);
    if (!page.includes(statement) && !page.includes(label)) misplaced.push(`с. ${q.page}: «${q.statement.slice(0, 60)}»`);
  }
  const words = kit.speechParts.reduce(
    (w, p) =>
      w +
      p.sentences
        .join(' ')
        .split(/\s+/)
        .filter((x) => /[\p{L}\d]/u.test(x)).length,
    0,
  );
  return {
    slides: kit.slides.length,
    violations,
    figures: shown.length,
    unfound,
    words,
    questions: kit.questionList.length,
    paged: kit.questionList.length - misplaced.length,
    misplaced,
  };
}
