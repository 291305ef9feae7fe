/**
 * The title page as a university expects it (ГОСТ 7.32-2017, 5.1, as the universities' guides adapt
 * it to a student's work): the ministry, the university, faculty and department centred at the top;
 * "ДОПУСТИТЬ К ЗАЩИТЕ" with the head of department and a date line on the right; the kind of work
 * and the title in the middle; the student and the supervisor on the right; city and year at the
 * bottom. What the order does not give is a line the student fills in.
 */
import { AlignmentType, Paragraph, TextRun } from 'docx';
import type { TitlePageInfo } from '../input/types.ts';

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
const BOTTOM_GAP = 3700;
/** The smallest gap above a block, and the three gaps between the blocks at their full size. */
const MIN_GAP = 240;
const MIDDLE_GAPS = 480 + 960 + 720;
/** 12 pt, for a title page whose fields are too long for 14 pt. */
const SMALL_SIZE = 24;
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
  const university = given(info.organization);
  const faculty = given(info.faculty);
  const department = given(info.department);
  const lines = {
    ministry: given(info.ministry) ?? DEFAULT_MINISTRY,
    university: university ?? BLANK.repeat(2),
    faculty: `${TITLE_LABELS.faculty} ${faculty ?? BLANK}`,
    department: `${TITLE_LABELS.department} ${department ?? BLANK}`,
    head: `${SIGNATURE} ${given(info.headOfDepartment) ?? BLANK}`,
    title: `«${model.title}»`,
    group: `студент(ка) группы ${given(info.group) ?? '__________'}`,
    student: `${SIGNATURE} ${given(info.student) ?? BLANK}`,
    supervisor: `${SIGNATURE} ${given(info.supervisor) ?? BLANK}`,
  };
  // The lines the long fields wrap into, beyond one each. The page holds a few of them in its gaps
  // (city and year at the foot first, then the gaps between the blocks); more are set in 12 pt,
  // so that the title page never spills onto a second page.
  const extra =
    wraps(lines.ministry, CENTER_CHARS) +
    wraps(lines.university, CENTER_CHARS) +
    wraps(lines.faculty, CENTER_CHARS) +
    wraps(lines.department, CENTER_CHARS) +
    wraps(lines.title, CENTER_CHARS - 8) +
    [lines.head, lines.group, lines.student, lines.supervisor].reduce((n, l) => n + wraps(l, RIGHT_CHARS), 0) +
    (model.kind === 'demo' ? 1.5 : 0) +
    (model.writer === 'offline' ? 2 : 0);
  const compact = extra * LINE > BOTTOM_GAP - MIN_GAP;
  const small = extra * LINE > BOTTOM_GAP - MIN_GAP + MIDDLE_GAPS - 3 * MIN_GAP;
  const size = small ? SMALL_SIZE : undefined;
  const gapOf = (normal: number) => (compact ? Math.min(normal, MIN_GAP) : normal);

  const center = (text: string, opts: { bold?: boolean; size?: number; before?: number; caps?: boolean } = {}) =>
    new Paragraph({
      style,
      alignment: AlignmentType.CENTER,
      spacing: { before: opts.before ?? 0 },
      children: [new TextRun({ text: opts.caps ? text.toUpperCase() : text, bold: opts.bold, size: opts.size ?? size })],
    });
  const right = (text: string, before = 0) =>
    new Paragraph({
      style,
      alignment: AlignmentType.LEFT,
      indent: { left: RIGHT_BLOCK },
      spacing: { before },
      children: [new TextRun({ text, size })],
    });

  const out: Paragraph[] = [
    center(lines.ministry, { caps: true }),
    center(lines.university, { before: 120 }),
    ...(university ? [] : [center('(наименование образовательной организации)', { size: 20 })]),
    center(lines.faculty, { before: 120 }),
    center(lines.department),
    right(TITLE_LABELS.admit, gapOf(480)),
    right(TITLE_LABELS.head),
    right(lines.head),
    right(`«____» ______________ ${model.year} г.`),
    center(given(info.workKind) ?? DEFAULT_WORK_KIND, { bold: true, caps: true, before: gapOf(960) }),
    center('на тему:', { before: 120 }),
    center(lines.title, { bold: true, before: 120 }),
  ];
  if (model.kind === 'demo') out.push(center('Демонстрационная версия: введение и первая глава', { size: 24, before: 240 }));
  if (model.writer === 'offline') {
    out.push(
      center('Текст сформирован офлайн-генератором без языковой модели и служит только для проверки сервиса', { size: 20, before: 240 }),
    );
  }
  out.push(
    right(TITLE_LABELS.student, gapOf(720)),
    right(lines.group),
    right(lines.student),
    right(TITLE_LABELS.supervisor, gapOf(240)),
    right(lines.supervisor),
  );
  const bottom = small
    ? MIN_GAP
    : Math.max(MIN_GAP, Math.round(BOTTOM_GAP - (compact ? extra * LINE - MIDDLE_GAPS + 3 * MIN_GAP : extra * LINE)));
  out.push(center(`${given(info.city) ?? '______________'} ${model.year}`, { before: bottom }));
  return out;
}
