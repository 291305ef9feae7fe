/**
 * A supervisor's Word comments read from a .docx: each comment (word/comments.xml) with the text
 * it was made on (the runs between its w:commentRangeStart and w:commentRangeEnd in
 * word/document.xml; a comment without a range: the paragraph of its reference) and the heading
 * above it. The zip is read with its declared sizes checked first (zip.ts), the XML with a real
 * parser; deleted text of tracked changes is not part of an anchor.
 */
import { DOMParser } from '@xmldom/xmldom';
import { PaperError } from '../errors.ts';
import { readZip } from '../zip.ts';
import type { RemarkInput } from './types.ts';

export interface DocxComment {
  id: string;
  author: string | null;
  text: string;
  /** The text the comment was made on ('' when the comment has no anchor). */
  anchor: string;
  /** The heading above the anchor, as the .docx has it. */
  heading: string | null;
}

export interface DocxRemarks {
  comments: DocxComment[];
}

const DOCUMENT = 'word/document.xml';
const COMMENTS = 'word/comments.xml';
/** An anchor is kept up to this length: enough to find it again, not a chapter. */
const MAX_ANCHOR = 2000;

const parse = (xml: Buffer) =>
  new DOMParser({
    errorHandler: {
      fatalError: (message: string) => {
        throw new PaperError('file_rejected', `Файл .docx повреждён: ${message}`);
      },
    },
  }).parseFromString(xml.toString('utf8'), 'text/xml');

const child = (el: Element, name: string): Element | undefined => {
  for (let n = el.firstChild; n; n = n.nextSibling) if (n.nodeType === 1 && (n as Element).tagName === name) return n as Element;
  return undefined;
};

/** The text of a paragraph's runs (tabs and breaks as spaces, deleted text left out). */
function textOf(el: Element): string {
  let out = '';
  const walk = (node: Element) => {
    for (let n = node.firstChild; n; n = n.nextSibling) {
      if (n.nodeType !== 1) continue;
      const e = n as Element;
      if (e.tagName === 'w:t') out += e.textContent ?? '';
      else if (e.tagName === 'w:tab' || e.tagName === 'w:br') out += ' ';
      else if (e.tagName !== 'w:del' && e.tagName !== 'w:delText') walk(e);
    }
  };
  walk(el);
  return out;
}

const clean = (s: string) => s.replace(/\s+/g, ' ').trim();

/** A heading: a heading style or an outline level, or a line that reads as one («2.1 Анализ …», «ВВЕДЕНИЕ»). */
function isHeading(p: Element, text: string): boolean {
  const pPr = child(p, 'w:pPr');
  const style = pPr ? child(pPr, 'w:pStyle')?.getAttribute('w:val') : undefined;
  if (style && /heading|заголовок|^[1-3]$/i.test(style)) return true;
  if (pPr && child(pPr, 'w:outlineLvl')) return true;
  const t = clean(text);
  return t.length > 0 && t.length < 200 && !/[.:;]$/.test(t) && /^(ВВЕДЕНИЕ|ЗАКЛЮЧЕНИЕ|ГЛАВА\s+\d|\d+(\.\d+)?\.?\s+\p{Lu})/u.test(t);
}

/** Reads the comments of a .docx; a file that is not a .docx is refused (PaperError file_rejected). */
export async function readDocxComments(bytes: Uint8Array): Promise<DocxRemarks> {
  const files = await readZip(bytes, (name) => name === DOCUMENT || name === COMMENTS);
  const documentXml = files.get(DOCUMENT);
  if (!documentXml) throw new PaperError('file_rejected', 'Это не документ Word: в архиве нет word/document.xml');
  const texts = new Map<string, { author: string | null; text: string }>();
  const commentsXml = files.get(COMMENTS);
  if (commentsXml) {
    const comments = parse(commentsXml).getElementsByTagName('w:comment');
    for (let i = 0; i < comments.length; i++) {
      const c = comments[i];
      const paragraphs = c.getElementsByTagName('w:p');
      const lines: string[] = [];
      for (let k = 0; k < paragraphs.length; k++) lines.push(clean(textOf(paragraphs[k])));
      const text = lines.filter(Boolean).join('\n');
      const id = c.getAttribute('w:id');
      if (id !== null && text) texts.set(id, { author: c.getAttribute('w:author'), text });
    }
  }

  const body = parse(documentXml).getElementsByTagName('w:body')[0];
  const anchors = new Map<string, { text: string; heading: string | null; order: number }>();
  const open = new Set<string>();
  let heading: string | null = null;
  let order = 0;
  const append = (s: string) => {
    for (const id of open) {
      const a = anchors.get(id)!;
      if (a.text.length < MAX_ANCHOR) a.text += s;
    }
  };
  const start = (id: string) => {
    if (!anchors.has(id)) anchors.set(id, { text: '', heading, order: order++ });
    open.add(id);
  };
  const walk = (node: Element, paragraph: { text: string; refs: string[] } | null) => {
    for (let n = node.firstChild; n; n = n.nextSibling) {
      if (n.nodeType !== 1) continue;
      const e = n as Element;
      const id = e.getAttribute('w:id') ?? '';
      switch (e.tagName) {
        case 'w:p': {
          const p = { text: '', refs: [] as string[] };
          walk(e, p);
          append(' ');
          // A comment with no range of its own is on its paragraph.
          for (const ref of p.refs)
            if (!anchors.has(ref) || !clean(anchors.get(ref)!.text)) anchors.set(ref, { text: p.text, heading, order: order++ });
          if (isHeading(e, p.text)) heading = clean(p.text);
          break;
        }
        case 'w:commentRangeStart':
          start(id);
          break;
        case 'w:commentRangeEnd':
          open.delete(id);
          break;
        case 'w:commentReference':
          paragraph?.refs.push(id);
          break;
        case 'w:t':
          if (paragraph) paragraph.text += e.textContent ?? '';
          append(e.textContent ?? '');
          break;
        case 'w:tab':
        case 'w:br':
          if (paragraph) paragraph.text += ' ';
          append(' ');
          break;
        case 'w:del':
        case 'w:delText':
          break;
        default:
          walk(e, paragraph);
      }
    }
  };
  if (body) walk(body, null);

  const comments: DocxComment[] = [...texts]
    .map(([id, c]) => ({ id, ...c, anchor: clean(anchors.get(id)?.text ?? ''), heading: anchors.get(id)?.heading ?? null }))
    .sort((a, b) => (anchors.get(a.id)?.order ?? Number.MAX_SAFE_INTEGER) - (anchors.get(b.id)?.order ?? Number.MAX_SAFE_INTEGER));
  return { comments };
}

/** The comments as remarks of a revision round. */
export function remarksOfComments(comments: DocxComment[]): RemarkInput[] {
  return comments.map((c) => ({
    origin: 'comment',
    text: c.text,
    ...(c.anchor ? { anchor: c.anchor } : {}),
    ...(c.heading ? { heading: c.heading } : {}),
  }));
}
