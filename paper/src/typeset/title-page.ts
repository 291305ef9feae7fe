/**
 * The title page as a university expects it (ГОСТ 7.32-2017, 5.1, as the universities' guides adapt
 * it to a student's work): the ministry, the university, faculty and department centred at the top;
 * "ДОПУСТИТЬ К ЗАЩИТЕ" with the head of department and a date line on the right; the kind of work
 * and the title in the middle; the student and the supervisor on the right; city and year at the
 * bottom. What the order does not give is a line the student fills in.
 */
import { AlignmentType, Paragraph, TextRun } from 'docx';
import type { TitlePageInfo } from '../types.ts';

export const DEFAULT_MINISTRY = 'Министерство науки и высшего образования Российской Федерации';
export const DEFAULT_WORK_KIND = 'Выпускная квалификационная работа';

/** The labels a normocontroller looks for on the page (the normocontrol's rule checks them). */
export const TITLE_LABELS = {
  admit: 'ДОПУСТИТЬ К ЗАЩИТЕ',
  head: 'Заведующий кафедрой',
  student: 'Выполнил(а):',
  supervisor: 'Научный руководитель:',
  department: 'Кафедра',
  faculty: 'Факультет',
} as const;

const BLANK = '_______________';
const SIGNATURE = '__________';
/** Where the right-hand blocks start: 8 cm from the left margin. */
const RIGHT_BLOCK = 4536;

/** Characters of a 14 pt line: the full width, and the right-hand block. */
const CENTER_CHARS = 68;
const RIGHT_CHARS = 36;
/** One line of the title page (14 pt at 1.15) and the gap above the city with nothing wrapped. */
const LINE = 322;
const BOTTOM_GAP = 2100;
/** How many lines beyond the first a text wraps into. */
const wraps = (text: string, perLine: number) => Math.max(0, Math.ceil(text.length / perLine) - 1);

interface TitlePageModel {
  kind: 'demo' | 'full';
  writer: 'llm' | 'offline' | 'manual';
  title: string;
  year: number;
  titlePage?: TitlePageInfo;
}

const given = (value: string | undefined) => (value && value.trim() ? value.trim() : undefined);

export function titlePageParagraphs(model: TitlePageModel, style: string): Paragraph[] {
  const info = model.titlePage ?? {};
  const center = (text: string, opts: { bold?: boolean; size?: number; before?: number; caps?: boolean } = {}) =>
    new Paragraph({
      style,
      alignment: AlignmentType.CENTER,
      spacing: { before: opts.before ?? 0 },
      children: [new TextRun({ text: opts.caps ? text.toUpperCase() : text, bold: opts.bold, size: opts.size })],
    });
  const right = (text: string, before = 0) =>
    new Paragraph({
      style,
      alignment: AlignmentType.LEFT,
      indent: { left: RIGHT_BLOCK },
      spacing: { before },
      children: [new TextRun(text)],
    });

  const university = given(info.organization);
  const faculty = given(info.faculty);
  const department = given(info.department);
  const out: Paragraph[] = [
    center(given(info.ministry) ?? DEFAULT_MINISTRY, { caps: true }),
    center(university ?? BLANK.repeat(2), { before: 120 }),
    ...(university ? [] : [center('(наименование образовательной организации)', { size: 20 })]),
    center(`${TITLE_LABELS.faculty} ${faculty ?? BLANK}`, { before: 120 }),
    center(`${TITLE_LABELS.department} ${department ?? BLANK}`),
    right(TITLE_LABELS.admit, 480),
    right(TITLE_LABELS.head),
    right(`${SIGNATURE} ${given(info.headOfDepartment) ?? BLANK}`),
    right(`«____» ______________ ${model.year} г.`),
    center(given(info.workKind) ?? DEFAULT_WORK_KIND, { bold: true, caps: true, before: 960 }),
    center('на тему:', { before: 120 }),
    center(`«${model.title}»`, { bold: true, before: 120 }),
  ];
  if (model.kind === 'demo') out.push(center('Демонстрационная версия: введение и первая глава', { size: 24, before: 240 }));
  if (model.writer === 'offline') {
    out.push(
      center('Текст сформирован офлайн-генератором без языковой модели и служит только для проверки сервиса', { size: 20, before: 240 }),
    );
  }
  out.push(
    right(TITLE_LABELS.student, 720),
    right(`студент(ка) группы ${given(info.group) ?? '__________'}`),
    right(`${SIGNATURE} ${given(info.student) ?? BLANK}`),
    right(TITLE_LABELS.supervisor, 240),
    right(`${SIGNATURE} ${given(info.supervisor) ?? BLANK}`),
  );
  // City and year at the foot of the page: the gap above them shrinks by the lines the long fields
  // wrap into, so the page never spills onto a second one.
  const extra =
    wraps(university ?? '', CENTER_CHARS) +
    wraps(`«${model.title}»`, CENTER_CHARS - 8) +
    wraps(`студент(ка) группы ${given(info.group) ?? ''}`, RIGHT_CHARS) +
    wraps(`${SIGNATURE} ${given(info.student) ?? BLANK}`, RIGHT_CHARS) +
    wraps(`${SIGNATURE} ${given(info.supervisor) ?? BLANK}`, RIGHT_CHARS) +
    wraps(`${SIGNATURE} ${given(info.headOfDepartment) ?? BLANK}`, RIGHT_CHARS) +
    (model.kind === 'demo' ? 1.5 : 0) +
    (model.writer === 'offline' ? 2 : 0);
  const gap = Math.max(240, Math.round(BOTTOM_GAP - extra * LINE));
  out.push(center(`${given(info.city) ?? '______________'} ${model.year}`, { before: gap }));
  return out;
}
