import type { FragmentBrief, CallRunner } from '../writer/types.ts';
import type { DeckChart, DeckSlide, DeckTable } from './deck.ts';
import type { Fragment } from './fragments.ts';
import type { GroundCheck } from './grounded.ts';
import type { KitPaper, KitTable } from './paper.ts';
import { callStructured, MAX_BULLET_CHARS, SlidesSchema, slidesMessages, type SlidesReply } from './prompts.ts';
import { bulletOf, shorten } from '../text/statements.ts';

/** Bullets of a summarising slide. */
const BULLETS = { min: 3, max: 5 } as const;
/** Fragments a summarising slide is written from. */
const FRAGMENTS_PER_SLIDE = 12;
/** Tables shown (the richest), so that the deck stays within 15 slides. */
const MAX_TABLES = 2;
/** Rows of a table on a slide. */
const MAX_ROWS = 6;
/** A chart's category label (under its bar) and a table's first cell (two lines of its column). */
const LABEL_CHARS = 70;
const CELL_CHARS = 120;

export const brief = (f: Fragment): FragmentBrief => ({ id: f.id, page: f.page, text: f.text });

/** The introduction's own statements of its aim, tasks, object, subject, methods and structure. */
const AIM_SENTENCE = /^(Цел|Для достижения|Объект|Предмет|Методы|Структура работы|Сведения об использовании|[–—-]\s)/u;
const RECOMMENDS = /рекоменд|предлож|целесообраз|следует(?! подчеркнуть| отметить| учитывать)|необходимо|направлени|совершенствова/iu;

/** A summarising slide before its bullets are written: the fragments it draws on. */
export interface PlannedSlide {
  id: string;
  title: string;
  fragments: Fragment[];
}

function fragmentsFor(fragments: Fragment[], section: (s: string) => boolean, filter: (f: Fragment) => boolean = () => true) {
  return fragments.filter((f) => f.table === undefined && section(f.section) && filter(f));
}

/** Spread evenly over the list: the first, the last and those between. */
function spread<T>(list: T[], n: number): T[] {
  if (list.length <= n) return list;
  return Array.from({ length: n }, (_, i) => list[Math.round((i * (list.length - 1)) / (n - 1))]);
}

/** The summarising slides and the fragments each is written from. */
export function planSummaries(paper: KitPaper, fragments: Fragment[]): PlannedSlide[] {
  const planned: PlannedSlide[] = [];
  const relevance = fragmentsFor(
    fragments,
    (s) => s === 'introduction',
    (f) => !AIM_SENTENCE.test(f.text),
  );
  planned.push({ id: 'relevance', title: 'Актуальность темы исследования', fragments: relevance.slice(0, FRAGMENTS_PER_SLIDE) });
  for (const c of paper.chapters) {
    const own = fragmentsFor(fragments, (s) => s === `conclusions:${c.number}`);
    // The subsections' opening sentences say what each is about.
    const openings = c.subsections.flatMap((s) => fragmentsFor(fragments, (x) => x === s.number).slice(0, 2));
    planned.push({
      id: `chapter:${c.number}`,
      title: `Глава ${c.number}. ${c.title}`,
      fragments: [...own.slice(0, 8), ...openings].slice(0, FRAGMENTS_PER_SLIDE),
    });
  }
  const conclusion = fragmentsFor(fragments, (s) => s === 'conclusion');
  const lastChapter = paper.chapters.at(-1)?.number;
  planned.push({ id: 'conclusions', title: 'Основные выводы', fragments: spread(conclusion, FRAGMENTS_PER_SLIDE) });
  const recommending = fragmentsFor(
    fragments,
    (s) => s === 'conclusion' || s === `conclusions:${lastChapter}` || s.startsWith(`${lastChapter}.`),
    (f) => RECOMMENDS.test(f.text),
  );
  planned.push({
    id: 'recommendations',
    title: 'Рекомендации',
    fragments: (recommending.length >= BULLETS.min
      ? recommending
      : fragmentsFor(fragments, (s) => s === `conclusions:${lastChapter}`)
    ).slice(0, FRAGMENTS_PER_SLIDE),
  });
  return planned.filter((p) => p.fragments.length > 0);
}

/** The model's bullets of each slide, checked; null when it gave none usable (the fallback is the paper's sentences). */
async function modelBullets(title: string, planned: PlannedSlide[], calls: CallRunner): Promise<SlidesReply | null> {
  const task = {
    kind: 'defence-slides' as const,
    title,
    slides: planned.map((p) => ({ id: p.id, title: p.title, fragments: p.fragments.map(brief) })),
  };
  const messages = slidesMessages(title, task.slides);
  const reply = await callStructured(
    calls,
    { key: 'defence:slides', task, messages, maxTokens: 4000, name: 'defence_slides' },
    SlidesSchema,
  );
  return reply ?? null;
}

/** How many bullets were replaced because they were not grounded or too long. */
interface BulletCounts {
  written: number;
  replaced: number;
}

/**
 * The bullets of each summarising slide: the model's that are grounded in the fragment they cite
 * (one of the slide's) and fit one line, then the paper's own sentences up to the minimum.
 */
export async function writeBullets(
  title: string,
  planned: PlannedSlide[],
  calls: CallRunner,
  grounded: GroundCheck,
): Promise<{ bullets: Map<string, { text: string; source: string }[]>; counts: BulletCounts }> {
  const reply = await modelBullets(title, planned, calls);
  const counts: BulletCounts = { written: 0, replaced: 0 };
  const bullets = new Map<string, { text: string; source: string }[]>();
  for (const p of planned) {
    const byId = new Map(p.fragments.map((f) => [f.id, f]));
    const chosen: { text: string; source: string }[] = [];
    const seen = new Set<string>();
    const add = (text: string, source: string) => {
      const key = text.toLowerCase().replace(/[^a-zа-яё0-9]/gu, '');
      if (seen.has(key) || seen.has(source) || chosen.length >= BULLETS.max) return false;
      seen.add(key);
      seen.add(source);
      chosen.push({ text, source });
      return true;
    };
    for (const b of reply?.slides.find((s) => s.id === p.id)?.bullets ?? []) {
      counts.written++;
      const fragment = byId.get(b.source.trim().replace(/^\[+|\]+$/g, ''));
      const text = b.text
        .trim()
        .replace(/^[–—•-]\s*/u, '')
        .replace(/[.;]+$/u, '');
      if (!fragment || !text || text.length > MAX_BULLET_CHARS || !grounded(text, [fragment]) || !add(text, fragment.id)) counts.replaced++;
    }
    // Short sentences first: they make whole bullets.
    const own = [...p.fragments].sort((a, b) => Math.min(a.text.length, 200) - Math.min(b.text.length, 200));
    for (const f of own) {
      if (chosen.length >= BULLETS.min) break;
      add(bulletOf(f.text, MAX_BULLET_CHARS), f.id);
    }
    bullets.set(p.id, chosen);
  }
  return { bullets, counts };
}

const firstUpper = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** A table's figures as a chart when each row has one figure of one unit; otherwise null. */
function chartOf(table: KitTable): DeckChart | null {
  const valueCol = table.header.findIndex((h, i) => i > 0 && !/^источник/i.test(h));
  if (valueCol < 0 || table.rows.length < 2) return null;
  const parsed = table.rows.map((r) => /^(\d+(?:[.,]\d+)?)\s*(%|[а-яё.]+)?$/iu.exec((r[valueCol] ?? '').trim()));
  if (parsed.some((m) => !m) || new Set(parsed.map((m) => m![2] ?? '')).size !== 1) return null;
  const unit = parsed[0]![2] ?? '';
  return {
    number: table.number,
    series: table.header[valueCol],
    unit,
    categories: table.rows.slice(0, MAX_ROWS).map((r) => shorten(r[0] ?? '', LABEL_CHARS)),
    values: parsed.slice(0, MAX_ROWS).map((m) => Number(m![1].replace(',', '.'))),
  };
}

/** A table as a slide shows it: without the column of sources, at most MAX_ROWS rows. */
function deckTableOf(table: KitTable): DeckTable {
  const keep = table.header.map((h, i) => i === 0 || !/^источник/i.test(h));
  const cols = <T>(row: T[]) => row.filter((_, i) => keep[i]);
  return {
    number: table.number,
    header: cols(table.header),
    rows: table.rows.slice(0, MAX_ROWS).map((r) => cols(r).map((c, i) => (i === 0 ? shorten(c, CELL_CHARS) : c))),
  };
}

const tableTitle = (t: KitTable) => (t.title ? firstUpper(t.title) : `Таблица ${t.number}`);

/** Every slide of the deck, in order. */
export function composeSlides(
  paper: KitPaper,
  fragments: Fragment[],
  planned: PlannedSlide[],
  bullets: Map<string, { text: string; source: string }[]>,
): DeckSlide[] {
  const tp = paper.titlePage;
  const slides: DeckSlide[] = [];
  const idsOf = (test: (f: Fragment) => boolean) => fragments.filter(test).map((f) => f.id);
  const people = [
    tp.student ? `Выполнил(а): ${tp.group ? `студент(ка) группы ${tp.group} ` : ''}${tp.student}` : null,
    tp.supervisor ? `Научный руководитель: ${tp.supervisor}` : null,
  ].filter((x): x is string => x !== null);
  slides.push({
    kind: 'title',
    role: 'title',
    notes: '',
    sources: [],
    top: [tp.university, tp.faculty ? `Факультет ${tp.faculty}` : null, tp.department ? `Кафедра ${tp.department}` : null].filter(
      (x): x is string => x !== null,
    ),
    workKind: tp.workKind ?? 'Выпускная квалификационная работа',
    topic: paper.title,
    people,
    foot: [tp.city, tp.year].filter(Boolean).join(' '),
  });
  const summary = (id: string): DeckSlide | null => {
    const p = planned.find((x) => x.id === id);
    const list = bullets.get(id) ?? [];
    if (!p || !list.length) return null;
    return {
      kind: 'bullets',
      role: id as DeckSlide['role'],
      notes: '',
      sources: list.map((b) => b.source),
      title: p.title,
      lead: null,
      bullets: list.map((b) => b.text),
      numberFrom: null,
    };
  };
  const push = (s: DeckSlide | null) => {
    if (s) slides.push(s);
  };
  push(summary('relevance'));
  const { aims } = paper;
  const intro = (re: RegExp) => idsOf((f) => f.section === 'introduction' && re.test(f.text));
  if (aims.goal || aims.tasks.length)
    slides.push({
      kind: 'bullets',
      role: 'aims',
      notes: '',
      // The goal's sentence, then a task's each: split apart with the lead and the bullets.
      sources: intro(/^(Цел|[–—-]\s)/u),
      title: aims.tasks.length ? 'Цель и задачи исследования' : 'Цель исследования',
      lead: aims.goal ? `Цель: ${aims.goal}` : null,
      bullets: aims.tasks.map(firstUpper),
      numberFrom: 1,
    });
  if (aims.object || aims.subject)
    slides.push({
      kind: 'bullets',
      role: 'object',
      notes: '',
      sources: intro(/^(Объект|Предмет)/u),
      title: 'Объект и предмет исследования',
      lead: null,
      bullets: [aims.object ? `Объект: ${aims.object}` : null, aims.subject ? `Предмет: ${aims.subject}` : null].filter(
        (x): x is string => x !== null,
      ),
      numberFrom: null,
    });
  if (aims.methods)
    slides.push({
      kind: 'bullets',
      role: 'methods',
      notes: '',
      sources: intro(/^Методы/u),
      title: 'Методы исследования',
      lead: null,
      bullets: aims.methods
        .split(/,\s*|;\s*/)
        .map((m) => firstUpper(m.trim()))
        .filter(Boolean),
      numberFrom: null,
    });
  const tables = paper.chapters
    .flatMap((c) => c.subsections.flatMap((s) => s.tables.map((t) => ({ chapter: c.number, table: t }))))
    .filter((t) => t.table.rows.length >= 2 && t.table.header.length >= 2)
    .sort((a, b) => b.table.rows.length - a.table.rows.length)
    .slice(0, MAX_TABLES);
  for (const c of paper.chapters) {
    push(summary(`chapter:${c.number}`));
    for (const { table } of tables.filter((t) => t.chapter === c.number).sort((a, b) => a.table.number - b.table.number)) {
      const sources = idsOf((f) => f.table === table.number);
      const chart = chartOf(table);
      slides.push(
        chart
          ? { kind: 'chart', role: `table:${table.number}`, notes: '', sources, title: tableTitle(table), chart }
          : { kind: 'table', role: `table:${table.number}`, notes: '', sources, title: tableTitle(table), table: deckTableOf(table) },
      );
    }
  }
  push(summary('conclusions'));
  push(summary('recommendations'));
  slides.push({ kind: 'closing', role: 'closing', notes: '', sources: [], title: 'Спасибо за внимание!', subtitle: `«${paper.title}»` });
  return slides;
}
