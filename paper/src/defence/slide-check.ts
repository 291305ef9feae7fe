/**
 * The slides' own normocontrol, on what was made, not on intentions: the PDF LibreOffice rendered
 * from the .pptx (text positions and sizes by pdf.js) and the .pptx itself (its colours, its
 * charts' values).
 *  - the deck has 10 to 15 slides;
 *  - no text outside the slide, nor outside the box it was placed in;
 *  - headings ≥ 28 pt, every other text ≥ 18 pt;
 *  - at most 7 lines of bullets on a slide;
 *  - text against its background ≥ 4.5:1 (WCAG), by the colours in the .pptx;
 *  - the slide's number on every slide but the title;
 *  - every figure of a chart or a table is a figure of the paper's table it shows, and every
 *    figure on any slide stands in the paper.
 */
import { DOMParser } from '@xmldom/xmldom';
import { numbersIn } from '../grounding/numbers.ts';
import { readZip } from '../zip.ts';
import { boxesOf, MAX_BULLET_LINES, MIN_SIZES, NUMBER_BOX, SLIDE, SLIDE_COUNT, type Box, type Deck } from './deck.ts';
import { figuresOf } from './grounded.ts';
import { linesOf, pdfPages, type PdfPage, type PlacedText } from './pdf-text.ts';

export interface SlideViolation {
  /** 1-based; 0 for the deck as a whole. */
  slide: number;
  rule:
    | 'slides.count'
    | 'text.outside-slide'
    | 'text.outside-box'
    | 'font.size'
    | 'bullets.lines'
    | 'contrast'
    | 'slide.number'
    | 'figures.table'
    | 'figures.paper'
    | 'render';
  /** Russian. */
  message: string;
  /** The box it concerns ("title", "body", …). */
  box?: string;
  /** The figure it concerns (of "figures.paper"), as it stands on the slide. */
  figure?: string;
}

const MIN_CONTRAST = 4.5;
/** Points per inch. */
const PT = 72;
/** How far a glyph's box may stand out of its text box (rounding, italics, the bullet's hang). */
const TOLERANCE = 3;

/** What the check needs of the paper: its figures, and each table's. */
export interface PaperFigures {
  all: Set<string>;
  tables: Map<number, Set<string>>;
}

const fitsIn = (item: PlacedText, b: Box) => {
  const top = item.baseline - item.size * 0.8;
  const bottom = item.baseline + item.size * 0.2;
  return (
    item.x >= b.x * PT - TOLERANCE &&
    item.x + item.width <= (b.x + b.w) * PT + TOLERANCE &&
    top >= b.y * PT - TOLERANCE &&
    bottom <= (b.y + b.h) * PT + TOLERANCE
  );
};

/** A list's own number («1.», «2)»), drawn by the renderer before a numbered bullet. */
const LIST_MARK = /^\s*\d{1,2}[.)](?:\s+|$)/;

function checkPage(n: number, page: PdfPage, deck: Deck, figures: PaperFigures): SlideViolation[] {
  const slide = deck.slides[n - 1];
  const out: SlideViolation[] = [];
  const boxes = boxesOf(slide);
  const short = (t: string) => (t.length > 40 ? `${t.slice(0, 39)}…` : t);
  for (const item of page.items) {
    if (
      item.x < -TOLERANCE ||
      item.x + item.width > page.width + TOLERANCE ||
      item.baseline > page.height + TOLERANCE ||
      item.baseline - item.size < -TOLERANCE
    ) {
      out.push({ slide: n, rule: 'text.outside-slide', message: `Текст «${short(item.text)}» выходит за границы слайда` });
      continue;
    }
    const box = boxes.find((b) => fitsIn(item, b));
    if (!box) {
      const near =
        boxes.find((b) => item.baseline >= b.y * PT && item.baseline - item.size <= (b.y + b.h) * PT) ??
        boxes.find((b) => b.name === 'body') ??
        boxes[0];
      out.push({
        slide: n,
        rule: 'text.outside-box',
        box: near.name,
        message: `Текст «${short(item.text)}» выходит за пределы своего блока`,
      });
      continue;
    }
    const min = box.role === 'heading' ? MIN_SIZES.heading : MIN_SIZES.body;
    if (item.size < min - 0.5)
      out.push({
        slide: n,
        rule: 'font.size',
        box: box.name,
        message: `${box.role === 'heading' ? 'Заголовок' : 'Текст'} «${short(item.text)}» набран кеглем ${Math.round(item.size)} пт (нужно не меньше ${min})`,
      });
  }
  const inBox = (name: string) => page.items.filter((i) => boxes.some((b) => b.name === name && fitsIn(i, b)));
  if (slide.kind === 'bullets') {
    const lines = linesOf(page.items.filter((i) => i.baseline > 1.6 * PT && i.baseline < NUMBER_BOX.y * PT)).length;
    if (lines > MAX_BULLET_LINES)
      out.push({
        slide: n,
        rule: 'bullets.lines',
        box: 'body',
        message: `На слайде ${lines} строк текста (не больше ${MAX_BULLET_LINES})`,
      });
  }
  const numberText = page.items
    .filter((i) => fitsIn(i, NUMBER_BOX) && boxes.includes(NUMBER_BOX))
    .map((i) => i.text.trim())
    .join('');
  if (slide.kind === 'title') {
    if (page.items.some((i) => /^\d+$/.test(i.text.trim()) && fitsIn(i, NUMBER_BOX)))
      out.push({ slide: n, rule: 'slide.number', message: 'На титульном слайде не ставится номер' });
  } else if (numberText !== String(n)) {
    out.push({ slide: n, rule: 'slide.number', message: `Нет номера слайда ${n}` });
  }
  // Figures: those of a table or a chart are the paper table's; any other the paper's.
  const table = slide.kind === 'table' ? slide.table.number : slide.kind === 'chart' ? slide.chart.number : null;
  const shown = page.items.filter((i) => !(fitsIn(i, NUMBER_BOX) && boxes.includes(NUMBER_BOX)));
  const numbered = slide.kind === 'bullets' && slide.numberFrom !== null;
  const text = linesOf(shown)
    .map((l) => l.map((i) => i.text).join(' '))
    .map((l) => (numbered ? l.replace(LIST_MARK, '') : l))
    .join('\n');
  for (const figure of figuresOf(text)) {
    if (table !== null && inBox('body').some((i) => numbersIn(i.text).has(figure)) && !figures.tables.get(table)?.has(figure))
      out.push({ slide: n, rule: 'figures.table', message: `Число ${figure} на слайде не совпадает с данными таблицы ${table} работы` });
    else if (!figures.all.has(figure))
      out.push({ slide: n, rule: 'figures.paper', message: `Числа ${figure} нет в тексте работы`, figure });
  }
  return out;
}

// ---------- the .pptx: colours and charts ----------

type El = Element;
const elements = (root: El | Document, tag: string): El[] => Array.from(root.getElementsByTagName(tag));
const child = (el: El | undefined, tag: string) =>
  el ? Array.from(el.childNodes).find((n): n is El => n.nodeType === 1 && (n as El).tagName === tag) : undefined;
const srgb = (fill: El | undefined) => (fill ? elements(fill, 'a:srgbClr')[0]?.getAttribute('val') : undefined) ?? undefined;

function luminance(hex: string): number {
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio of two sRGB colours ("1A1A1A"). */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

const background = (doc: Document) => srgb(child(child(elements(doc, 'p:bg')[0], 'p:bgPr'), 'a:solidFill'));

/** The colour each text run of a part is drawn in, and what it is drawn on. */
function textColours(doc: Document, slideBackground: string): { text: string; on: string; sample: string }[] {
  const out: { text: string; on: string; sample: string }[] = [];
  for (const run of [...elements(doc, 'a:r'), ...elements(doc, 'a:fld')]) {
    const sample = elements(run, 'a:t')[0]?.textContent ?? '';
    if (!sample.trim() && run.tagName !== 'a:fld') continue;
    let colour = srgb(child(child(run, 'a:rPr'), 'a:solidFill'));
    let on = slideBackground;
    for (let a = run.parentNode as El | null; a && a.nodeType === 1; a = a.parentNode as El | null) {
      // A run without its own colour takes its shape's list style (a placeholder's, as the slide number's).
      if (!colour && a.tagName === 'p:txBody') colour = srgb(child(child(child(a, 'a:lstStyle'), 'a:lvl1pPr'), 'a:defRPr'));
      const props = a.tagName === 'a:tc' ? child(a, 'a:tcPr') : a.tagName === 'p:sp' ? child(a, 'p:spPr') : undefined;
      const fill = srgb(child(props, 'a:solidFill'));
      if (fill) {
        on = fill;
        break;
      }
    }
    out.push({ text: colour ?? '000000', on, sample: sample || 'номер слайда' });
  }
  return out;
}

/** Checks colours and chart values in the .pptx. */
async function checkPackage(pptx: Uint8Array, deck: Deck, figures: PaperFigures): Promise<SlideViolation[]> {
  const parts = await readZip(pptx, (name) => /^ppt\/(slides|slideLayouts|slideMasters|charts)\/(_rels\/)?[^/]+\.xml(\.rels)?$/.test(name));
  const parser = new DOMParser();
  const xml = (name: string) => {
    const text = parts.get(name)?.toString('utf8');
    return text ? parser.parseFromString(text, 'text/xml') : null;
  };
  const target = (relsName: string, type: string) =>
    elements(xml(relsName) ?? parser.parseFromString('<x/>', 'text/xml'), 'Relationship')
      .filter((r) => (r.getAttribute('Type') ?? '').endsWith(`/${type}`))
      .map((r) => (r.getAttribute('Target') ?? '').replace(/^\.\.\//, 'ppt/'));
  const out: SlideViolation[] = [];
  for (let n = 1; n <= deck.slides.length; n++) {
    const slide = xml(`ppt/slides/slide${n}.xml`);
    if (!slide) continue;
    const layoutName = target(`ppt/slides/_rels/slide${n}.xml.rels`, 'slideLayout')[0];
    const layout = layoutName ? xml(layoutName) : null;
    const bg = background(slide) ?? (layout && background(layout)) ?? 'FFFFFF';
    const colours = [...textColours(slide, bg), ...(layout ? textColours(layout, bg) : [])];
    for (const chartName of target(`ppt/slides/_rels/slide${n}.xml.rels`, 'chart')) {
      const chart = xml(chartName);
      if (!chart) continue;
      for (const props of elements(chart, 'c:txPr')) {
        const colour = srgb(elements(props, 'a:solidFill')[0]);
        if (colour) colours.push({ text: colour, on: bg, sample: 'подпись диаграммы' });
      }
      const table = deck.slides[n - 1].kind === 'chart' ? (deck.slides[n - 1] as { chart: { number: number } }).chart.number : null;
      for (const v of elements(chart, 'c:val').flatMap((val) => elements(val, 'c:v'))) {
        const value = String(Number(v.textContent));
        if (table === null || !figures.tables.get(table)?.has(value))
          out.push({
            slide: n,
            rule: 'figures.table',
            message: `Значение ${value} диаграммы не совпадает с данными таблицы ${table ?? ''} работы`.trim(),
          });
      }
    }
    const worst = colours.reduce<{ ratio: number; c?: (typeof colours)[number] }>(
      (w, c) => {
        const ratio = contrast(c.text, c.on);
        return ratio < w.ratio ? { ratio, c } : w;
      },
      { ratio: Infinity },
    );
    if (worst.c && worst.ratio < MIN_CONTRAST)
      out.push({
        slide: n,
        rule: 'contrast',
        message: `Контраст текста «${worst.c.sample.slice(0, 30)}» с фоном ${worst.ratio.toFixed(1)}:1 (нужно не меньше ${MIN_CONTRAST}:1)`,
      });
  }
  return out;
}

/** The violations of the deck, checked on its rendered PDF and its .pptx. */
export async function checkSlides(options: {
  deck: Deck;
  pptx: Uint8Array;
  pdf: Uint8Array;
  figures: PaperFigures;
}): Promise<SlideViolation[]> {
  const { deck, figures } = options;
  const out: SlideViolation[] = [];
  if (deck.slides.length < SLIDE_COUNT.min || deck.slides.length > SLIDE_COUNT.max)
    out.push({
      slide: 0,
      rule: 'slides.count',
      message: `В презентации ${deck.slides.length} слайдов (нужно от ${SLIDE_COUNT.min} до ${SLIDE_COUNT.max})`,
    });
  const pages = await pdfPages(options.pdf);
  if (pages.length !== deck.slides.length)
    return [...out, { slide: 0, rule: 'render', message: `LibreOffice показал ${pages.length} слайдов из ${deck.slides.length}` }];
  const size = pages[0];
  if (size && (Math.abs(size.width - SLIDE.width * PT) > 2 || Math.abs(size.height - SLIDE.height * PT) > 2))
    out.push({ slide: 0, rule: 'render', message: 'Слайды не в формате 16:9' });
  pages.forEach((page, i) => out.push(...checkPage(i + 1, page, deck, figures)));
  out.push(...(await checkPackage(options.pptx, deck, figures)));
  return out;
}
