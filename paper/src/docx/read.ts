/** Reads the parts of a .docx that normocontrol needs, and resolves effective paragraph and run properties. */
import { DOMParser } from '@xmldom/xmldom';
import { readZip } from '../zip.ts';

type El = Element;

export interface ParaProps {
  jc?: string;
  firstLine?: number;
  hanging?: number;
  left?: number;
  line?: number;
  lineRule?: string;
  pageBreakBefore?: boolean;
  outlineLevel?: number;
}

export interface RunProps {
  font?: string;
  size?: number;
  bold?: boolean;
  vertAlign?: string;
}

export interface ReadRun {
  text: string;
  props: RunProps;
  footnoteRef: boolean;
}

export interface ReadParagraph {
  index: number;
  styleId?: string;
  props: ParaProps;
  runs: ReadRun[];
  text: string;
  /** A page break (w:br type=page) anywhere before the text of this paragraph. */
  breakBefore: boolean;
  /** Complex/simple field instructions in this paragraph, with their results. */
  fields: { instruction: string; result: string }[];
  /** In a table's cell. */
  inTable: boolean;
  /** The cell it stands in: the table's place among the body's tables, its row and column, from 0. */
  cell?: { table: number; row: number; col: number };
}

export interface ReadDocx {
  paragraphs: ReadParagraph[];
  footnotes: ReadParagraph[][];
  section: {
    pgW?: number;
    pgH?: number;
    margins: Record<string, number>;
    titlePg: boolean;
    footerDefault?: string;
    footerFirst?: string;
    pgStart?: number;
  };
  footers: Map<string, ReadParagraph[]>;
  updateFields: boolean;
  customProps: Map<string, string>;
}

const W = (el: El | null | undefined, name: string): El | undefined => {
  if (!el) return undefined;
  for (let n = el.firstChild; n; n = n.nextSibling) if (n.nodeType === 1 && (n as El).tagName === name) return n as El;
  return undefined;
};
const attr = (el: El | undefined, name: string) => el?.getAttribute(name) ?? undefined;
const num = (v: string | undefined) => (v === undefined || v === '' ? undefined : Number(v));
const onOff = (el: El | undefined) => (el ? !['0', 'false', 'off'].includes(attr(el, 'w:val') ?? 'true') : undefined);

function parsePPr(pPr: El | undefined): ParaProps {
  if (!pPr) return {};
  const ind = W(pPr, 'w:ind');
  const spacing = W(pPr, 'w:spacing');
  const out: ParaProps = {
    jc: attr(W(pPr, 'w:jc'), 'w:val'),
    firstLine: num(attr(ind, 'w:firstLine')),
    hanging: num(attr(ind, 'w:hanging')),
    left: num(attr(ind, 'w:left') ?? attr(ind, 'w:start')),
    line: num(attr(spacing, 'w:line')),
    lineRule: attr(spacing, 'w:lineRule'),
    pageBreakBefore: onOff(W(pPr, 'w:pageBreakBefore')),
    outlineLevel: num(attr(W(pPr, 'w:outlineLvl'), 'w:val')),
  };
  if (out.hanging !== undefined && out.firstLine === undefined) out.firstLine = -out.hanging;
  return Object.fromEntries(Object.entries(out).filter(([, v]) => v !== undefined)) as ParaProps;
}

function parseRPr(rPr: El | undefined): RunProps {
  if (!rPr) return {};
  const fonts = W(rPr, 'w:rFonts');
  const out: RunProps = {
    font: attr(fonts, 'w:ascii') ?? attr(fonts, 'w:hAnsi'),
    size: num(attr(W(rPr, 'w:sz'), 'w:val')),
    bold: onOff(W(rPr, 'w:b')),
    vertAlign: attr(W(rPr, 'w:vertAlign'), 'w:val'),
  };
  return Object.fromEntries(Object.entries(out).filter(([, v]) => v !== undefined)) as RunProps;
}

interface StyleDef {
  basedOn?: string;
  pPr: ParaProps;
  rPr: RunProps;
  type: string;
}

function parseStyles(xml: string | undefined) {
  const styles = new Map<string, StyleDef>();
  let defaultsP: ParaProps = {};
  let defaultsR: RunProps = {};
  let defaultPara: string | undefined;
  let defaultChar: string | undefined;
  if (xml) {
    const doc = new DOMParser().parseFromString(xml, 'text/xml');
    const dd = doc.getElementsByTagName('w:docDefaults')[0];
    if (dd) {
      defaultsP = parsePPr(W(W(dd, 'w:pPrDefault'), 'w:pPr'));
      defaultsR = parseRPr(W(W(dd, 'w:rPrDefault'), 'w:rPr'));
    }
    const list = doc.getElementsByTagName('w:style');
    for (let i = 0; i < list.length; i++) {
      const s = list[i];
      const id = s.getAttribute('w:styleId') ?? '';
      const type = s.getAttribute('w:type') ?? 'paragraph';
      if (s.getAttribute('w:default') === '1' || s.getAttribute('w:default') === 'true') {
        if (type === 'paragraph') defaultPara = id;
        if (type === 'character') defaultChar = id;
      }
      styles.set(id, { type, basedOn: attr(W(s, 'w:basedOn'), 'w:val'), pPr: parsePPr(W(s, 'w:pPr')), rPr: parseRPr(W(s, 'w:rPr')) });
    }
  }
  const chain = (id: string | undefined): StyleDef[] => {
    const out: StyleDef[] = [];
    const seen = new Set<string>();
    for (let cur = id; cur && styles.has(cur) && !seen.has(cur); cur = styles.get(cur)!.basedOn) {
      seen.add(cur);
      out.unshift(styles.get(cur)!);
    }
    return out;
  };
  return {
    paraProps(styleId: string | undefined, direct: ParaProps): ParaProps {
      return Object.assign({}, defaultsP, ...chain(styleId ?? defaultPara).map((s) => s.pPr), direct);
    },
    runProps(paraStyle: string | undefined, runStyle: string | undefined, direct: RunProps): RunProps {
      return Object.assign(
        {},
        defaultsR,
        ...chain(paraStyle ?? defaultPara).map((s) => s.rPr),
        ...chain(runStyle ?? defaultChar).map((s) => s.rPr),
        direct,
      );
    },
  };
}

type Styles = ReturnType<typeof parseStyles>;

/** The element's place among its parent's children of the same tag. */
function placeOf(el: El): number {
  let n = 0;
  for (let s = el.previousSibling; s; s = s.previousSibling) if (s.nodeType === 1 && (s as El).tagName === el.tagName) n++;
  return n;
}

/** The cell a paragraph stands in (the innermost one), with its table numbered in document order. */
function cellOf(p: El, tables: Map<El, number>): ReadParagraph['cell'] {
  let tc: El | undefined;
  for (let a = p.parentNode; a; a = a.parentNode)
    if (a.nodeType === 1 && (a as El).tagName === 'w:tc') {
      tc = a as El;
      break;
    }
  const tr = tc?.parentNode as El | null | undefined;
  const tbl = tr?.parentNode as El | null | undefined;
  if (!tc || !tr || !tbl) return undefined;
  if (!tables.has(tbl)) tables.set(tbl, tables.size);
  return { table: tables.get(tbl)!, row: placeOf(tr), col: placeOf(tc) };
}

function readParagraphs(root: El | Document, styles: Styles): ReadParagraph[] {
  const out: ReadParagraph[] = [];
  const tables = new Map<El, number>();
  const ps = root.getElementsByTagName('w:p');
  for (let i = 0; i < ps.length; i++) {
    const p = ps[i];
    const pPr = W(p, 'w:pPr');
    const styleId = attr(W(pPr, 'w:pStyle'), 'w:val');
    const props = styles.paraProps(styleId, parsePPr(pPr));
    const runs: ReadRun[] = [];
    const fields: { instruction: string; result: string }[] = [];
    let breakBefore = false;
    let text = '';
    // Field state: complex fields run begin -> instrText -> separate -> result -> end.
    let fieldDepth = 0;
    let inResult = false;
    let instruction = '';
    let result = '';
    const rs = p.getElementsByTagName('w:r');
    for (let j = 0; j < rs.length; j++) {
      const r = rs[j];
      const rPr = W(r, 'w:rPr');
      const runStyle = attr(W(rPr, 'w:rStyle'), 'w:val');
      const rprops = styles.runProps(styleId, runStyle, parseRPr(rPr));
      let rtext = '';
      let footnoteRef = false;
      for (let n = r.firstChild; n; n = n.nextSibling) {
        if (n.nodeType !== 1) continue;
        const el = n as El;
        switch (el.tagName) {
          case 'w:t':
            rtext += el.textContent ?? '';
            break;
          case 'w:tab':
            rtext += '\t';
            break;
          case 'w:noBreakHyphen':
            rtext += '\u2011';
            break;
          case 'w:br':
            if (attr(el, 'w:type') === 'page' && !text.trim()) breakBefore = true;
            else rtext += '\n';
            break;
          case 'w:footnoteReference':
            footnoteRef = true;
            break;
          case 'w:fldChar': {
            const type = attr(el, 'w:fldCharType');
            if (type === 'begin') {
              fieldDepth++;
              instruction = '';
              result = '';
              inResult = false;
            } else if (type === 'separate') inResult = true;
            else if (type === 'end') {
              fields.push({ instruction: instruction.trim(), result });
              fieldDepth = Math.max(0, fieldDepth - 1);
              inResult = false;
            }
            break;
          }
          case 'w:instrText':
            instruction += el.textContent ?? '';
            break;
        }
      }
      if (fieldDepth > 0 && inResult) result += rtext;
      if (rtext || footnoteRef) runs.push({ text: rtext, props: rprops, footnoteRef });
      text += rtext;
    }
    const simple = p.getElementsByTagName('w:fldSimple');
    for (let j = 0; j < simple.length; j++) {
      fields.push({ instruction: (simple[j].getAttribute('w:instr') ?? '').trim(), result: simple[j].textContent ?? '' });
    }
    const cell = cellOf(p, tables);
    out.push({ index: i, styleId, props, runs, text, breakBefore, fields, inTable: cell !== undefined, ...(cell ? { cell } : {}) });
  }
  return out;
}

export async function readDocx(bytes: Uint8Array): Promise<ReadDocx> {
  const parts = await readZip(bytes, (name) =>
    /^(word\/(document|styles|settings|footnotes|footer\d*)\.xml|word\/_rels\/document\.xml\.rels|docProps\/custom\.xml)$/.test(name),
  );
  const text = (name: string) => parts.get(name)?.toString('utf8');
  const documentXml = text('word/document.xml');
  if (!documentXml) throw new Error('В файле нет word/document.xml: это не документ Word');
  const styles = parseStyles(text('word/styles.xml'));
  const parser = new DOMParser();
  const doc = parser.parseFromString(documentXml, 'text/xml');
  const bodyEl = doc.getElementsByTagName('w:body')[0];
  const paragraphs = readParagraphs(bodyEl ?? doc, styles);

  const footnotes: ReadParagraph[][] = [];
  const fnXml = text('word/footnotes.xml');
  if (fnXml) {
    const fdoc = parser.parseFromString(fnXml, 'text/xml');
    const list = fdoc.getElementsByTagName('w:footnote');
    for (let i = 0; i < list.length; i++) {
      const type = list[i].getAttribute('w:type');
      if (type === 'separator' || type === 'continuationSeparator' || type === 'continuationNotice') continue;
      footnotes.push(readParagraphs(list[i], styles));
    }
  }

  // The last sectPr of the body holds the page setup of the (single) section.
  const sects = doc.getElementsByTagName('w:sectPr');
  const sect = sects[sects.length - 1];
  const pgSz = W(sect, 'w:pgSz');
  const pgMar = W(sect, 'w:pgMar');
  const margins: Record<string, number> = {};
  for (const side of ['left', 'right', 'top', 'bottom']) {
    const v = num(attr(pgMar, `w:${side}`));
    if (v !== undefined) margins[side] = v;
  }
  let footerDefault: string | undefined;
  let footerFirst: string | undefined;
  if (sect) {
    const refs = sect.getElementsByTagName('w:footerReference');
    for (let i = 0; i < refs.length; i++) {
      const type = refs[i].getAttribute('w:type');
      const id = refs[i].getAttribute('r:id') ?? '';
      if (type === 'default') footerDefault = id;
      if (type === 'first') footerFirst = id;
    }
  }
  const footers = new Map<string, ReadParagraph[]>();
  const rels = text('word/_rels/document.xml.rels');
  if (rels) {
    const rdoc = parser.parseFromString(rels, 'text/xml');
    const list = rdoc.getElementsByTagName('Relationship');
    for (let i = 0; i < list.length; i++) {
      const target = list[i].getAttribute('Target') ?? '';
      const xml = text(`word/${target.replace(/^\/?word\//, '')}`);
      if (/footer\d*\.xml$/.test(target) && xml) {
        footers.set(list[i].getAttribute('Id') ?? '', readParagraphs(parser.parseFromString(xml, 'text/xml'), styles));
      }
    }
  }

  const settingsXml = text('word/settings.xml') ?? '';
  const settings = parser.parseFromString(settingsXml || '<x/>', 'text/xml');
  const uf = settings.getElementsByTagName('w:updateFields')[0];
  const updateFields = Boolean(uf) && !['0', 'false', 'off'].includes(uf.getAttribute('w:val') ?? 'true');

  const customProps = new Map<string, string>();
  const custom = text('docProps/custom.xml');
  if (custom) {
    const cdoc = parser.parseFromString(custom, 'text/xml');
    const list = cdoc.getElementsByTagName('property');
    for (let i = 0; i < list.length; i++) customProps.set(list[i].getAttribute('name') ?? '', (list[i].textContent ?? '').trim());
  }

  return {
    paragraphs,
    footnotes,
    section: {
      pgW: num(attr(pgSz, 'w:w')),
      pgH: num(attr(pgSz, 'w:h')),
      margins,
      titlePg: onOff(W(sect, 'w:titlePg')) ?? false,
      footerDefault,
      footerFirst,
      pgStart: num(attr(W(sect, 'w:pgNumType'), 'w:start')),
    },
    footers,
    updateFields,
    customProps,
  };
}
