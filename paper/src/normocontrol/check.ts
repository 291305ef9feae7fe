/**
 * Normocontrol: opens a .docx and reports every violation of the GOST 7.32-2017 layout rules the
 * engine promises (page, margins, font, spacing, indents, headings, contents, page numbers,
 * footnotes) and of the bibliography form (GOST R 7.0.100-2018). Works on any .docx; given the PDF
 * of the same document it also checks that the contents' page numbers are the pages where the
 * headings fall.
 */
import { PaperError } from '../errors.ts';
import { readPdf } from '../pdf/bookmarks.ts';
import { compareEntries } from '../bibliography/list.ts';
import { readDocx } from './docx-read.ts';
import type { ReadDocx, ReadParagraph } from './docx-read.ts';
import type { NormocontrolIssue, NormocontrolReport } from './types.ts';

const STRUCTURAL = { contents: 'СОДЕРЖАНИЕ', introduction: 'ВВЕДЕНИЕ', conclusion: 'ЗАКЛЮЧЕНИЕ', bibliography: 'СПИСОК ИСПОЛЬЗОВАННЫХ ИСТОЧНИКОВ' };
const FONT = 'Times New Roman';
const near = (a: number | undefined, b: number, tol: number) => a !== undefined && Math.abs(a - b) <= tol;
const clean = (s: string) => s.replace(/[\s\u00A0]+/g, ' ').trim();
const short = (s: string) => {
  const c = clean(s);
  return c.length > 60 ? `${c.slice(0, 57)}…` : c;
};

export interface CheckOptions {
  /** The PDF of the same document (LibreOffice): enables the check of the contents' page numbers. */
  pdf?: Uint8Array;
}

interface Heading {
  p: ReadParagraph;
  text: string;
  level: number;
  kind: 'structural' | 'chapter' | 'subsection' | 'other';
}

export async function checkDocx(bytes: Uint8Array, options: CheckOptions = {}): Promise<NormocontrolReport> {
  let doc: ReadDocx;
  try {
    doc = await readDocx(bytes);
  } catch (error) {
    if (error instanceof PaperError) throw error;
    throw new PaperError('invalid_input', `Не удалось прочитать .docx: ${(error as Error).message}`, { cause: error });
  }
  const issues: NormocontrolIssue[] = [];
  const checked = new Set<string>();
  const add = (rule: string, message: string, where?: string) => issues.push({ rule, message, where });
  const rule = (id: string) => checked.add(id);
  const isDemo = doc.customProps.get('PaperKind') === 'demo';

  // Page setup.
  rule('page.a4');
  if (!near(doc.section.pgW, 11906, 20) || !near(doc.section.pgH, 16838, 20)) add('page.a4', 'Формат страницы должен быть A4 (210×297 мм), книжная ориентация');
  rule('page.margins');
  const m = doc.section.margins;
  if (!near(m.left, 1701, 15) || !near(m.right, 850, 15) || !near(m.top, 1134, 15) || !near(m.bottom, 1134, 15)) {
    add('page.margins', 'Поля страницы должны быть: левое 30 мм, правое 15 мм, верхнее 20 мм, нижнее 20 мм');
  }

  // Parts of the document.
  const paras = doc.paragraphs;
  const contentsIdx = paras.findIndex((p) => clean(p.text).toUpperCase() === STRUCTURAL.contents);
  const headings: Heading[] = [];
  for (const p of paras) {
    const level = p.props.outlineLevel;
    if (level === undefined || level > 1 || !clean(p.text)) continue;
    const text = clean(p.text);
    const upper = text.toUpperCase();
    const kind = Object.values(STRUCTURAL).includes(upper)
      ? 'structural'
      : /^\d+\.\d+\.?\s/.test(text)
        ? 'subsection'
        : /^\d+\.?\s/.test(text)
          ? 'chapter'
          : 'other';
    headings.push({ p, text, level, kind });
  }
  const firstHeadingIdx = headings.length ? headings[0].p.index : paras.length;
  const bibHeading = headings.find((h) => h.text.toUpperCase() === STRUCTURAL.bibliography);
  const tocParas = contentsIdx >= 0 ? paras.slice(contentsIdx + 1, firstHeadingIdx).filter((p) => clean(p.text)) : [];
  const bodyParas = paras.filter(
    (p) =>
      p.index > firstHeadingIdx &&
      (!bibHeading || p.index < bibHeading.p.index) &&
      p.props.outlineLevel === undefined &&
      clean(p.text).length > 0,
  );
  const bibParas = bibHeading ? paras.filter((p) => p.index > bibHeading.p.index && clean(p.text)) : [];

  // Fonts and sizes of all text after the title page.
  rule('font.family');
  rule('font.size');
  const fontBad: string[] = [];
  const sizeBad: string[] = [];
  const textParas = paras.filter((p) => contentsIdx < 0 || p.index >= contentsIdx);
  for (const p of textParas) {
    for (const r of p.runs) {
      if (!r.text.trim()) continue;
      if (r.props.font !== FONT && fontBad.length < 5) fontBad.push(short(p.text));
      const superscript = r.props.vertAlign === 'superscript' || r.footnoteRef;
      if (!superscript && r.props.size !== 28 && sizeBad.length < 5) sizeBad.push(short(p.text));
    }
  }
  for (const w of fontBad) add('font.family', 'Шрифт текста должен быть Times New Roman', w);
  for (const w of sizeBad) add('font.size', 'Размер шрифта основного текста, заголовков и содержания должен быть 14 пт', w);

  // Body paragraphs: 1.5 spacing, 1.25 cm indent, justified.
  rule('text.spacing');
  rule('text.indent');
  rule('text.align');
  let spacingBad = 0;
  let indentBad = 0;
  let alignBad = 0;
  for (const p of bodyParas) {
    const spacingOk = p.props.line === 360 && (p.props.lineRule ?? 'auto') === 'auto';
    if (!spacingOk && spacingBad++ < 3) add('text.spacing', 'Межстрочный интервал основного текста должен быть полуторным', short(p.text));
    if (!near(p.props.firstLine, 709, 12) && indentBad++ < 3) add('text.indent', 'Абзацный отступ должен быть 1,25 см', short(p.text));
    if (p.props.jc !== 'both' && p.props.jc !== 'distribute' && alignBad++ < 3) add('text.align', 'Основной текст должен быть выровнен по ширине', short(p.text));
  }

  // Headings.
  rule('heading.structural');
  const required = [STRUCTURAL.introduction, ...(isDemo ? [] : [STRUCTURAL.conclusion, STRUCTURAL.bibliography])];
  if (contentsIdx < 0) add('heading.structural', 'Нет структурного элемента «СОДЕРЖАНИЕ»');
  for (const name of required) {
    if (!headings.some((h) => h.text === name)) add('heading.structural', `Нет структурного элемента «${name}», набранного заголовком прописными буквами`);
  }
  const structuralParas = [...(contentsIdx >= 0 ? [paras[contentsIdx]] : []), ...headings.filter((h) => h.kind === 'structural').map((h) => h.p)];
  for (const p of structuralParas) {
    const text = clean(p.text);
    if (p.props.jc !== 'center') add('heading.structural', 'Заголовок структурного элемента должен быть по центру', text);
    if (text !== text.toUpperCase()) add('heading.structural', 'Заголовок структурного элемента должен быть прописными буквами', text);
  }
  rule('heading.numbering');
  let chapterNo = 0;
  let subNo = 0;
  for (const h of headings) {
    if (/[.]$/.test(h.text)) add('heading.numbering', 'В конце заголовка точка не ставится', h.text);
    if (h.kind === 'chapter') {
      const n = Number(/^(\d+)/.exec(h.text)![1]);
      if (/^\d+\.\s/.test(h.text)) add('heading.numbering', 'После номера раздела точка не ставится (ГОСТ 7.32-2017)', h.text);
      if (n !== chapterNo + 1) add('heading.numbering', `Разделы должны нумероваться подряд: ожидался номер ${chapterNo + 1}`, h.text);
      chapterNo = n;
      subNo = 0;
      if (h.level !== 0) add('heading.numbering', 'Заголовок раздела должен быть заголовком первого уровня', h.text);
    } else if (h.kind === 'subsection') {
      const [, a, b] = /^(\d+)\.(\d+)/.exec(h.text)!;
      if (Number(a) !== chapterNo || Number(b) !== subNo + 1) add('heading.numbering', `Подразделы должны нумероваться в пределах раздела: ожидался номер ${chapterNo}.${subNo + 1}`, h.text);
      subNo = Number(b);
      if (h.level !== 1) add('heading.numbering', 'Заголовок подраздела должен быть заголовком второго уровня', h.text);
    } else if (h.kind === 'other') {
      add('heading.numbering', 'Заголовок раздела должен начинаться с номера (1, 1.1) или быть структурным элементом', h.text);
    }
  }
  rule('heading.newPage');
  for (const h of headings) {
    if (h.kind !== 'chapter' && h.kind !== 'structural') continue;
    const prev = paras[h.p.index - 1];
    const prevBreaks = prev ? prev.runs.length === 0 && /\f/.test(prev.text) : false;
    if (!h.p.props.pageBreakBefore && !h.p.breakBefore && !prevBreaks) add('heading.newPage', 'Раздел и структурный элемент должны начинаться с новой страницы', h.text);
  }
  if (contentsIdx >= 0 && !paras[contentsIdx].props.pageBreakBefore && !paras[contentsIdx].breakBefore) {
    add('heading.newPage', 'Содержание должно начинаться с новой страницы', STRUCTURAL.contents);
  }

  // Page numbers: bottom centre, none on the title page.
  rule('page.numbers');
  const footer = doc.section.footerDefault ? doc.footers.get(doc.section.footerDefault) : undefined;
  const hasPageField = (ps: ReadParagraph[] | undefined) => Boolean(ps?.some((p) => p.fields.some((f) => /^PAGE\b/i.test(f.instruction))));
  if (!footer || !hasPageField(footer)) add('page.numbers', 'Номера страниц должны стоять в нижнем колонтитуле (поле PAGE)');
  else if (!footer.some((p) => hasPageField([p]) && p.props.jc === 'center')) add('page.numbers', 'Номер страницы должен быть по центру нижнего поля');
  const firstFooter = doc.section.footerFirst ? doc.footers.get(doc.section.footerFirst) : undefined;
  if (!doc.section.titlePg || hasPageField(firstFooter)) add('page.numbers', 'Титульный лист включается в нумерацию, но номер на нём не ставится');
  if (doc.section.pgStart !== undefined && doc.section.pgStart !== 1) add('page.numbers', 'Нумерация страниц должна начинаться с титульного листа (1)');

  // Contents: an entry for every heading, in order, with page numbers written in.
  rule('toc.entries');
  rule('toc.fields');
  if (doc.updateFields) add('toc.fields', 'Документ требует обновления полей при открытии (updateFields): Word задаст вопрос');
  const tocEntries = tocParas.map((p) => {
    const pageField = p.fields.find((f) => /^PAGEREF\b/i.test(f.instruction));
    const trailing = /\t\s*(\d+)\s*$/.exec(p.text);
    const page = pageField ? Number(pageField.result.trim()) : trailing ? Number(trailing[1]) : undefined;
    const title = clean(p.text.replace(/\t\s*\d*\s*$/, '').replace(/^(\d+(?:\.\d+)?)\t/, '$1 '));
    return { title, page: Number.isFinite(page) ? page : undefined };
  });
  if (contentsIdx >= 0) {
    const headingTexts = headings.map((h) => h.text);
    let cursor = 0;
    for (const h of headingTexts) {
      const idx = tocEntries.findIndex((e, i) => i >= cursor && e.title === h);
      if (idx < 0) add('toc.entries', 'Заголовка нет в содержании (или он записан иначе)', h);
      else {
        if (tocEntries[idx].page === undefined) add('toc.entries', 'В содержании не указан номер страницы', h);
        cursor = idx + 1;
      }
    }
    // In a demo the later parts are listed without pages; elsewhere every entry needs a number.
    for (const e of tocEntries) {
      if (e.page === undefined && !isDemo) add('toc.entries', 'В содержании не указан номер страницы', e.title);
    }
    const numbers = tocEntries.map((e) => e.page).filter((n): n is number => n !== undefined);
    if (numbers.some((n, i) => i > 0 && n < numbers[i - 1])) add('toc.entries', 'Номера страниц в содержании должны возрастать');
  }
  let pages: number | undefined;
  if (options.pdf) {
    rule('toc.pages');
    const { pageCount, bookmarks } = await readPdf(options.pdf);
    pages = pageCount;
    let cursor = 0;
    for (const e of tocEntries) {
      if (e.page === undefined) continue;
      const idx = bookmarks.findIndex((o, i) => i >= cursor && clean(o.title) === e.title);
      if (idx < 0) {
        add('toc.pages', 'Заголовок из содержания не найден в PDF', e.title);
        continue;
      }
      cursor = idx + 1;
      if (bookmarks[idx].page !== e.page) add('toc.pages', `В содержании указана страница ${e.page}, а заголовок находится на странице ${bookmarks[idx].page}`, e.title);
    }
  }

  // Footnotes: 10 pt.
  rule('footnote.size');
  let footnoteBad = 0;
  for (const note of doc.footnotes) {
    for (const p of note) {
      for (const r of p.runs) {
        if (!r.text.trim() || r.footnoteRef || r.props.vertAlign === 'superscript') continue;
        if (r.props.size !== 20 && footnoteBad++ < 3) add('footnote.size', 'Текст сноски должен быть набран шрифтом 10 пт', short(p.text));
      }
    }
  }

  // Bibliography form.
  const entries: { n: number; text: string; group: string }[] = [];
  if (bibHeading) {
    rule('bibliography.form');
    rule('bibliography.order');
    let group = '';
    for (const p of bibParas) {
      const text = clean(p.text);
      const m = /^(\d+)\.\s+(.*)$/.exec(text);
      if (!m) {
        group = text;
        continue;
      }
      entries.push({ n: Number(m[1]), text: p.text.replace(/^\s*\d+\.\s+/, ''), group });
    }
    if (entries.length === 0) add('bibliography.form', 'Список использованных источников пуст');
    entries.forEach((e, i) => {
      const where = `источник ${e.n}`;
      if (e.n !== i + 1) add('bibliography.form', `Источники должны нумероваться подряд: ожидался номер ${i + 1}`, where);
      if (!/[.]$/.test(e.text.trim())) add('bibliography.form', 'Библиографическая запись должна заканчиваться точкой', where);
      if (/\S\.\s-\s/.test(e.text) || / - /.test(e.text)) add('bibliography.form', 'Области описания разделяются знаком «точка и тире» (–), а не дефисом', where);
      if (!/Текст\s*:\s*(непосредственный|электронный)/.test(e.text)) add('bibliography.form', 'Нет вида содержания и средства доступа («Текст : непосредственный» или «Текст : электронный»)', where);
      const electronic = /Текст\s*:\s*электронный/.test(e.text) || /URL:/.test(e.text);
      if (electronic && !/URL:\s*\S+/.test(e.text)) add('bibliography.form', 'Для электронного ресурса нужен URL', where);
      if (electronic && !/\(дата обращения: \d{2}\.\d{2}\.\d{4}\)/.test(e.text)) add('bibliography.form', 'Для электронного ресурса нужна дата обращения (дд.мм.гггг)', where);
      if (/(?<!\p{L})[А-ЯЁA-Z]\. (?=[А-ЯЁA-Z]\.)/u.test(e.text)) add('bibliography.form', 'Инициалы должны разделяться неразрывным пробелом', where);
      if (/\d с\./.test(e.text) || /[СP]\. \d/.test(e.text)) add('bibliography.form', 'Перед номером страницы и после числа страниц нужен неразрывный пробел', where);
    });
    // Alphabetical order inside each group (normative acts go by legal force, not alphabet).
    const groups = new Map<string, typeof entries>();
    for (const e of entries) groups.set(e.group, [...(groups.get(e.group) ?? []), e]);
    for (const [name, list] of groups) {
      if (/нормативн/i.test(name)) continue;
      for (let i = 1; i < list.length; i++) {
        if (compareEntries(list[i - 1].text, list[i].text) > 0) {
          add('bibliography.order', 'Источники должны идти по алфавиту: сначала на русском языке, затем на иностранных', `источник ${list[i].n}`);
        }
      }
    }
    const groupNames = [...groups.keys()].filter(Boolean);
    if (groupNames.length > 1 && groupNames.some((g) => /нормативн/i.test(g)) && !/нормативн/i.test(groupNames[0])) {
      add('bibliography.order', 'При разделении списка нормативные правовые акты идут первыми');
    }
  }

  // References: in-text numbers must point into the list; footnotes must not be empty.
  rule('references');
  if (bibHeading && entries.length) {
    for (const p of bodyParas) {
      for (const m of p.text.matchAll(/\[(\d+)(?:,\s*с\.\s*[\d–-]+)?(?:;\s*\d+(?:,\s*с\.\s*[\d–-]+)?)*\]/g)) {
        const numbers = [...m[0].matchAll(/(?:\[|;\s*)(\d+)/g)].map((x) => Number(x[1]));
        if (numbers.some((n) => n < 1 || n > entries.length)) add('references', `Ссылка ${m[0]} указывает на источник, которого нет в списке`, short(p.text));
      }
    }
  }
  for (const note of doc.footnotes) {
    if (!note.some((p) => clean(p.text))) add('references', 'Пустая сноска');
  }

  return {
    ok: issues.length === 0,
    issues,
    checked: [...checked],
    stats: {
      paragraphs: paras.length,
      headings: headings.length,
      tocEntries: tocEntries.length,
      footnotes: doc.footnotes.length,
      bibliographyEntries: entries.length,
      ...(pages !== undefined ? { pages } : {}),
    },
  };
}
