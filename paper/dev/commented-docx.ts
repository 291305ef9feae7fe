/**
 * A supervisor's copy of a paper for tests and the benchmark: Word comments added to a .docx the
 * way Word stores them (word/comments.xml, its relationship and content type, a
 * w:commentRangeStart/End around the commented paragraph and a w:commentReference run), each on the
 * paragraph that holds the given words; optionally with the paragraph edited by the student.
 */
import { DOMParser, XMLSerializer } from '@xmldom/xmldom';
import { readZip } from '../src/zip.ts';
import { wordsOf } from '../src/remarks/locate.ts';
import { buildZip } from './zip.ts';

export interface CommentSpec {
  /** Words of the paragraph to comment on (as the text reads, references and typography aside). */
  on: string;
  text: string;
  author?: string;
  /** The student's edit of that paragraph: its first run's text replaced by this. */
  edit?: (text: string) => string;
}

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export async function withComments(docx: Buffer, comments: CommentSpec[]): Promise<Buffer> {
  const files = await readZip(docx, () => true);
  const doc = new DOMParser().parseFromString(files.get('word/document.xml')!.toString('utf8'), 'text/xml');
  const paragraphs = Array.from(doc.getElementsByTagName('w:p'));
  const textOf = (p: Element) =>
    Array.from(p.getElementsByTagName('w:t'))
      .map((t) => t.textContent ?? '')
      .join('');
  comments.forEach((c, id) => {
    const want = ` ${wordsOf(c.on).join(' ')} `;
    const p = paragraphs.find((x) => ` ${wordsOf(textOf(x)).join(' ')} `.includes(want));
    if (!p) throw new Error(`no paragraph holds «${c.on}»`);
    const start = doc.createElementNS(W, 'w:commentRangeStart');
    start.setAttribute('w:id', String(id));
    const pPr = p.getElementsByTagName('w:pPr')[0];
    p.insertBefore(start, pPr && pPr.parentNode === p ? pPr.nextSibling : p.firstChild);
    const end = doc.createElementNS(W, 'w:commentRangeEnd');
    end.setAttribute('w:id', String(id));
    p.appendChild(end);
    const run = doc.createElementNS(W, 'w:r');
    const ref = doc.createElementNS(W, 'w:commentReference');
    ref.setAttribute('w:id', String(id));
    run.appendChild(ref);
    p.appendChild(run);
    if (c.edit) {
      const first = p.getElementsByTagName('w:t')[0];
      first.textContent = c.edit(first.textContent ?? '');
    }
  });
  const commentsXml =
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:comments xmlns:w="${W}">` +
    comments
      .map(
        (c, id) =>
          `<w:comment w:id="${id}" w:author="${esc(c.author ?? 'Научный руководитель')}" w:date="2025-05-20T10:00:00Z" w:initials="НР">` +
          c.text
            .split('\n')
            .map((line) => `<w:p><w:r><w:t xml:space="preserve">${esc(line)}</w:t></w:r></w:p>`)
            .join('') +
          '</w:comment>',
      )
      .join('') +
    '</w:comments>';
  const rels = files
    .get('word/_rels/document.xml.rels')!
    .toString('utf8')
    .replace(
      '</Relationships>',
      '<Relationship Id="rIdRemarks" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/comments" Target="comments.xml"/></Relationships>',
    );
  const types = files
    .get('[Content_Types].xml')!
    .toString('utf8')
    .replace(
      '</Types>',
      '<Override PartName="/word/comments.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.comments+xml"/></Types>',
    );
  files.set('word/document.xml', Buffer.from(new XMLSerializer().serializeToString(doc), 'utf8'));
  files.set('word/comments.xml', Buffer.from(commentsXml, 'utf8'));
  files.set('word/_rels/document.xml.rels', Buffer.from(rels, 'utf8'));
  files.set('[Content_Types].xml', Buffer.from(types, 'utf8'));
  return buildZip([...files].map(([name, data]) => ({ name, data })));
}
