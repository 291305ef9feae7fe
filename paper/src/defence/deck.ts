/**
 * The deck as data: what each slide shows and where (its boxes). The .pptx is built from it and the
 * slide normocontrol checks the rendered PDF against the same boxes, so a text that leaves its box
 * is found where it was meant to stand.
 */
import { DEFENCE_KIT } from '@app/contract';

/** 16:9, inches (PowerPoint's widescreen). */
export const SLIDE = { width: 13.333, height: 7.5 } as const;

/** The slide master's colours (hex RGB) and fonts. Arial is metric-compatible with Liberation Sans,
 * which LibreOffice renders it with. */
export const THEME = {
  font: 'Arial',
  primary: '1F3A5F',
  text: '1A1A1A',
  light: 'FFFFFF',
  tableHeader: 'DCE6F2',
  border: '8EA9C9',
  bar: '2E5C8A',
} as const;

/** Font sizes, points: the rule is headings ≥ 28, everything else ≥ 18. */
export const SIZES = { heading: 30, body: 20, small: 18, topic: 32, closing: 40, kind: 20 } as const;
export const MIN_SIZES = { heading: 28, body: 18 } as const;
/** Bullet lines a slide may hold. */
export const MAX_BULLET_LINES = 7;
/** A commission sees 10 to 15 slides. */
export const SLIDE_COUNT = DEFENCE_KIT.slides;

export interface Box {
  name: string;
  /** 'heading' text must be ≥ 28 pt, any other ≥ 18 pt. */
  role: 'heading' | 'body';
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface DeckTable {
  /** The paper's table it shows. */
  number: number;
  header: string[];
  rows: string[][];
}

export interface DeckChart {
  /** The paper's table its data comes from. */
  number: number;
  /** What the values are («Значение»). */
  series: string;
  /** Their unit («%»), printed after each; '' for none. */
  unit: string;
  categories: string[];
  values: number[];
}

/** What a slide is for: the speech and the questions refer to it. */
type SlideRole =
  | 'title'
  | 'relevance'
  | 'aims'
  | 'object'
  | 'methods'
  | `chapter:${number}`
  | `table:${number}`
  | 'conclusions'
  | 'recommendations'
  | 'closing';

interface SlideBase {
  role: SlideRole;
  /** What the speaker says on it (the speech's part for this slide). */
  notes: string;
  /** The fragments of the paper it was made from (their ids). */
  sources: string[];
}

export type DeckSlide = SlideBase &
  (
    | { kind: 'title'; topic: string; top: string[]; workKind: string; people: string[]; foot: string }
    /** `numberFrom`: a numbered list starting at that number; null: bullets. */
    | { kind: 'bullets'; title: string; lead: string | null; bullets: string[]; numberFrom: number | null }
    | { kind: 'table'; title: string; table: DeckTable }
    | { kind: 'chart'; title: string; chart: DeckChart }
    | { kind: 'closing'; title: string; subtitle: string }
  );

export interface Deck {
  /** Document properties. */
  title: string;
  author: string;
  slides: DeckSlide[];
  /** Per slide: a heading size lowered to the minimum to fit (a correction). */
  headingSize?: number[];
}

/** The heading size of the deck's slide i: the corrected one, or the default of its kind. */
export function headingSizeOf(deck: Deck, i: number): number {
  return deck.headingSize?.[i] ?? (deck.slides[i].kind === 'title' ? SIZES.topic : SIZES.heading);
}

const MARGIN = 0.6;
const WIDTH = SLIDE.width - 2 * MARGIN;
export const NUMBER_BOX: Box = { name: 'number', role: 'body', x: SLIDE.width - 1.4, y: 6.95, w: 0.9, h: 0.42 };

/** Where each text of a slide stands. */
export function boxesOf(slide: DeckSlide): Box[] {
  switch (slide.kind) {
    case 'title':
      return [
        { name: 'top', role: 'body', x: MARGIN, y: 0.35, w: WIDTH, h: 1.55 },
        { name: 'kind', role: 'body', x: MARGIN, y: 2.0, w: WIDTH, h: 0.5 },
        { name: 'topic', role: 'heading', x: MARGIN, y: 2.55, w: WIDTH, h: 2.3 },
        { name: 'people', role: 'body', x: 6.4, y: 4.95, w: SLIDE.width - 6.4 - MARGIN, h: 1.5 },
        { name: 'foot', role: 'body', x: MARGIN, y: 6.65, w: WIDTH, h: 0.5 },
      ];
    case 'closing':
      return [
        { name: 'title', role: 'heading', x: MARGIN, y: 2.3, w: WIDTH, h: 1.2 },
        { name: 'subtitle', role: 'body', x: MARGIN, y: 3.7, w: WIDTH, h: 1.8 },
        NUMBER_BOX,
      ];
    default:
      return [
        { name: 'title', role: 'heading', x: MARGIN, y: 0.35, w: WIDTH, h: 1.2 },
        { name: 'body', role: 'body', x: MARGIN, y: 1.7, w: WIDTH, h: 5.1 },
        NUMBER_BOX,
      ];
  }
}
