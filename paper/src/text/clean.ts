/** Cleaning what a writer returns into paragraphs of plain academic text. */
import { sentencesOf } from './sentences.ts';
import { captionOf, isTable, settleTables } from './tables.ts';

/**
 * Normalises citation markers a model may write slightly differently: [p3], [[ p3 ; p4 ]], and a
 * page it was told not to write ([[p3, с. 5]]: the page comes from the passage). The old source
 * form ([S3], [[S3; с. 5]]) is normalised too, so that it is recognised and dropped later.
 */
export function normalizeMarkers(text: string): string {
  return text
    .replace(
      /\[\[?\s*(p\d+(?:\s*[,;]\s*p\d+)*)\s*(?:[,;]\s*(?:с|c|стр)\.?\s*\d+(?:\s*[-–]\s*\d+)?)?\s*\]?\]/g,
      (_m, ids: string) =>
        `[[${ids
          .split(/[,;]/)
          .map((id) => id.trim())
          .join(', ')}]]`,
    )
    .replace(/\[\[?\s*(S\d+)\s*(?:[,;]\s*(?:с|c|стр)\.?\s*(\d+(?:\s*[-–]\s*\d+)?))?\s*\]?\]/g, (_m, id: string, pages?: string) =>
      pages ? `[[${id}, с. ${pages.replace(/\s+/g, '')}]]` : `[[${id}]]`,
    );
}

/** A model declining the task («Извините, я не могу помочь с этим запросом»): never a paragraph of the paper. */
const REFUSAL = /^(?:(?:извините|простите|к сожалению)[,!.\s]*)?(?:я\s+)?не\s+могу\s+(?:помочь|выполнить|написать|ответить|продолжить)/i;
const MAX_REFUSAL_CHARS = 300;
/** The heading of a reference list a model appends on its own (alone on its line, or before its first entry). */
const LIST_HEADING = '(?:список\\s+(?:использованн\\p{L}+\\s+)?(?:литературы|источников)|литература|источники|библиография|references)';
const OWN_LIST = new RegExp(`^${LIST_HEADING}\\s*:?$`, 'iu');
const OWN_LIST_INLINE = new RegExp(`^${LIST_HEADING}\\s*:\\s*\\S`, 'iu');
/** What only a bibliographic description holds: « // Журнал», «– М. : Наука», «– 200 с.», «[Электронный ресурс]», «– С. 12–18». */
const DESCRIPTION =
  /\s\/\/\s|[–—-]\s*(?:М\.|СПб\.|Москва|Санкт-Петербург|London|New York)\s*:|[–—-]\s*\d+\s*(?:с|p)\.(?:\s|$)|\[Электронный ресурс\]|[–—-]\s*С\.\s*\d/u;
/** An entry of a list starts with its author («Вертинская О. Л.», «Smith J.»), maybe numbered. */
const ENTRY_START = /^(?:\d{1,3}[.)]\s*)?\p{Lu}[\p{Ll}-]+,?[\s\u00A0]+\p{Lu}\.[\s\u00A0]*(?:\p{Lu}\.)?/u;

/**
 * A paragraph that is a model's own list of literature, or what is left of one once its heading
 * line was not there to cut at («Литература: Вертинская О. Л. Малый бизнес… // Вопросы экономики.»).
 */
export function isReferenceRemnant(paragraph: string): boolean {
  const p = paragraph.replace(/\s*\[\[[^\]]*\]\]/g, '').trim();
  return OWN_LIST_INLINE.test(p) || OWN_LIST.test(p) || (ENTRY_START.test(p) && DESCRIPTION.test(p));
}

/**
 * Paragraphs from a model's text: no markdown, no headings repeating the title, no numeric
 * references the model made up ([12]): only [[p…]] markers survive, to be resolved later.
 */
export function cleanText(raw: string, options: { dropTitle?: string } = {}): string[] {
  let text = normalizeMarkers(raw.replace(/\r\n?/g, '\n'));
  text = text.replace(/\[(\d+(?:\s*[,;]\s*(?:с\.\s*)?\d+)*(?:,\s*с\.\s*\d+(?:[-–]\d+)?)?)\]/g, '');
  const lines = text.split('\n');
  const out: string[] = [];
  let current = '';
  /** `current` is a table's caption or rows: it goes on until a line that is not a row. */
  let inTable = false;
  const flush = () => {
    // A table keeps a line per row (an empty cell would make rows joined into one line ambiguous).
    const p = inTable
      ? current
          .split('\n')
          .map((l) => l.replace(/\s+/g, ' ').trim())
          .filter(Boolean)
          .join('\n')
      : current.replace(/\s+/g, ' ').trim();
    if (p) out.push(p);
    current = '';
    inTable = false;
  };
  const title = options.dropTitle
    ? options.dropTitle
        .toLowerCase()
        .replace(/[^\p{L}\p{N}]+/gu, ' ')
        .trim()
    : '';
  for (let line of lines) {
    line = line.trim();
    // A list of literature of the model's own: it and everything after it go (only passages are cited).
    const bareLine = line.replace(/[*_#]/g, '').trim();
    if (OWN_LIST.test(bareLine) || OWN_LIST_INLINE.test(bareLine)) break;
    if (!line) {
      flush();
      continue;
    }
    // Markdown rules («---») and headings are not text.
    if (/^([-*_])(\s*\1){2,}$/.test(line)) {
      flush();
      continue;
    }
    if (/^#{1,6}\s/.test(line) || /^(глава|раздел|подраздел)\s+\d/i.test(line)) {
      flush();
      continue;
    }
    const bare = line
      .replace(/^[\d.\s]+/, '')
      .replace(/[*_#]/g, '')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim();
    if (title && out.length === 0 && !current && bare === title) continue;
    line = line
      .replace(/\*\*(.+?)\*\*/g, '$1')
      .replace(/__(.+?)__/g, '$1')
      .replace(/(^|\s)\*(\S[^*]*?)\*(?=\s|[.,;:!?]|$)/g, '$1$2')
      .replace(/`/g, '');
    // A table: its caption line and its rows make one paragraph (text/tables.ts), whatever ends them.
    if (line.startsWith('|')) {
      if (!inTable) flush();
      current = current ? `${current}\n${line}` : line;
      inTable = true;
      continue;
    }
    if (inTable) flush();
    if (captionOf(line) !== null) {
      flush();
      current = line;
      inTable = true;
      continue;
    }
    // Lists become paragraphs that start with a dash or a number with a bracket, as GOST 7.32 lists do.
    const bullet = /^([-*•–—])\s+(.*)$/.exec(line);
    const numbered = /^(\d{1,2})[.)]\s+(\S.*)$/.exec(line);
    if (bullet || numbered) {
      flush();
      current = bullet ? `– ${bullet[2]}` : `${numbered![1]}) ${numbered![2]}`;
      flush();
      continue;
    }
    // A model often separates paragraphs with single newlines: a line ending a sentence ends a paragraph.
    current = current ? `${current} ${line}` : line;
    if (/[.!?»)]$/.test(line)) flush();
  }
  flush();
  return settleTables(
    out
      .filter((p) => !(p.length <= MAX_REFUSAL_CHARS && REFUSAL.test(p)) && !isReferenceRemnant(p))
      .map((p) => (isTable(p) ? p : withoutForeignSentences(p)))
      .filter(Boolean),
  );
}

/** A sentence whose own letters (quotations aside) are mostly Latin is not Russian text. */
const FOREIGN_SHARE = 0.7;
const MIN_LETTERS = 20;

/**
 * A model drifting into English mid-text: its English sentences go (the volume stage writes
 * Russian in their place); Russian sentences quoting or citing English works stay.
 */
function withoutForeignSentences(paragraph: string): string {
  return sentencesOf(paragraph)
    .filter((sentence) => {
      // Quotations («…» of an English work) and citation markers are not the writer's own language.
      const own = sentence.replace(/\[\[[^\]]*\]\]/g, '').replace(/«[^»]*»/g, '');
      const letters = own.match(/\p{L}/gu) ?? [];
      if (letters.length < MIN_LETTERS) return true;
      const latin = letters.filter((l) => /[A-Za-z]/.test(l)).length;
      return latin / letters.length < FOREIGN_SHARE;
    })
    .join(' ');
}

export function joinParagraphs(paragraphs: string[]): string {
  return paragraphs.join('\n\n');
}

export function charsOf(paragraphs: string[]): number {
  return paragraphs.reduce((n, p) => n + p.length, 0);
}
