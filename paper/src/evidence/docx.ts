/**
 * «Отчёт об источниках» as a .docx of its own, beside the paper (the paper goes to the defence as
 * it is): a summary, then each citation in the order of the text — where it stands in the paper,
 * the sentence, the work and the page cited, the passage quoted with the statement's figures and
 * matched key terms in bold, what the check found — then each work with where it is cited.
 * The paper's font (Times New Roman), A4 and its margins.
 */
import { AlignmentType, Document, Packer, Paragraph, TextRun } from 'docx';
import type { EvidenceEntry, EvidenceReport } from '@app/contract';
import { FONT, MARGINS, PAGE } from '../gost/constants.ts';

/** 12 pt and 10 pt, in half-points. */
const SIZE = 24;
const SMALL = 20;

const run = (t: string, o: { bold?: boolean; italics?: boolean; size?: number } = {}) =>
  new TextRun({ text: t, font: FONT, size: o.size ?? SIZE, ...o });
const para = (runs: TextRun[], o: { center?: boolean; after?: number; indent?: number } = {}) =>
  new Paragraph({
    children: runs,
    alignment: o.center ? AlignmentType.CENTER : AlignmentType.JUSTIFIED,
    spacing: { after: o.after ?? 120 },
    ...(o.indent ? { indent: { left: o.indent } } : {}),
  });

/** The quote with the statement's figures and matched key terms in bold. */
export function markedQuote(e: Pick<EvidenceEntry, 'quote' | 'figures' | 'keyTerms'>): { text: string; marked: boolean }[] {
  const escape = (t: string) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const marks = [
    // A figure as the page may print it: «12,5» for 12.5.
    ...e.figures.filter((f) => f.found).map((f) => escape(f.value).replace('\\.', '[.,]')),
    // A key term by its opening letters: the page may inflect it otherwise.
    ...e.keyTerms.filter((t) => !t.via).map((t) => escape(t.term.slice(0, Math.max(4, t.term.length - 2)))),
  ];
  if (!marks.length) return [{ text: e.quote, marked: false }];
  const re = new RegExp(`(?:${marks.join('|')})[\\p{L}\\p{N}]*`, 'giu');
  const out: { text: string; marked: boolean }[] = [];
  let last = 0;
  for (const m of e.quote.matchAll(re)) {
    if (m.index > last) out.push({ text: e.quote.slice(last, m.index), marked: false });
    out.push({ text: m[0], marked: true });
    last = m.index + m[0].length;
  }
  if (last < e.quote.length) out.push({ text: e.quote.slice(last), marked: false });
  return out;
}

/** What the check found, in a line. */
export function verdictOf(e: EvidenceEntry): string {
  const figures = e.figures.length
    ? `числа утверждения на странице: ${e.figures.map((f) => `${f.value.replace('.', ',')} ${f.found ? '— есть' : '— нет'}`).join(', ')}`
    : 'чисел в утверждении нет';
  const via = e.keyTerms.filter((t) => t.via).map((t) => `${t.term} (${t.via})`);
  const terms = `ключевые термины найдены: ${e.keyTerms.length} из ${e.keyTermsTotal}${via.length ? `, через перевод: ${via.join(', ')}` : ''}`;
  const read = e.readAs === 'abstract' ? 'работа прочитана по аннотации' : 'прочитан полный текст работы';
  return `Проверка: ${figures}; ${terms}; ${read}.`;
}

const sectionName = (e: Pick<EvidenceEntry, 'section' | 'sectionTitle'>) =>
  e.section === 'introduction' ? 'Введение' : e.section === 'conclusion' ? 'Заключение' : `Подраздел ${e.sectionTitle}`;

export async function evidenceDocx(report: EvidenceReport, options: { version?: number } = {}): Promise<Buffer> {
  const s = report.summary;
  const entries = report.entries.flatMap((e) => [
    para(
      [
        run(`${e.n}. `, { bold: true }),
        run(`${sectionName(e)}${e.paperPage ? `, с. ${e.paperPage} работы` : ''}. `, { italics: true }),
        run(`«${e.sentence}» `),
        run(e.footnote ? `[сноска ${e.footnote}: ${e.reference}]` : e.reference),
      ],
      { after: 60 },
    ),
    para(
      [
        run(
          `Источник ${e.work}: ${e.title}${e.page ? `, с. ${e.page}` : ' (аннотация)'}${e.doi ? `. DOI ${e.doi}` : e.url ? `. ${e.url}` : ''}.`,
          { size: SMALL },
        ),
      ],
      {
        after: 60,
        indent: 360,
      },
    ),
    para(
      [
        run('Фрагмент: «', { size: SMALL }),
        ...markedQuote(e).map((p) => run(p.text, { size: SMALL, bold: p.marked })),
        run('»', { size: SMALL }),
      ],
      { after: 60, indent: 360 },
    ),
    para([run(verdictOf(e), { size: SMALL, italics: true })], { after: 200, indent: 360 }),
  ]);
  const works = report.works.map((w) =>
    para(
      [
        run(`${w.number}. ${w.entry} `, { size: SMALL }),
        run(
          `${w.fullText ? 'Полный текст прочитан' : 'Прочитана аннотация'}; ${w.year ?? 'год не указан'}; ${w.language === 'en' ? 'на английском языке' : w.language === 'ru' ? 'на русском языке' : ''}. ` +
            `Цитируется: ${w.citedIn.length ? w.citedIn.map((c) => `${sectionName({ section: c.section, sectionTitle: c.section })}${c.paperPage ? `, с. ${c.paperPage}` : ''}`).join('; ') : '—'}.`,
          { size: SMALL, italics: true },
        ),
      ],
      { after: 80 },
    ),
  );
  const doc = new Document({
    creator: 'Сервис академических работ',
    title: `Отчёт об источниках: ${report.title}`,
    sections: [
      {
        properties: { page: { size: PAGE, margin: MARGINS } },
        children: [
          para([run('ОТЧЁТ ОБ ИСТОЧНИКАХ', { bold: true, size: 28 })], { center: true }),
          para([run(`«${report.title}»${options.version ? `, версия ${options.version}` : ''}`)], { center: true, after: 240 }),
          para([
            run(
              `Для каждой ссылки работы приведены предложение, в котором она стоит, работа и её страница, фрагмент этой страницы ` +
                `(не более 400 знаков, с указанием источника: цитирование в научных целях, ГК РФ, ст. 1274) и то, что нашла проверка. ` +
                `Отчёт составлен по данным проверки самой работы, без обращения к языковой модели.`,
            ),
          ]),
          para(
            [
              run(
                `Ссылок: ${s.citations}. Источников: ${s.works}, полные тексты прочитаны у ${s.fullTexts}. ` +
                  `Утверждений, которые проверки переписали по их фрагментам: ${s.repaired}; переписали без ссылки: ${s.rewritten}; удалили: ${s.removed}.`,
              ),
            ],
            { after: 240 },
          ),
          para([run('Ссылки в порядке текста', { bold: true })], { after: 160 }),
          ...entries,
          para([run('Источники', { bold: true })], { after: 160 }),
          ...works,
        ],
      },
    ],
  });
  return Packer.toBuffer(doc);
}
