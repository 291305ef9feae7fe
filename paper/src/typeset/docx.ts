/**
 * The .docx of a paper to GOST 7.32-2017: A4, margins 30/15/20/20 mm, Times New Roman 14 pt,
 * 1.5 spacing, 1.25 cm indent, justified; title page counted but not numbered; page numbers at the
 * bottom centre; СОДЕРЖАНИЕ with page numbers written into the file (PAGEREF fields with their
 * results, so Word shows them without asking to update anything); chapters from a new page;
 * footnotes 10 pt.
 */
import {
  AlignmentType,
  Bookmark,
  Document,
  Footer,
  FootnoteReferenceRun,
  ImportedXmlComponent,
  LeaderType,
  LineRuleType,
  Packer,
  PageNumber,
  Paragraph,
  Tab,
  Table,
  TableCell,
  TableRow,
  TabStopType,
  TextRun,
  WidthType,
} from 'docx';
import type { ParagraphChild } from 'docx';
import { BODY_SIZE, FIRST_LINE, FONT, FOOTNOTE_SIZE, LINE_1_5, MARGINS, PAGE, TEXT_WIDTH } from '../gost/constants.ts';
import { volumeLine } from './abstract.ts';
import { appendixHeading, appendixId, HEADINGS, headingsOf, TOTAL_PAGES } from './model.ts';
import { tablesOf } from './model.ts';
import { DEFAULT_WORK_KIND, titlePageParagraphs } from './title-page.ts';
import { breakableUrls } from './urls.ts';
import type { PageMap, DocAppendix, DocModel, DocTable, HeadingRef, Para } from './types.ts';

const STYLE = {
  chapter: 'Heading1',
  subsection: 'Heading2',
  structural: 'StructuralHeading',
  contents: 'ContentsHeading',
  toc1: 'TOC1',
  toc2: 'TOC2',
  bibGroup: 'BibliographyGroup',
  titlePage: 'TitlePage',
  footer: 'Footer',
  footnote: 'FootnoteText',
  tableCaption: 'TableCaption',
  tableText: 'TableText',
} as const;

/** 12 pt: a table may be set smaller than the text (ГОСТ 7.32-2017, 6.6). */
const TABLE_SIZE = 24;
const TOC_NUMBER_1 = 397; // 0.7 cm for "1"
const TOC_NUMBER_2 = 624; // 1.1 cm for "1.1"

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** A complex field with its result written in: Word shows the result as it is. */
function fieldRuns(instruction: string, result: string): ParagraphChild[] {
  const raw = [
    '<w:r><w:fldChar w:fldCharType="begin"/></w:r>',
    `<w:r><w:instrText xml:space="preserve"> ${escapeXml(instruction)} </w:instrText></w:r>`,
    '<w:r><w:fldChar w:fldCharType="separate"/></w:r>',
    `<w:r><w:t xml:space="preserve">${escapeXml(result)}</w:t></w:r>`,
    '<w:r><w:fldChar w:fldCharType="end"/></w:r>',
  ];
  return raw.map((xml) => ImportedXmlComponent.fromXmlString(xml) as unknown as ParagraphChild);
}

function inlineRuns(para: Para, footnotes: Record<string, { children: Paragraph[] }>, counter: { next: number }): ParagraphChild[] {
  const runs: ParagraphChild[] = [];
  for (const piece of para) {
    if (piece.kind === 'text') {
      runs.push(new TextRun(piece.text));
    } else {
      const id = counter.next++;
      // A space after the footnote's mark, as after the mark in the text of a GOST footnote.
      footnotes[String(id)] = {
        children: [new Paragraph({ style: STYLE.footnote, children: [new TextRun(` ${breakableUrls(piece.text)}`)] })],
      };
      runs.push(new FootnoteReferenceRun(id));
    }
  }
  return runs;
}

function titleRuns(text: string, breakLast: boolean): TextRun[] {
  const title = text.trimEnd();
  const at = title.lastIndexOf(' ');
  if (!breakLast || at < 0) return [new TextRun(title)];
  return [new TextRun(title.slice(0, at)), new TextRun({ text: title.slice(at + 1), break: 1 })];
}

/** `breakLast`: the title's last word starts a new line, so that the leader and the number never stand alone. */
function tocEntry(h: HeadingRef, page: number | undefined, breakLast = false): Paragraph {
  const children: ParagraphChild[] = [];
  let indent: { left: number; hanging: number } = { left: 0, hanging: 0 };
  const tabStops: {
    type: (typeof TabStopType)[keyof typeof TabStopType];
    position: number;
    leader?: (typeof LeaderType)[keyof typeof LeaderType];
  }[] = [];
  const numbered = /^(\d+(?:\.\d+)?) (.*)$/.exec(h.text);
  if (numbered) {
    // "1.1<tab>Title": the hanging indent makes a long title wrap under its own text.
    const width = h.level === 0 ? TOC_NUMBER_1 : TOC_NUMBER_2;
    const start = h.level === 0 ? 0 : TOC_NUMBER_1;
    indent = { left: start + width, hanging: width };
    tabStops.push({ type: TabStopType.LEFT, position: start + width });
    children.push(new TextRun(numbered[1]), new TextRun({ children: [new Tab()] }), ...titleRuns(numbered[2], breakLast));
  } else {
    children.push(...titleRuns(h.text, breakLast));
  }
  if (!h.planned) {
    tabStops.push({ type: TabStopType.RIGHT, position: TEXT_WIDTH, leader: LeaderType.DOT });
    children.push(new TextRun({ children: [new Tab()] }), ...fieldRuns(`PAGEREF ${h.bookmark} \\h`, String(page ?? 0)));
  }
  return new Paragraph({
    style: h.level === 0 ? STYLE.toc1 : STYLE.toc2,
    indent: { ...indent, firstLine: indent.hanging ? undefined : 0 },
    tabStops,
    children,
  });
}

/** Chapters and structural elements start a new page (ГОСТ 7.32-2017, 6.2). */
function heading(h: HeadingRef, style: string): Paragraph {
  return new Paragraph({
    style,
    pageBreakBefore: style !== STYLE.subsection,
    children: [new Bookmark({ id: h.bookmark, children: [new TextRun(h.text)] })],
  });
}

/** РЕФЕРАТ before the contents (ГОСТ 7.32-2017, 5.2): the volume line, the keywords, the text. */
function abstractPage(model: DocModel, pages: PageMap): Paragraph[] {
  const abstract = model.abstract;
  if (!abstract) return [];
  const line = volumeLine(model.titlePage?.workKind ?? DEFAULT_WORK_KIND, {
    pages: pages.get(TOTAL_PAGES) ?? 0,
    figures: 0,
    tables: tablesOf(model).length,
    sources: model.bibliography?.entries.length ?? 0,
    appendices: model.appendices?.length ?? 0,
  });
  return [
    new Paragraph({ style: STYLE.contents, pageBreakBefore: true, children: [new TextRun(HEADINGS.abstract)] }),
    new Paragraph({ children: [new TextRun(line)] }),
    // Left-aligned: a justified line of a few capitalised words would be stretched wide.
    new Paragraph({
      alignment: AlignmentType.LEFT,
      spacing: { before: 240, after: 240 },
      children: [new TextRun(abstract.keywords.join(', ').toUpperCase())],
    }),
    ...abstract.paragraphs.map((p) => new Paragraph({ widowControl: true, children: [new TextRun(p)] })),
  ];
}

/** ПРИЛОЖЕНИЕ А / (справочное) / its title: one heading on three lines, listed in the contents on one. */
function appendixParagraphs(a: DocAppendix, h: HeadingRef): Paragraph[] {
  const { label, status } = appendixHeading(a);
  return [
    new Paragraph({
      style: STYLE.structural,
      pageBreakBefore: true,
      children: [
        new Bookmark({
          id: h.bookmark,
          children: [new TextRun(label), new TextRun({ text: status, bold: false, break: 1 }), new TextRun({ text: a.title, break: 1 })],
        }),
      ],
    }),
    ...a.paragraphs.map((p) => new Paragraph({ widowControl: true, children: [new TextRun(p)] })),
  ];
}

export interface BuildOptions {
  /** Page numbers to print in the contents. */
  pages: PageMap;
  /** Contents entries whose title's last word goes down to the leader (found in an earlier layout). */
  tocBreaks?: ReadonlySet<string>;
}

export async function buildDocx(model: DocModel, options: BuildOptions): Promise<Buffer> {
  const footnotes: Record<string, { children: Paragraph[] }> = {};
  const counter = { next: 1 };
  const headings = headingsOf(model);
  const byId = new Map(headings.map((h) => [h.id, h]));
  const body = (paras: Para[]) => paras.map((p) => new Paragraph({ widowControl: true, children: inlineRuns(p, footnotes, counter) }));

  /** "Таблица 1 – Название" above the table, on the left (ГОСТ 7.32-2017, 6.6), and the table in 12 pt. */
  const table = (t: DocTable): (Paragraph | Table)[] => {
    const cellOf = (para: Para, header: boolean) =>
      new TableCell({
        children: [
          new Paragraph({
            style: STYLE.tableText,
            alignment: header ? AlignmentType.CENTER : AlignmentType.LEFT,
            children: inlineRuns(para, footnotes, counter),
          }),
        ],
      });
    // Wider columns for longer texts (a column of names beside columns of numbers).
    const length = (p: Para) => p.reduce((n, x) => n + (x.kind === 'text' ? x.text.length : 0), 0);
    const weights = t.header.map((h, i) => Math.min(40, Math.max(6, length(h), ...t.rows.map((r) => length(r[i] ?? [])))));
    const total = weights.reduce((a, b) => a + b, 0);
    const widths = weights.map((w) => Math.floor((TEXT_WIDTH * w) / total));
    return [
      new Paragraph({
        style: STYLE.tableCaption,
        children: [new TextRun(`Таблица ${t.number} – `), ...inlineRuns(t.title, footnotes, counter)],
      }),
      new Table({
        width: { size: TEXT_WIDTH, type: WidthType.DXA },
        columnWidths: widths,
        rows: [
          new TableRow({ tableHeader: true, children: t.header.map((h) => cellOf(h, true)) }),
          ...t.rows.map((r) => new TableRow({ cantSplit: true, children: r.map((c) => cellOf(c, false)) })),
        ],
      }),
    ];
  };

  const children: (Paragraph | Table)[] = [...titlePageParagraphs(model, STYLE.titlePage), ...abstractPage(model, options.pages)];
  children.push(new Paragraph({ style: STYLE.contents, pageBreakBefore: true, children: [new TextRun(HEADINGS.contents)] }));
  for (const h of headings) children.push(tocEntry(h, options.pages.get(h.id), options.tocBreaks?.has(h.id)));

  children.push(heading(byId.get('introduction')!, STYLE.structural), ...body(model.introduction));
  for (const ch of model.chapters) {
    if (!ch.written) continue;
    children.push(heading(byId.get(String(ch.number))!, STYLE.chapter));
    for (const sub of ch.subsections) {
      children.push(heading(byId.get(sub.number)!, STYLE.subsection));
      const tables = sub.tables ?? [];
      sub.paragraphs.forEach((p, i) => {
        for (const t of tables) if (t.after === i) children.push(...table(t.table));
        children.push(...body([p]));
      });
      for (const t of tables) if (t.after >= sub.paragraphs.length) children.push(...table(t.table));
    }
  }
  if (model.conclusion) children.push(heading(byId.get('conclusion')!, STYLE.structural), ...body(model.conclusion));
  if (model.bibliography) {
    children.push(heading(byId.get('bibliography')!, STYLE.structural));
    const entry = (e: { number: number; text: string }) =>
      new Paragraph({ widowControl: true, children: [new TextRun(`${e.number}. ${breakableUrls(e.text)}`)] });
    if (model.bibliography.groups) {
      for (const g of model.bibliography.groups) {
        children.push(new Paragraph({ style: STYLE.bibGroup, children: [new TextRun(g.title)] }), ...g.entries.map(entry));
      }
    } else {
      children.push(...model.bibliography.entries.map(entry));
    }
  }

  for (const [i, a] of (model.appendices ?? []).entries()) children.push(...appendixParagraphs(a, byId.get(appendixId(i))!));

  const offline = model.writer === 'offline';
  const doc = new Document({
    title: model.title,
    subject: model.title,
    creator: 'Сервис академических работ',
    keywords: [...model.keywords, ...(offline ? ['офлайн-генератор', 'без языковой модели'] : [])].join(', '),
    description: offline
      ? `ТЕКСТ СФОРМИРОВАН БЕЗ ЯЗЫКОВОЙ МОДЕЛИ (офлайн-генератор, только для проверки сервиса). ${model.annotation}`
      : model.annotation,
    customProperties: [
      { name: 'PaperWriter', value: model.writer },
      { name: 'PaperKind', value: model.kind },
      ...(model.producedBy ? [{ name: 'PaperProducedBy', value: model.producedBy }] : []),
      ...(offline ? [{ name: 'PaperNotice', value: 'Текст сформирован без языковой модели' }] : []),
    ],
    styles: {
      default: {
        document: {
          run: { font: FONT, size: BODY_SIZE },
          paragraph: {
            spacing: { line: LINE_1_5, lineRule: LineRuleType.AUTO, before: 0, after: 0 },
            indent: { firstLine: FIRST_LINE },
            alignment: AlignmentType.JUSTIFIED,
          },
        },
      },
      paragraphStyles: [
        {
          id: 'Normal',
          name: 'Normal',
          run: { font: FONT, size: BODY_SIZE },
          paragraph: {
            spacing: { line: LINE_1_5, lineRule: LineRuleType.AUTO, before: 0, after: 0 },
            indent: { firstLine: FIRST_LINE },
            alignment: AlignmentType.JUSTIFIED,
          },
        },
        {
          id: STYLE.chapter,
          name: 'heading 1',
          basedOn: 'Normal',
          next: 'Normal',
          quickFormat: true,
          run: { font: FONT, size: BODY_SIZE, bold: true, color: '000000' },
          paragraph: {
            outlineLevel: 0,
            keepNext: true,
            keepLines: true,
            alignment: AlignmentType.LEFT,
            indent: { firstLine: FIRST_LINE },
            spacing: { line: LINE_1_5, lineRule: LineRuleType.AUTO, before: 0, after: 360 },
          },
        },
        {
          id: STYLE.structural,
          name: 'Structural heading',
          basedOn: STYLE.chapter,
          next: 'Normal',
          quickFormat: true,
          run: { font: FONT, size: BODY_SIZE, bold: true, color: '000000' },
          paragraph: {
            outlineLevel: 0,
            keepNext: true,
            alignment: AlignmentType.CENTER,
            indent: { firstLine: 0 },
            spacing: { line: LINE_1_5, lineRule: LineRuleType.AUTO, before: 0, after: 360 },
          },
        },
        {
          id: STYLE.subsection,
          name: 'heading 2',
          basedOn: 'Normal',
          next: 'Normal',
          quickFormat: true,
          run: { font: FONT, size: BODY_SIZE, bold: true, color: '000000' },
          paragraph: {
            outlineLevel: 1,
            keepNext: true,
            keepLines: true,
            alignment: AlignmentType.LEFT,
            indent: { firstLine: FIRST_LINE },
            spacing: { line: LINE_1_5, lineRule: LineRuleType.AUTO, before: 360, after: 360 },
          },
        },
        {
          id: STYLE.contents,
          name: 'Contents heading',
          basedOn: 'Normal',
          next: STYLE.toc1,
          run: { font: FONT, size: BODY_SIZE, bold: true },
          paragraph: {
            keepNext: true,
            alignment: AlignmentType.CENTER,
            indent: { firstLine: 0 },
            spacing: { line: LINE_1_5, lineRule: LineRuleType.AUTO, before: 0, after: 360 },
          },
        },
        {
          id: STYLE.toc1,
          name: 'toc 1',
          basedOn: 'Normal',
          next: 'Normal',
          paragraph: { alignment: AlignmentType.LEFT, indent: { firstLine: 0 } },
        },
        {
          id: STYLE.toc2,
          name: 'toc 2',
          basedOn: 'Normal',
          next: 'Normal',
          paragraph: { alignment: AlignmentType.LEFT, indent: { firstLine: 0 } },
        },
        {
          id: STYLE.bibGroup,
          name: 'Bibliography group',
          basedOn: 'Normal',
          next: 'Normal',
          run: { font: FONT, size: BODY_SIZE, italics: true },
          paragraph: { keepNext: true, alignment: AlignmentType.CENTER, indent: { firstLine: 0 }, spacing: { before: 240, after: 120 } },
        },
        {
          id: STYLE.titlePage,
          name: 'Title page',
          basedOn: 'Normal',
          paragraph: { alignment: AlignmentType.CENTER, indent: { firstLine: 0 }, spacing: { line: 276, lineRule: LineRuleType.AUTO } },
        },
        {
          id: STYLE.footnote,
          name: 'footnote text',
          basedOn: 'Normal',
          run: { font: FONT, size: FOOTNOTE_SIZE },
          // The paragraph indent of the main text.
          paragraph: {
            alignment: AlignmentType.JUSTIFIED,
            indent: { firstLine: FIRST_LINE },
            spacing: { line: 240, lineRule: LineRuleType.AUTO },
          },
        },
        {
          id: STYLE.tableCaption,
          name: 'Table caption',
          basedOn: 'Normal',
          next: 'Normal',
          paragraph: { keepNext: true, alignment: AlignmentType.LEFT, indent: { firstLine: 0 }, spacing: { before: 240 } },
        },
        {
          id: STYLE.tableText,
          name: 'Table text',
          basedOn: 'Normal',
          run: { font: FONT, size: TABLE_SIZE },
          paragraph: { alignment: AlignmentType.LEFT, indent: { firstLine: 0 }, spacing: { line: 240, lineRule: LineRuleType.AUTO } },
        },
        {
          id: STYLE.footer,
          name: 'footer',
          basedOn: 'Normal',
          paragraph: { alignment: AlignmentType.CENTER, indent: { firstLine: 0 }, spacing: { line: 240, lineRule: LineRuleType.AUTO } },
        },
      ],
    },
    footnotes,
    sections: [
      {
        properties: {
          titlePage: true,
          page: {
            size: { width: PAGE.width, height: PAGE.height },
            margin: { ...MARGINS, header: 567, footer: 567, gutter: 0 },
            pageNumbers: { start: 1 },
          },
        },
        footers: {
          default: new Footer({
            children: [new Paragraph({ style: STYLE.footer, children: [new TextRun({ children: [PageNumber.CURRENT] })] })],
          }),
          first: new Footer({ children: [new Paragraph({ style: STYLE.footer, children: [] })] }),
        },
        children,
      },
    ],
  });
  return Packer.toBuffer(doc);
}
