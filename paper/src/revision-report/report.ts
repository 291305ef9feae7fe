/**
 * «Лист доработок» as a .docx of its own, beside the new version (not a page of it: the paper goes
 * to the defence as it is, with its GOST structure and page numbers, while the list goes to the
 * supervisor with it and can be printed alone): each remark, its class, what was done and where
 * (section and printed page), or why not.
 */
import { AlignmentType, Document, Packer, Paragraph, Table, TableCell, TableRow, TextRun, WidthType } from 'docx';
import { OUTCOME_NAMES, REMARK_CLASS_NAMES } from '@app/contract';
import type { OutcomeStatus, RevisionReport } from '../remarks/types.ts';
import { FONT, MARGINS, PAGE, TEXT_WIDTH } from '../gost/constants.ts';

/** 12 pt, in half-points. */
const SIZE = 24;
const SMALL = 20;

const text = (t: string, o: { bold?: boolean; italics?: boolean; size?: number } = {}) =>
  new TextRun({ text: t, font: FONT, size: o.size ?? SIZE, ...o });
const para = (runs: TextRun[], o: { center?: boolean; after?: number } = {}) =>
  new Paragraph({ children: runs, alignment: o.center ? AlignmentType.CENTER : AlignmentType.LEFT, spacing: { after: o.after ?? 120 } });

const dateRu = (d: Date) => d.toLocaleDateString('ru-RU', { day: 'numeric', month: 'long', year: 'numeric' });

/** Clipped quotes of the text a comment was made on. */
const clip = (s: string, n = 160) => (s.length > n ? `${s.slice(0, n - 1).trimEnd()}…` : s);

export async function revisionReportDocx(options: {
  report: RevisionReport;
  title: string;
  at: Date;
  versions?: { from: number; to: number };
}): Promise<Buffer> {
  const { report, versions } = options;
  const count = (s: OutcomeStatus) => report.outcomes.filter((o) => o.status === s).length;
  const widths = [5, 32, 14, 31, 18].map((w) => Math.floor((TEXT_WIDTH * w) / 100));
  const cell = (children: Paragraph[], i: number) => new TableCell({ children, width: { size: widths[i], type: WidthType.DXA } });
  const small = (t: string, o: { bold?: boolean; italics?: boolean } = {}) => new Paragraph({ children: [text(t, { ...o, size: SMALL })] });
  const header = ['№', 'Замечание', 'Вид', 'Что сделано', 'Где (раздел, страница)'];
  const rows = [
    new TableRow({ tableHeader: true, children: header.map((h, i) => cell([small(h, { bold: true })], i)) }),
    ...report.outcomes.map(
      (o) =>
        new TableRow({
          cantSplit: true,
          children: [
            cell([small(String(o.n))], 0),
            cell([small(o.text), ...(o.anchor ? [small(`К фрагменту: «${clip(o.anchor)}»`, { italics: true })] : [])], 1),
            cell([small(REMARK_CLASS_NAMES[o.class]), small(OUTCOME_NAMES[o.status], { bold: true })], 2),
            cell([small(o.detail)], 3),
            cell(o.where.length ? o.where.map((w) => small(w)) : [small('—')], 4),
          ],
        }),
    ),
  ];
  const list = (title: string, items: string[]) =>
    items.length
      ? [para([text(title, { bold: true })]), ...items.map((e, i) => para([text(`${i + 1}. ${e}`, { size: SMALL })], { after: 60 }))]
      : [];
  const doc = new Document({
    creator: 'Сервис академических работ',
    title: `Лист доработок: ${options.title}`,
    sections: [
      {
        properties: {
          page: { size: { width: PAGE.width, height: PAGE.height }, margin: { ...MARGINS, header: 567, footer: 567, gutter: 0 } },
        },
        children: [
          para([text('ЛИСТ ДОРАБОТОК', { bold: true })], { center: true }),
          para([text(`к работе «${options.title}»`)], { center: true }),
          para(
            [
              text(
                versions
                  ? `Версия ${versions.to} от ${dateRu(options.at)}: доработка версии ${versions.from} по замечаниям руководителя`
                  : `Доработка от ${dateRu(options.at)} по замечаниям руководителя`,
              ),
            ],
            { center: true, after: 240 },
          ),
          para([
            text(
              `Замечаний: ${report.outcomes.length}; выполнено: ${count('done')}, частично: ${count('partial')}, не выполнено: ${count('not_done')}, ` +
                `требуют данных автора: ${count('author')}.`,
            ),
          ]),
          para([
            text(
              `Объём: было ${report.pages.before} с., стало ${report.pages.after} с. Нормоконтроль новой версии: ` +
                `${report.normocontrolViolations ? `нарушений ${report.normocontrolViolations}` : 'нарушений нет'}. ` +
                `Оригинальность: ${report.originalityPercent.toFixed(1).replace('.', ',')} %. Страницы указаны по новой версии.`,
            ),
          ]),
          new Table({ width: { size: TEXT_WIDTH, type: WidthType.DXA }, columnWidths: widths, rows }),
          para([text('')]),
          ...list('Добавлены в список источников:', report.added),
          ...list('Исключены из списка источников:', report.removed),
          ...(count('author')
            ? [
                para([
                  text(
                    'Замечания, которые требуют данных автора (результаты опросов, сведения организации, подписи), сервис не выполняет: ' +
                      'такие данные нельзя придумать. Добавьте их в текст сами или пришлите в следующей доработке.',
                    { italics: true },
                  ),
                ]),
              ]
            : []),
        ],
      },
    ],
  });
  return Packer.toBuffer(doc);
}
