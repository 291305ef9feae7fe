/**
 * What a supervisor checks in a delivered paper, measured on the .docx itself (read with mammoth,
 * not with the engine's reader) against the passages the paper was written from, with code of its
 * own (it does not ask the engine's grounding whether it did well):
 *  - named persons and works that neither the list nor the passages hold;
 *  - cited pages outside the work's printed range (the record's pages);
 *  - citations of a statement (or a table's row) with a figure whose cited page holds every figure of it;
 *  - page citations whose page holds the statement's key terms (Snowball stems, half of them) and figures;
 *  - paragraphs repeating an earlier one (word 5-gram shingles, half of them);
 *  - entries of the list no reference points to.
 */
import { stemmer as english } from '@orama/stemmers/english';
import { stemmer as russian } from '@orama/stemmers/russian';
import mammoth from 'mammoth';

export interface CitedPage {
  source: string;
  page: string | null;
  text: string;
}

export interface GroundingFigures {
  inventedNames: { count: number; examples: string[] };
  pagesOutside: { count: number; examples: string[] };
  figures: { held: number; total: number; examples: string[] };
  support: { passed: number; total: number; examples: string[] };
  repeatedParagraphs: { count: number; examples: string[] };
  uncited: { count: number; examples: string[] };
}

const decode = (html: string) =>
  html
    .replace(/<br\s*\/?>/g, ' ')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, '\u00A0')
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

const clip = (s: string, n = 100) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);
const stem = (w: string) => (/[а-яё]/.test(w) ? russian(w.replace(/ё/g, 'е')) : english(w));
const words = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
const stemsOf = (text: string) =>
  new Set(
    words(text)
      .filter((w) => w.length >= 4)
      .map(stem),
  );
/**
 * Words that attribute a statement to its source («Согласно выводам авторов», «Исследователи
 * отмечают, что»): who says it, not what; a cited page need not hold them.
 */
const ATTRIBUTION =
  /^(?:автор|вывод|данн|зарубеж|литератур|мнени|наблюд|отмеча|пишут|подчерк|показ|приход|публикац|рассматр|работ|свидетельств|согласн|указыв|учен|установл|утвержд|частност|эмпирич|источник|исследовател)/;
const claimStems = (text: string) =>
  new Set(
    words(text)
      .filter((w) => w.length >= 4 && !ATTRIBUTION.test(w))
      .map(stem),
  );
const numbers = (text: string) => [...text.matchAll(/\d+(?:[.,]\d+)?/g)].map((m) => m[0].replace(',', '.').replace(/^0+(?=\d)/, ''));
const sameStem = (a: string, b: string) =>
  a === b || (Math.min(a.length, b.length) >= 4 && (a.startsWith(b) || b.startsWith(a)) && Math.abs(a.length - b.length) <= 2);

/** The body's paragraphs by part (ВВЕДЕНИЕ, «1.2 …», ЗАКЛЮЧЕНИЕ), tables and their captions left out, and the list's entries. */
async function readPaper(docx: Buffer): Promise<{ body: { part: string; text: string }[]; entries: Map<number, string>; rows: string[] }> {
  const whole = (await mammoth.convertToHtml({ buffer: docx })).value;
  // A table's row is a statement of its own: its figures and the citation of the page that holds them.
  const rows = [...whole.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((m) =>
    [...m[1].matchAll(/<t[dh]>([\s\S]*?)<\/t[dh]>/g)].map((c) => decode(c[1]).trim()).join(' | '),
  );
  const html = whole.replace(/<table>[\s\S]*?<\/table>/g, '');
  const blocks = [...html.matchAll(/<(p|h\d)>([\s\S]*?)<\/\1>/g)].map((m) => ({ heading: m[1] !== 'p', text: decode(m[2]).trim() }));
  const body: { part: string; text: string }[] = [];
  const entries = new Map<number, string>();
  let part: string | null = null;
  let inList = false;
  for (const b of blocks) {
    if (b.text === 'ВВЕДЕНИЕ' || b.text === 'ЗАКЛЮЧЕНИЕ') part = b.text;
    else if (b.text === 'СПИСОК ИСПОЛЬЗОВАННЫХ ИСТОЧНИКОВ') [part, inList] = [null, true];
    else if (/^ПРИЛОЖЕНИЕ [А-Я]/.test(b.text)) [part, inList] = [null, false];
    else if (b.heading) part = /^\d+\.\d+\s/.test(b.text) ? b.text.split(/\s/)[0] : part;
    else if (inList) {
      const m = /^(\d+)\.\s+(.*)$/s.exec(b.text);
      if (m) entries.set(Number(m[1]), m[2]);
    } else if (part && b.text && !/^Таблица \d+ [–-] /.test(b.text)) body.push({ part, text: b.text });
  }
  return { body, entries, rows };
}

const SENTENCE = /(?<=[.!?…])(?<![\s\u00A0(][А-ЯЁA-Z]\.)(?<!\s(?:с|т|г|гг|см|рис|табл|ст|п|ч|№)\.)\s+(?=[«"(А-ЯЁA-Z])/u;
const CITATION = /\[(\d+(?:,\s*с\.\s*[\d–-]+)?(?:;\s*\d+(?:,\s*с\.\s*[\d–-]+)?)*)\]/g;

/** Numbers a statement gives as figures: not a table's or a chapter's number, nor a cited page, nor the topic's and the outline's. */
function figuresOf(text: string, allowed: Set<string>, numbering: Set<string>): string[] {
  const bare = text
    .replace(CITATION, ' ')
    .replace(/(?<!\p{L})(?:таблиц\p{L}*|табл\.|глав\p{L}*|подраздел\p{L}*|раздел\p{L}*|пункт\p{L}*)[\s\u00A0]+\d+(?:\.\d+)?/giu, ' ')
    .replace(/(?<!\p{L})(?:с|стр)\.[\s\u00A0]*\d+(?:[–-]\d+)?/gu, ' ');
  return [...new Set(numbers(bare))].filter((n) => !allowed.has(n) && !numbering.has(n));
}

const PERSON = [
  /(?<![\p{L}.])(\p{Lu}\p{Ll}+(?:-\p{Lu}\p{Ll}+)?),?[\s\u00A0]+\p{Lu}\.(?:[\s\u00A0]*\p{Lu}\.)?(?![\s\u00A0]*\d)(?!\p{L})/gu,
  /(?<![\p{L}.])\p{Lu}\.[\s\u00A0]*(?:\p{Lu}\.[\s\u00A0]*)?(\p{Lu}\p{Ll}+)(?!\p{L})/gu,
  /(?:[Пп]о[\s\u00A0]+мнению|[Кк]ак[\s\u00A0]+(?:отмечает|пишет|указывает|считает|подчёркивает|подчеркивает))[\s\u00A0]+(\p{Lu}\p{Ll}+)(?!\p{L})/gu,
];
const AUTHOR_YEAR = /\(([^()]*?)(?:,|\s)\s*(?:19|20)\d{2}\)/gu;
const TITLE =
  /(?:[Мм]онографи|[Сс]тать|[Тт]руд|[Кк]ниг|[Кк]онцепци|[Уу]чебник|[Пп]особи|[Дд]иссертаци|[Дд]оклад|[Рр]абот|[Ии]сследовани)\p{L}*(?:[\s\u00A0]+[\p{L}-]+){0,3}[\s\u00A0]*«([^«»]{3,200})»/gu;

export async function measureGrounding(o: {
  docx: Buffer;
  /** The list's number -> the source the bench knows it as ("S3"), or undefined for an unknown one. */
  sourceOf: Map<number, string | undefined>;
  /** The record's printed pages of each source («1501-1507»). */
  rangeOf: Map<string, string | undefined>;
  passages: CitedPage[];
  /** Numbers of the topic and the outline. */
  allowed: Set<string>;
  /** The run's glossary (English term -> Russian): a Russian statement on an English page is matched through it. */
  glossary?: { en: string; ru: string }[];
}): Promise<GroundingFigures> {
  const { body, entries, rows } = await readPaper(o.docx);
  const numbering = new Set(body.map((b) => b.part).filter((p) => /^\d/.test(p)));
  for (const p of numbering) numbering.add(p.split('.')[0]);
  const pageText = (source: string, page: string | null) =>
    o.passages
      .filter((p) => p.source === source && (page === null ? p.page === null : p.page === page))
      .map((p) => p.text)
      .join('\n');
  const out: GroundingFigures = {
    inventedNames: { count: 0, examples: [] },
    pagesOutside: { count: 0, examples: [] },
    figures: { held: 0, total: 0, examples: [] },
    support: { passed: 0, total: 0, examples: [] },
    repeatedParagraphs: { count: 0, examples: [] },
    uncited: { count: 0, examples: [] },
  };
  const note = (list: string[], example: string) => list.length < 3 && list.push(example);
  const cited = new Set<number>();
  const listStems = [...entries.values()].flatMap((e) => words(e).map(stem));
  const passageStems = new Set(o.passages.flatMap((p) => words(p.text).map(stem)));
  const passagesText = o.passages.map((p) => words(p.text).join(' ')).join(' | ');
  const known = (surname: string) => {
    const s = stem(surname.toLowerCase());
    return listStems.some((x) => sameStem(x, s)) || passageStems.has(s);
  };
  for (const { part, text } of body) {
    // Named persons and works.
    const named: string[] = [];
    for (const re of PERSON) for (const m of text.matchAll(re)) if (!known(m[1])) named.push(m[0]);
    for (const m of text.matchAll(AUTHOR_YEAR)) for (const name of m[1].match(/\p{Lu}\p{Ll}+/gu) ?? []) if (!known(name)) named.push(m[0]);
    for (const m of text.matchAll(TITLE)) {
      const title = words(m[1]);
      const inList = [...entries.values()].some((e) => {
        const own = new Set(words(e).map(stem));
        return title.filter((w) => own.has(stem(w))).length >= Math.ceil(0.8 * title.length);
      });
      if (!inList && !passagesText.includes(title.join(' '))) named.push(m[0]);
    }
    for (const n of new Set(named)) {
      out.inventedNames.count++;
      note(out.inventedNames.examples, `${part}: ${n}`);
    }
    // Citations, sentence by sentence: the text before each is what it answers for.
    for (const sentence of text.split(SENTENCE)) {
      for (const m of sentence.matchAll(CITATION)) {
        const claim = sentence.slice(0, m.index).replace(CITATION, ' ');
        const figures = figuresOf(claim, o.allowed, numbering);
        for (const piece of m[1].split(';')) {
          const [, n, from, to] = /^\s*(\d+)(?:,\s*с\.\s*(\d+)(?:[–-](\d+))?)?/.exec(piece)!;
          cited.add(Number(n));
          const source = o.sourceOf.get(Number(n));
          if (!source) continue;
          const page = from ? (to ? null : from) : null;
          const range = /(\d+)\s*[-–]\s*(\d+)/.exec(o.rangeOf.get(source) ?? '');
          if (from && range && (Number(from) < Number(range[1]) || Number(to ?? from) > Number(range[2]))) {
            out.pagesOutside.count++;
            note(out.pagesOutside.examples, `${part}: [${piece.trim()}] of ${range[0]}`);
          }
          const there = pageText(source, page);
          const held = new Set(numbers(there));
          const holds = figures.every((f) => held.has(f));
          if (figures.length) {
            out.figures.total++;
            if (holds) out.figures.held++;
            else
              note(
                out.figures.examples,
                `${part}: «${clip(claim.trim())}» [${piece.trim()}] lacks ${figures.filter((f) => !held.has(f)).join(', ')}`,
              );
          }
          if (!from) continue;
          out.support.total++;
          const own = claimStems(claim);
          const page2 = stemsOf(there);
          // The Russian of every English term the page holds counts as the page's own.
          for (const e of o.glossary ?? []) if ([...stemsOf(e.en)].every((x) => page2.has(x))) for (const x of stemsOf(e.ru)) page2.add(x);
          const share = own.size ? [...own].filter((s) => page2.has(s)).length / own.size : 0;
          if (share >= 0.5 && holds) out.support.passed++;
          else note(out.support.examples, `${part}: «${clip(claim.trim())}» [${piece.trim()}] ${share.toFixed(2)}`);
        }
      }
    }
  }
  // Tables' rows: every figure of the row on the page its citation points to.
  for (const row of rows)
    for (const m of row.matchAll(CITATION))
      for (const piece of m[1].split(';')) {
        const [, n, from] = /^\s*(\d+)(?:,\s*с\.\s*(\d+))?/.exec(piece)!;
        cited.add(Number(n));
        const source = o.sourceOf.get(Number(n));
        const figures = figuresOf(row, o.allowed, numbering);
        if (!source || !figures.length) continue;
        const held = new Set(numbers(pageText(source, from ?? null)));
        out.figures.total++;
        if (figures.every((f) => held.has(f))) out.figures.held++;
        else note(out.figures.examples, `table row «${clip(row)}» lacks ${figures.filter((f) => !held.has(f)).join(', ')}`);
      }
  // Repeated paragraphs: half of a paragraph's 5-gram shingles in one earlier paragraph.
  const seen: Set<string>[] = [];
  for (const { part, text } of body) {
    const w = words(text.replace(CITATION, ' '));
    const shingles = new Set(w.slice(0, Math.max(0, w.length - 4)).map((_, i) => w.slice(i, i + 5).join(' ')));
    if (shingles.size < 10) continue;
    if (seen.some((s) => [...shingles].filter((g) => s.has(g)).length >= shingles.size / 2)) {
      out.repeatedParagraphs.count++;
      note(out.repeatedParagraphs.examples, `${part}: ${clip(text, 80)}`);
    }
    seen.push(shingles);
  }
  for (const [n, entry] of entries)
    if (!cited.has(n)) {
      out.uncited.count++;
      note(out.uncited.examples, `${n}. ${clip(entry, 80)}`);
    }
  return out;
}

/** Words in Latin script (two letters or more) in a user-facing message. */
export const latinWords = (message: string) => message.match(/[A-Za-z]{2,}/g) ?? [];
