/** The supervisor's copy of a paper: its .docx with Word comments, as Word stores them. */
import JSZip from 'jszip';

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const textOf = (paragraph: string) => [...paragraph.matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>/g)].map((m) => m[1]).join('');

/**
 * Adds a comment on the first long paragraph under each given heading («2.1 …»): a
 * w:commentRangeStart/End around the paragraph's runs, a w:commentReference run, word/comments.xml
 * with its relationship and content type.
 */
export async function withSupervisorComments(docx: Buffer, comments: { under: string; text: string }[]): Promise<Buffer> {
  const zip = await JSZip.loadAsync(docx);
  let xml = await zip.file('word/document.xml')!.async('string');
  const paragraphs = [...xml.matchAll(/<w:p[ >][\s\S]*?<\/w:p>/g)].map((m) => m[0]);
  comments.forEach((c, id) => {
    // The heading itself, not its line in the contents before it.
    const heading = paragraphs.findLastIndex((p) => textOf(p).startsWith(`${c.under} `));
    const target = paragraphs.slice(heading + 1).find((p) => textOf(p).length > 200);
    if (heading < 0 || !target) throw new Error(`no paragraph under ${c.under}`);
    const start = `<w:commentRangeStart w:id="${id}"/>`;
    const opened = /<\/w:pPr>/.test(target)
      ? target.replace('</w:pPr>', `</w:pPr>${start}`)
      : target.replace(/^<w:p[^>]*>/, (m) => `${m}${start}`);
    const commented = opened.replace(/<\/w:p>$/, `<w:commentRangeEnd w:id="${id}"/><w:r><w:commentReference w:id="${id}"/></w:r></w:p>`);
    xml = xml.replace(target, commented);
  });
  zip.file('word/document.xml', xml);
  zip.file(
    'word/comments.xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:comments xmlns:w="${W}">` +
      comments
        .map(
          (c, id) =>
            `<w:comment w:id="${id}" w:author="Научный руководитель" w:date="2026-05-20T10:00:00Z" w:initials="НР">` +
            `<w:p><w:r><w:t xml:space="preserve">${escape(c.text)}</w:t></w:r></w:p></w:comment>`,
        )
        .join('') +
      '</w:comments>',
  );
  const rels = await zip.file('word/_rels/document.xml.rels')!.async('string');
  zip.file(
    'word/_rels/document.xml.rels',
    rels.replace(
      '</Relationships>',
      '<Relationship Id="rIdComments" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/comments" Target="comments.xml"/></Relationships>',
    ),
  );
  const types = await zip.file('[Content_Types].xml')!.async('string');
  zip.file(
    '[Content_Types].xml',
    types.replace(
      '</Types>',
      '<Override PartName="/word/comments.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.comments+xml"/></Types>',
    ),
  );
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}
