/**
 * The paper a defence kit is made from, read from its .docx (ours or one the user brings) and the
 * PDF of the same document (the printed pages the answers point to): the title page's details, the
 * introduction with its aim, tasks, object, subject and methods, the chapters with their
 * subsections, tables and conclusions («Выводы по главе N»), the conclusion. In-text references
 * («[3, с. 47]») are left out: a slide or a speech does not cite.
 */
import { readDocx, type ReadParagraph } from '../docx/read.ts';
import { PaperError } from '../errors.ts';
import { printedPages } from '../passages/printed-pages.ts';
import { pdfPageLines } from './pdf-text.ts';

export interface KitTable {
  /** Its number in the paper («Таблица 2»). */
  number: number;
  title: string;
  header: string[];
  rows: string[][];
}

interface KitSubsection {
  /** "1.2" */
  number: string;
  title: string;
  paragraphs: string[];
  tables: KitTable[];
}

interface KitChapter {
  number: number;
  title: string;
  subsections: KitSubsection[];
  /** «Выводы по главе N» without the lead: the chapter's results. */
  conclusions: string[];
}

interface KitTitlePage {
  university: string | null;
  faculty: string | null;
  department: string | null;
  /** «Выпускная квалификационная работа» */
  workKind: string | null;
  student: string | null;
  group: string | null;
  supervisor: string | null;
  city: string | null;
  year: number | null;
}

/** What the introduction states of the research (null: the paper does not say it in a form we read). */
interface KitAims {
  goal: string | null;
  tasks: string[];
  object: string | null;
  subject: string | null;
  methods: string | null;
}

export interface KitPaper {
  title: string;
  titlePage: KitTitlePage;
  introduction: string[];
  aims: KitAims;
  chapters: KitChapter[];
  conclusion: string[];
  /** Entries of the list of sources. */
  sources: number;
  /** The text of each page of the PDF, and the number printed on it (null: none, as on a cover sheet). */
  pages: { printed: string | null; text: string }[];
}

const clean = (s: string) =>
  s
    .replace(/[\u00AD\u200B]/g, '')
    .replace(/[\s\u00A0]+/g, ' ')
    .trim();
/** In-text references and footnote marks are not the paper's statements. */
const withoutReferences = (s: string) =>
  clean(s.replace(/\s*\[\d[^\]]*\]/g, '').replace(/\s*\[(?:там же|ibid)[^\]]*\]/gi, '')).replace(/\s+([.,;:])/g, '$1');

const STRUCTURAL = { introduction: 'ВВЕДЕНИЕ', conclusion: 'ЗАКЛЮЧЕНИЕ', bibliography: 'СПИСОК ИСПОЛЬЗОВАННЫХ ИСТОЧНИКОВ' };
const FRONT = /^(РЕФЕРАТ|СОДЕРЖАНИЕ|ОГЛАВЛЕНИЕ|АННОТАЦИЯ)$/;
const CAPTION = /^Таблица\s+(\d+)\s*[–—-]\s*(.*)$/;
const CHAPTER_CONCLUSIONS = /^Выводы по главе\s*\d*\s*[.:]?\s*/i;

interface Heading {
  index: number;
  text: string;
  kind: 'introduction' | 'conclusion' | 'bibliography' | 'chapter' | 'subsection' | 'front' | 'other';
}

function headingKind(text: string): Heading['kind'] {
  const upper = text.toUpperCase();
  if (upper === STRUCTURAL.introduction) return 'introduction';
  if (upper === STRUCTURAL.conclusion) return 'conclusion';
  if (upper.startsWith('СПИСОК') && /ИСТОЧНИК|ЛИТЕРАТУР/.test(upper)) return 'bibliography';
  if (FRONT.test(upper)) return 'front';
  if (/^\d+\.\d+\.?\s+\S/.test(text)) return 'subsection';
  if (/^(?:ГЛАВА\s+)?\d+\.?\s+\S/i.test(text)) return 'chapter';
  return 'other';
}

/** Headings by their outline level (ours and Word's heading styles), or, in a document without
 * any, by how they read: a short line that is a structural name or starts with a number. */
function headingsOf(paras: ReadParagraph[]): Heading[] {
  const byLevel = paras.filter((p) => p.props.outlineLevel !== undefined && p.props.outlineLevel <= 1 && clean(p.text) && !p.inTable);
  const chosen = byLevel.length
    ? byLevel
    : paras.filter((p) => {
        const t = clean(p.text);
        return !p.inTable && t.length > 0 && t.length < 160 && !/[.:;]$/.test(t) && headingKind(t) !== 'other';
      });
  return chosen.map((p) => ({ index: p.index, text: clean(p.text), kind: headingKind(clean(p.text)) }));
}

function titlePageOf(front: string[]): { title: string | null; page: KitTitlePage } {
  const blank = (s: string | undefined) => (s && !/^[_\s]*$/.test(s) && !/^_{3,}/.test(s) ? s : null);
  const after = (label: RegExp) => {
    const i = front.findIndex((l) => label.test(l));
    return i >= 0 ? front[i + 1] : undefined;
  };
  const field = (label: RegExp) => {
    const line = front.find((l) => label.test(l));
    return line ? blank(line.replace(label, '').trim()) : null;
  };
  const signed = (s: string | undefined) => blank(s?.replace(/^_+\s*/, '').trim());
  const quoted = front.find((l) => /^«.+»$/.test(l));
  const kindLine = front.find((l) => /(РАБОТА|ПРОЕКТ|РЕФЕРАТ|ДИССЕРТАЦИЯ)$/.test(l) && l === l.toUpperCase() && !/МИНИСТЕРСТВО/.test(l));
  const last = front.at(-1) ?? '';
  const cityYear = /^(.*?)\s*(\d{4})$/.exec(last);
  const ministry = front.findIndex((l) => /^МИНИСТЕРСТВО/i.test(l));
  const university = ministry >= 0 ? front[ministry + 1] : undefined;
  const studentBlock = front.findIndex((l) => /^Выполнил/i.test(l));
  return {
    title: quoted ? quoted.slice(1, -1) : null,
    page: {
      university: university && !/^Факультет|^Кафедра/.test(university) ? blank(university) : null,
      faculty: field(/^Факультет\s*/i),
      department: field(/^Кафедра\s*/i),
      workKind: kindLine ? kindLine.charAt(0) + kindLine.slice(1).toLowerCase() : null,
      student: studentBlock >= 0 ? signed(front.slice(studentBlock + 1).find((l) => /^_+\s/.test(l))) : null,
      group: field(/^студент(?:\(ка\))?\s+группы\s*/i),
      supervisor: signed(after(/^Научный руководитель/i)),
      city: cityYear ? blank(cityYear[1]) : null,
      year: cityYear ? Number(cityYear[2]) : null,
    },
  };
}

/** The aim, tasks, object, subject and methods as the introduction states them («Цель работы – …»). */
function aimsOf(introduction: string[]): KitAims {
  const find = (re: RegExp) => {
    for (const p of introduction)
      for (const s of p.split(/(?<=[.!?])\s+(?=\p{Lu})/u)) {
        const m = re.exec(s);
        if (m) return m[1].replace(/[.;]\s*$/, '').trim();
      }
    return null;
  };
  const taskStart = introduction.findIndex((p) => /задач/i.test(p) && /:\s*$/.test(p));
  const tasks: string[] = [];
  if (taskStart >= 0)
    for (const p of introduction.slice(taskStart + 1)) {
      const m = /^\s*(?:[–—-]|\d+[.)])\s*(.+?)[;.]?$/.exec(p);
      if (!m) break;
      tasks.push(m[1]);
    }
  return {
    goal: find(/^Цел(?:ь|ью)\s+(?:данной\s+|настоящей\s+)?(?:работы|исследования)\s*(?:[–—-]|является)\s*(.+)$/i),
    tasks,
    object: find(/^Объект(?:ом)?\s+исследования\s*(?:[–—-]|является|выступа\S+)\s*(.+)$/i),
    subject: find(/^Предмет(?:ом)?\s+исследования\s*(?:[–—-]|является|выступа\S+)\s*(.+)$/i),
    methods:
      find(/^Методы\s+исследования\s*[:–—-]\s*(.+)$/i) ??
      find(/^В работе (?:использованы|применялись) (?:следующие )?методы\s*:?\s*(.+)$/i),
  };
}

/** Paragraphs of the body between two headings, cut into texts and tables. */
function blockOf(paras: ReadParagraph[]): { paragraphs: string[]; tables: KitTable[] } {
  const paragraphs: string[] = [];
  const tables: KitTable[] = [];
  let caption: { number: number; title: string } | null = null;
  let current: { table: number; cells: string[][] } | null = null;
  const flush = () => {
    if (!current) return;
    const [header = [], ...rows] = current.cells.map((row) => row.map((c) => withoutReferences(c ?? '')));
    const number = caption?.number ?? tables.length + 1;
    tables.push({ number, title: caption?.title ?? '', header, rows: rows.filter((r) => r.some(Boolean)) });
    current = null;
    caption = null;
  };
  for (const p of paras) {
    const text = clean(p.text);
    if (p.cell) {
      if (current && current.table !== p.cell.table) flush();
      current ??= { table: p.cell.table, cells: [] };
      const row = (current.cells[p.cell.row] ??= []);
      row[p.cell.col] = row[p.cell.col] ? `${row[p.cell.col]} ${text}` : text;
      continue;
    }
    flush();
    if (!text) continue;
    const m = CAPTION.exec(text);
    if (m) {
      caption = { number: Number(m[1]), title: withoutReferences(m[2]) };
      continue;
    }
    paragraphs.push(withoutReferences(text));
  }
  flush();
  return { paragraphs: paragraphs.filter(Boolean), tables };
}

/** Reads the paper from its .docx and the PDF of the same document. */
export async function readKitPaper(docx: Uint8Array, pdf: Uint8Array): Promise<KitPaper> {
  let doc;
  try {
    doc = await readDocx(docx);
  } catch (error) {
    if (error instanceof PaperError) throw error;
    throw new PaperError('invalid_input', `Не удалось прочитать .docx: ${(error as Error).message}`, { cause: error });
  }
  const paras = doc.paragraphs;
  const headings = headingsOf(paras);
  const between = (h: Heading) => {
    const next = headings.find((x) => x.index > h.index);
    return paras.filter((p) => p.index > h.index && (!next || p.index < next.index));
  };
  // The title page ends where the реферат, the contents or the first heading begins.
  const frontEnd = paras.find((p) => FRONT.test(clean(p.text).toUpperCase()) || headings.some((h) => h.index === p.index))?.index ?? 0;
  const front = paras
    .slice(0, frontEnd)
    .map((p) => clean(p.text))
    .filter(Boolean);
  const { title: quotedTitle, page } = titlePageOf(front);

  const intro = headings.find((h) => h.kind === 'introduction');
  const introduction = intro ? blockOf(between(intro)).paragraphs : [];
  const chapters: KitChapter[] = [];
  for (const h of headings) {
    if (h.kind === 'chapter') {
      const m = /^(?:ГЛАВА\s+)?(\d+)\.?\s+(.*)$/i.exec(h.text)!;
      const block = blockOf(between(h));
      chapters.push({
        number: Number(m[1]),
        title: m[2],
        // Text right under the chapter's heading, before its first subsection.
        subsections: block.paragraphs.length || block.tables.length ? [{ number: m[1], title: m[2], ...block }] : [],
        conclusions: [],
      });
    } else if (h.kind === 'subsection' && chapters.length) {
      const m = /^(\d+\.\d+)\.?\s+(.*)$/.exec(h.text)!;
      chapters.at(-1)!.subsections.push({ number: m[1], title: m[2], ...blockOf(between(h)) });
    }
  }
  // «Выводы по главе N» closes a chapter's last subsection: they are the chapter's results.
  for (const c of chapters) {
    for (const s of c.subsections) {
      const at = s.paragraphs.findIndex((p) => CHAPTER_CONCLUSIONS.test(p));
      if (at < 0) continue;
      c.conclusions.push(
        ...s.paragraphs
          .slice(at)
          .map((p) => p.replace(CHAPTER_CONCLUSIONS, ''))
          .filter(Boolean),
      );
      s.paragraphs = s.paragraphs.slice(0, at);
    }
  }
  const conclusionHeading = headings.find((h) => h.kind === 'conclusion');
  const bibliography = headings.find((h) => h.kind === 'bibliography');
  const sources = bibliography ? between(bibliography).filter((p) => /^\s*\d+\.\s/.test(p.text)).length : 0;
  const title = quotedTitle ?? doc.customProps.get('Title') ?? chapters[0]?.title ?? '';
  if (!chapters.length || !introduction.length)
    throw new PaperError(
      'invalid_input',
      'В документе не найдены введение и главы: заголовки «ВВЕДЕНИЕ», «1 …», «1.1 …» должны быть оформлены стилями заголовков',
    );

  const pageLines = await pdfPageLines(pdf);
  const texts = pageLines.map((lines) => lines.join('\n'));
  const printed = printedPages({ pageTexts: texts }).pages;
  return {
    title,
    titlePage: page,
    introduction,
    aims: aimsOf(introduction),
    chapters,
    conclusion: conclusionHeading ? blockOf(between(conclusionHeading)).paragraphs : [],
    sources,
    pages: texts.map((text, i) => ({ printed: printed[i], text })),
  };
}
