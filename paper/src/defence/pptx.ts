/**
 * The .pptx of a deck, with pptxgenjs: 16:9, three slide masters (the cover, the body slides with
 * their number, the closing slide), native tables and charts, the speech's part of each slide in
 * its speaker notes. Fonts are never shrunk to fit (no autofit): what does not fit is found by the
 * slide normocontrol and corrected.
 */
import { PPTX } from '@app/contract';
import JSZip from 'jszip';
import pptxgen from 'pptxgenjs';
import { boxesOf, headingSizeOf, NUMBER_BOX, SIZES, SLIDE, THEME, type Box, type Deck, type DeckSlide } from './deck.ts';

// The package's types are CommonJS (its default is the module) while Node loads its ES build (its
// default is the class): the class is taken either way.
const PptxGenJS = ((pptxgen as unknown as { default?: unknown }).default ?? pptxgen) as typeof pptxgen.default;
type PptxGenJS = InstanceType<typeof PptxGenJS>;
type TextProps = pptxgen.default.TextProps;
type TableCell = pptxgen.default.TableCell;

const MASTERS = { cover: 'COVER', body: 'BODY', closing: 'CLOSING' } as const;
const LAYOUT = 'WIDE_16_9';

const number = (color: string) => ({
  x: NUMBER_BOX.x,
  y: NUMBER_BOX.y,
  w: NUMBER_BOX.w,
  h: NUMBER_BOX.h,
  fontFace: THEME.font,
  fontSize: SIZES.small,
  color,
  align: 'right' as const,
  valign: 'middle' as const,
});

function defineMasters(pptx: PptxGenJS): void {
  pptx.defineSlideMaster({ title: MASTERS.cover, background: { color: THEME.primary }, objects: [] });
  pptx.defineSlideMaster({ title: MASTERS.closing, background: { color: THEME.primary }, objects: [], slideNumber: number(THEME.light) });
  pptx.defineSlideMaster({
    title: MASTERS.body,
    background: { color: THEME.light },
    objects: [{ rect: { x: 0, y: 0, w: SLIDE.width, h: 0.14, fill: { color: THEME.primary }, line: { color: THEME.primary } } }],
    slideNumber: number(THEME.text),
  });
}

const at = (b: Box) => ({ x: b.x, y: b.y, w: b.w, h: b.h, margin: 0 as const, fontFace: THEME.font, fit: 'none' as const, lang: 'ru-RU' });
const boxOf = (slide: DeckSlide, name: string) => boxesOf(slide).find((b) => b.name === name)!;

function addSlide(pptx: PptxGenJS, slide: DeckSlide, headingSize: number): void {
  const master = slide.kind === 'title' ? MASTERS.cover : slide.kind === 'closing' ? MASTERS.closing : MASTERS.body;
  const s = pptx.addSlide({ masterName: master });
  const box = (name: string) => at(boxOf(slide, name));
  switch (slide.kind) {
    case 'title': {
      const light = { color: THEME.light, align: 'center' as const };
      s.addText(slide.top.join('\n'), { ...box('top'), ...light, fontSize: SIZES.small, valign: 'top' });
      s.addText(slide.workKind.toUpperCase(), { ...box('kind'), ...light, fontSize: SIZES.kind, valign: 'middle' });
      s.addText(slide.topic, { ...box('topic'), ...light, fontSize: headingSize, bold: true, valign: 'middle' });
      s.addText(slide.people.join('\n'), { ...box('people'), color: THEME.light, align: 'left', fontSize: SIZES.small, valign: 'top' });
      s.addText(slide.foot, { ...box('foot'), ...light, fontSize: SIZES.small, valign: 'middle' });
      break;
    }
    case 'closing':
      s.addText(slide.title, {
        ...box('title'),
        color: THEME.light,
        align: 'center',
        bold: true,
        fontSize: SIZES.closing,
        valign: 'middle',
      });
      s.addText(slide.subtitle, { ...box('subtitle'), color: THEME.light, align: 'center', fontSize: SIZES.kind, valign: 'top' });
      break;
    default: {
      s.addText(slide.title, { ...box('title'), color: THEME.primary, bold: true, fontSize: headingSize, valign: 'top' });
      const body = box('body');
      if (slide.kind === 'bullets') {
        const runs: TextProps[] = [];
        if (slide.lead) runs.push({ text: slide.lead, options: { breakLine: true, paraSpaceAfter: 8 } });
        slide.bullets.forEach((b, i) =>
          runs.push({
            text: b,
            options: {
              bullet: slide.numberFrom !== null ? { type: 'number', startAt: slide.numberFrom } : { code: '2022' },
              breakLine: i < slide.bullets.length - 1,
              paraSpaceAfter: 6,
            },
          }),
        );
        s.addText(runs, { ...body, color: THEME.text, fontSize: SIZES.body, valign: 'top' });
      } else if (slide.kind === 'table') {
        const cell = (text: string, header: boolean): TableCell => ({
          text,
          options: header ? { bold: true, fill: { color: THEME.tableHeader } } : {},
        });
        const rows = [slide.table.header.map((h) => cell(h, true)), ...slide.table.rows.map((r) => r.map((c) => cell(c, false)))];
        const first = slide.table.header.length > 1 ? body.w * 0.68 : body.w;
        const rest = slide.table.header.length > 1 ? (body.w - first) / (slide.table.header.length - 1) : 0;
        s.addTable(rows, {
          x: body.x,
          y: body.y,
          w: body.w,
          colW: [first, ...slide.table.header.slice(1).map(() => rest)],
          fontFace: THEME.font,
          fontSize: SIZES.small,
          color: THEME.text,
          valign: 'middle',
          margin: 0.06,
          border: { type: 'solid', pt: 1, color: THEME.border },
          autoPage: false,
        });
      } else if (slide.kind === 'chart') {
        const c = slide.chart;
        // A horizontal bar chart draws its first category at the bottom: the rows go in reversed, to read top-down.
        s.addChart(pptx.ChartType.bar, [{ name: c.series, labels: [...c.categories].reverse(), values: [...c.values].reverse() }], {
          x: body.x,
          y: body.y,
          w: body.w,
          h: body.h,
          barDir: 'bar',
          chartColors: [THEME.bar],
          catAxisLabelFontFace: THEME.font,
          catAxisLabelFontSize: SIZES.small,
          catAxisLabelColor: THEME.text,
          // Only the paper's figures are printed: the bars carry them, no scale of our own.
          valAxisHidden: true,
          valGridLine: { style: 'none' },
          showValue: true,
          dataLabelFontFace: THEME.font,
          dataLabelFontSize: SIZES.small,
          dataLabelColor: THEME.text,
          dataLabelPosition: 'outEnd',
          // The unit after the figure, as the paper prints it («43 %»).
          dataLabelFormatCode: c.unit ? `General" ${c.unit}"` : 'General',
          showLegend: false,
          showTitle: false,
        });
      }
    }
  }
  if (slide.notes) s.addNotes(slide.notes);
}

/**
 * What pptxgenjs 4.0.1 writes that makes PowerPoint offer to repair the file (its issues #1441-1444,
 * checked by package-check.ts): content types of slide masters it never wrote, placeholders on the
 * notes master, a background without its effect list, shapes without a text body, empty outlines.
 */
async function tidy(pptx: Buffer): Promise<Buffer> {
  const zip = await JSZip.loadAsync(pptx);
  const edit = async (name: string, change: (xml: string) => string) => {
    const file = zip.file(name);
    if (file) zip.file(name, change(await file.async('string')));
  };
  const present = new Set(Object.keys(zip.files));
  await edit('[Content_Types].xml', (xml) =>
    xml.replace(/<Override PartName="\/([^"]+)"[^>]*\/>/g, (all, name: string) => (present.has(name) ? all : '')),
  );
  await edit('ppt/notesMasters/notesMaster1.xml', (xml) => xml.replace(/<p:sp>[\s\S]*?<\/p:sp>/g, ''));
  for (const name of Object.keys(zip.files).filter((n) => /^ppt\/(slides|slideLayouts|slideMasters)\/[^/]+\.xml$/.test(n)))
    await edit(name, (xml) =>
      xml
        .replace(/(<p:bgPr>(?:(?!<\/p:bgPr>)[\s\S])*?<\/a:solidFill>)(<\/p:bgPr>)/g, '$1<a:effectLst/>$2')
        .replace(/<a:ln><\/a:ln>/g, '')
        .replace(/(<\/p:spPr>)(\s*<\/p:sp>)/g, '$1<p:txBody><a:bodyPr/><a:lstStyle/><a:p><a:endParaRPr lang="ru-RU"/></a:p></p:txBody>$2'),
    );
  return zip.generateAsync({
    type: 'nodebuffer',
    compression: 'DEFLATE',
    mimeType: PPTX,
  });
}

/** The .pptx of the deck. */
export async function buildPptx(deck: Deck): Promise<Buffer> {
  const pptx = new PptxGenJS();
  pptx.defineLayout({ name: LAYOUT, width: SLIDE.width, height: SLIDE.height });
  pptx.layout = LAYOUT;
  pptx.title = deck.title;
  pptx.author = deck.author;
  pptx.subject = 'Презентация к защите';
  pptx.theme = { headFontFace: THEME.font, bodyFontFace: THEME.font };
  defineMasters(pptx);
  deck.slides.forEach((slide, i) => {
    addSlide(pptx, slide, headingSizeOf(deck, i));
  });
  const out = await pptx.write({ outputType: 'nodebuffer', compression: true });
  return tidy(Buffer.from(out as Uint8Array));
}
