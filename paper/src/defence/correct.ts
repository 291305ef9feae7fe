/**
 * Corrections of a deck that failed its normocontrol: a slide with too much text is split in two
 * (while the deck has room) or loses its last bullet or gets its longest bullet shortened; a
 * heading that does not fit is set at the smallest heading size, then shortened; a table loses
 * rows; a deck beyond 15 slides loses its table slides. What cannot be corrected (a colour, a
 * missing number, a figure of a table) makes it null: such a deck is never delivered.
 */
import { headingSizeOf, MIN_SIZES, SLIDE_COUNT, type Deck, type DeckSlide } from './deck.ts';
import type { SlideViolation } from './slide-check.ts';
import { shorten } from '../text/statements.ts';

const CORRECTABLE = new Set<SlideViolation['rule']>(['slides.count', 'text.outside-box', 'bullets.lines', 'figures.paper']);

const continued = (title: string) => (title.endsWith('(продолжение)') ? title : `${title} (продолжение)`);

/** The slide with its body made smaller by one step; null when nothing is left to take away. */
function smallerBody(slide: DeckSlide): DeckSlide | null {
  if (slide.kind === 'bullets') {
    if (slide.bullets.length > 3) return { ...slide, bullets: slide.bullets.slice(0, -1) };
    const longest = slide.bullets.reduce((a, b, i) => (b.length > slide.bullets[a].length ? i : a), 0);
    const text = slide.bullets[longest];
    if (text && text.length > 40) {
      const bullets = [...slide.bullets];
      bullets[longest] = shorten(text, Math.round(text.length * 0.7));
      return { ...slide, bullets };
    }
    if (slide.lead && slide.lead.length > 40) return { ...slide, lead: shorten(slide.lead, Math.round(slide.lead.length * 0.7)) };
    return null;
  }
  if (slide.kind === 'table') {
    const { table } = slide;
    if (table.rows.length > 2) return { ...slide, table: { ...table, rows: table.rows.slice(0, -1) } };
    if (table.rows.some((r) => r[0].length > 40))
      return { ...slide, table: { ...table, rows: table.rows.map((r) => [shorten(r[0], 40), ...r.slice(1)]) } };
    return null;
  }
  if (slide.kind === 'chart') {
    const { chart } = slide;
    if (chart.categories.some((c) => c.length > 40))
      return { ...slide, chart: { ...chart, categories: chart.categories.map((c) => shorten(c, 40)) } };
    if (chart.values.length > 2)
      return { ...slide, chart: { ...chart, categories: chart.categories.slice(0, -1), values: chart.values.slice(0, -1) } };
    return null;
  }
  if (slide.kind === 'title') {
    // The faculty, then the department: the university and the topic stay.
    if (slide.top.length > 2) return { ...slide, top: slide.top.filter((_, i) => i !== 1) };
    if (slide.people.some((p) => p.includes('студент(ка) группы')))
      return { ...slide, people: slide.people.map((p) => p.replace(/студент\(ка\) группы \S+ /, '')) };
    return null;
  }
  return null;
}

/** Splits a bullets slide in two: the aim apart from the tasks, or the bullets in halves (a
 * numbered list goes on with its numbers); null when it has too few bullets. */
function split(slide: DeckSlide): [DeckSlide, DeckSlide] | null {
  if (slide.kind !== 'bullets') return null;
  // A summary's sources go with its bullets (one each, the lead's first): they are split with them.
  const aligned = slide.sources.length === slide.bullets.length + (slide.lead ? 1 : 0);
  const sourcesFrom = (bullet: number) => (aligned ? slide.sources.slice(bullet + (slide.lead ? 1 : 0)) : []);
  const sourcesTo = (bullet: number) => (aligned ? slide.sources.slice(0, bullet + (slide.lead ? 1 : 0)) : slide.sources);
  if (slide.role === 'aims' && slide.lead && slide.bullets.length)
    return [
      { ...slide, title: 'Цель исследования', bullets: [], sources: sourcesTo(0) },
      { ...slide, title: 'Задачи исследования', lead: null, sources: sourcesFrom(0), notes: '' },
    ];
  if (slide.bullets.length < 4) return null;
  const half = Math.ceil(slide.bullets.length / 2);
  return [
    { ...slide, bullets: slide.bullets.slice(0, half), sources: sourcesTo(half) },
    {
      ...slide,
      title: continued(slide.title),
      lead: null,
      sources: sourcesFrom(half),
      bullets: slide.bullets.slice(half),
      numberFrom: slide.numberFrom === null ? null : slide.numberFrom + half,
      notes: '',
    },
  ];
}

export function correctDeck(deck: Deck, violations: SlideViolation[]): Deck | null {
  if (violations.some((v) => !CORRECTABLE.has(v.rule))) return null;
  const slides = [...deck.slides];
  const sizes = slides.map((_, i) => headingSizeOf(deck, i));
  const bySlide = new Map<number, SlideViolation[]>();
  for (const v of violations) bySlide.set(v.slide, [...(bySlide.get(v.slide) ?? []), v]);
  // From the last slide back, so that a split does not move the slides still to correct.
  for (const n of [...bySlide.keys()].filter((k) => k > 0).sort((a, b) => b - a)) {
    const i = n - 1;
    const slide = slides[i];
    const found = bySlide.get(n)!;
    const heading = found.some((v) => v.rule === 'text.outside-box' && (v.box === 'title' || v.box === 'topic'));
    const body = found.some((v) => v.rule === 'bullets.lines' || (v.rule === 'text.outside-box' && v.box !== 'title' && v.box !== 'topic'));
    if (found.some((v) => v.rule === 'figures.paper')) {
      // A figure the paper does not hold (it should never come here: bullets are grounded): its bullet goes.
      if (slide.kind !== 'bullets') return null;
      const figures = found.filter((v) => v.rule === 'figures.paper').map((v) => v.figure);
      slides[i] = { ...slide, bullets: slide.bullets.filter((b) => !figures.some((f) => f && b.replace(',', '.').includes(f))) };
      continue;
    }
    if (heading) {
      if (sizes[i] > MIN_SIZES.heading) sizes[i] = MIN_SIZES.heading;
      else if (slide.kind !== 'title' && slide.title.length > 30)
        slides[i] = { ...slide, title: shorten(slide.title, Math.round(slide.title.length * 0.75)) };
      else return null;
    }
    if (body) {
      const halves = slides.length < SLIDE_COUNT.max ? split(slides[i]) : null;
      if (halves) {
        slides.splice(i, 1, ...halves);
        sizes.splice(i, 1, sizes[i], sizes[i]);
      } else {
        const smaller = smallerBody(slides[i]);
        if (!smaller) return null;
        slides[i] = smaller;
      }
    }
  }
  if (slides.length > SLIDE_COUNT.max) {
    // The tables go first (the last ones), then the continuation slides.
    while (slides.length > SLIDE_COUNT.max) {
      const at = slides.findLastIndex(
        (s) => s.kind === 'table' || s.kind === 'chart' || (s.kind === 'bullets' && s.title.endsWith('(продолжение)')),
      );
      if (at < 0) return null;
      slides.splice(at, 1);
      sizes.splice(at, 1);
    }
  }
  while (slides.length < SLIDE_COUNT.min) {
    const at = slides.findIndex((s) => s.kind === 'bullets' && s.bullets.length >= 4);
    const halves = at >= 0 ? split(slides[at]) : null;
    if (!halves) return null;
    slides.splice(at, 1, ...halves);
    sizes.splice(at, 1, sizes[at], sizes[at]);
  }
  const kept = slides.map((s, i) => ({ s, size: sizes[i] })).filter(({ s }) => s.kind !== 'bullets' || s.bullets.length > 0 || s.lead);
  return { ...deck, slides: kept.map((k) => k.s), headingSize: kept.map((k) => k.size) };
}
