/**
 * An Office file (.pptx, .docx) opens without a repair prompt only when its package is whole
 * (ECMA-376 part 2, Open Packaging Conventions): every part has a content type, every XML part
 * parses, every internal relationship points at a part that exists, and the package's own
 * relationships name its main document. PowerPoint asks to repair a file that breaks any of these.
 */
import path from 'node:path/posix';
import { DOMParser } from '@xmldom/xmldom';
import { readZip } from '../zip.ts';

const CONTENT_TYPES = '[Content_Types].xml';
const OFFICE_DOCUMENT = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument';

/** XML that does not parse: xmldom reports it instead of throwing. */
function parseXml(text: string): Document | string {
  const problems: string[] = [];
  const doc = new DOMParser({
    errorHandler: {
      warning: () => undefined,
      error: (message: string) => problems.push(message),
      fatalError: (message: string) => problems.push(message),
    },
  }).parseFromString(text, 'text/xml');
  return problems.length ? problems[0] : doc;
}

/**
 * What PowerPoint repairs in a presentation although the package is whole (found with pptxgenjs,
 * its issues #1441-1443): a shape without a text body, a solid background without its effect list,
 * an empty outline element, placeholders on the notes master.
 */
function presentationProblems(parts: Map<string, Buffer>): string[] {
  const problems: string[] = [];
  for (const [name, data] of parts) {
    if (!/^ppt\/(slides|slideLayouts|slideMasters|notesMasters)\/[^/]+\.xml$/.test(name)) continue;
    const xml = data.toString('utf8');
    const shapes = xml.match(/<p:sp>[\s\S]*?<\/p:sp>/g) ?? [];
    if (name.startsWith('ppt/notesMasters/') && shapes.length) problems.push(`${name}: заполнители на образце заметок`);
    if (shapes.some((sp) => !sp.includes('<p:txBody>'))) problems.push(`${name}: фигура без текстового блока`);
    if (/<p:bgPr>(?:(?!<\/p:bgPr>)[\s\S])*<a:solidFill>(?:(?!<\/p:bgPr>)[\s\S])*<\/a:solidFill><\/p:bgPr>/.test(xml))
      problems.push(`${name}: фон без списка эффектов`);
    if (xml.includes('<a:ln></a:ln>')) problems.push(`${name}: пустой контур`);
  }
  return problems;
}

/** The problems of the package, in Russian; empty when it is whole. */
export async function packageProblems(bytes: Uint8Array): Promise<string[]> {
  const parts = await readZip(bytes, () => true);
  const problems: string[] = [];
  const types = parts.get(CONTENT_TYPES);
  if (!types) return ['нет [Content_Types].xml'];
  const typesDoc = parseXml(types.toString('utf8'));
  if (typeof typesDoc === 'string') return [`[Content_Types].xml не разбирается: ${typesDoc}`];
  const defaults = new Map(
    Array.from(typesDoc.getElementsByTagName('Default')).map((d) => [
      (d.getAttribute('Extension') ?? '').toLowerCase(),
      d.getAttribute('ContentType'),
    ]),
  );
  const overrides = new Map(
    Array.from(typesDoc.getElementsByTagName('Override')).map((o) => [
      (o.getAttribute('PartName') ?? '').replace(/^\//, ''),
      o.getAttribute('ContentType'),
    ]),
  );
  for (const name of overrides.keys()) if (!parts.has(name)) problems.push(`тип содержимого объявлен для отсутствующей части ${name}`);
  let main = false;
  for (const [name, data] of parts) {
    if (name === CONTENT_TYPES || name.endsWith('/')) continue;
    // By the last dot of the name: «_rels/.rels» has the extension «rels».
    const ext = path.basename(name).split('.').pop()!.toLowerCase();
    if (!overrides.has(name) && !defaults.has(ext)) problems.push(`у части ${name} нет типа содержимого`);
    if (ext !== 'xml' && ext !== 'rels') continue;
    const doc = parseXml(data.toString('utf8'));
    if (typeof doc === 'string') {
      problems.push(`часть ${name} не разбирается: ${doc}`);
      continue;
    }
    if (ext !== 'rels') continue;
    // "word/_rels/document.xml.rels" describes "word/document.xml"; "_rels/.rels" the package.
    const source = path.join(path.dirname(path.dirname(name)), path.basename(name, '.rels'));
    const base = name === '_rels/.rels' ? '' : path.dirname(source);
    for (const rel of Array.from(doc.getElementsByTagName('Relationship'))) {
      if (rel.getAttribute('TargetMode') === 'External') continue;
      const targetAttr = rel.getAttribute('Target') ?? '';
      const target = targetAttr.startsWith('/') ? targetAttr.slice(1) : path.normalize(path.join(base, targetAttr));
      if (!parts.has(target)) problems.push(`связь ${rel.getAttribute('Id')} из ${name} ведёт к отсутствующей части ${target}`);
      if (name === '_rels/.rels' && rel.getAttribute('Type') === OFFICE_DOCUMENT) main = true;
    }
  }
  if (!main) problems.push('в _rels/.rels не указан основной документ');
  problems.push(...presentationProblems(parts));
  return problems;
}
