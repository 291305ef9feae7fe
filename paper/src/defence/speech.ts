/**
 * «Доклад к защите»: 5 to 7 minutes (700-950 words) in the first person plural, divided by slide.
 * The model writes it from each slide's fragments, citing one per sentence; a sentence not grounded
 * in what it cites (or citing nothing) is dropped, and the speech is brought within its length
 * with the paper's own sentences (added where it is short, the last sentences of the longest parts
 * taken away where it is long). The greeting and the closing words are ours.
 */
import type { CallRunner } from '../writer/types.ts';
import { sentencesOf } from '../text/sentences.ts';
import type { Deck, DeckSlide } from './deck.ts';
import type { Fragment } from './fragments.ts';
import type { GroundCheck } from './grounded.ts';
import type { KitPaper } from './paper.ts';
import { speechMessages } from './prompts.ts';
import { brief, type PlannedSlide } from './slides.ts';
import { spokenOf, spokenTasks, wordCount } from '../text/statements.ts';
import { tokensFor } from '../writer/tokens.ts';

/** DEFENCE_KIT.speechMinutes (5–7) at about 135 words a minute. */
const SPEECH_WORDS = { min: 700, max: 950, target: 820 } as const;

interface SpeechPart {
  /** The slide it is said on, 1-based. */
  slide: number;
  title: string;
  sentences: string[];
}

export interface Speech {
  parts: SpeechPart[];
  words: number;
  /** The model's sentences kept, and dropped as not grounded. */
  kept: number;
  dropped: number;
}

const slideTitle = (s: DeckSlide) => (s.kind === 'title' ? 'Титульный слайд' : s.title);
const slideLines = (s: DeckSlide): string[] =>
  s.kind === 'bullets'
    ? [...(s.lead ? [s.lead] : []), ...s.bullets]
    : s.kind === 'table'
      ? s.table.rows.map((r) => r.join(': '))
      : s.kind === 'chart'
        ? s.chart.categories.map((c, i) => `${c}: ${s.chart.values[i]}`)
        : [];

/** The fragments a slide is told from: its own, then those its summary was planned from. */
function fragmentsOfSlide(slide: DeckSlide, planned: PlannedSlide[], byId: Map<string, Fragment>): Fragment[] {
  const own = slide.sources.map((id) => byId.get(id)).filter((f): f is Fragment => f !== undefined);
  const more = planned.find((p) => p.id === slide.role)?.fragments ?? [];
  return [...new Map([...own, ...more].map((f) => [f.id, f])).values()];
}

/** A model's sentence without its markers, kept when the fragments it cites ground it; null otherwise. */
function groundedSentence(sentence: string, byId: Map<string, Fragment>, grounded: GroundCheck): string | null {
  const ids = [...sentence.matchAll(/\[\[([^\]]+)\]\]/g)].flatMap((m) => m[1].split(/[,;\s]+/).filter(Boolean));
  const cited = ids.map((id) => byId.get(id));
  if (!cited.length || cited.some((f) => !f)) return null;
  const text = sentence
    .replace(/\s*\[\[[^\]]*\]\]/g, '')
    .replace(/\s+([.,;:!?])/g, '$1')
    .trim();
  return grounded(text, cited as Fragment[]) ? text : null;
}

/** The model's text cut by its «Слайд N» lines. */
function partsOf(text: string): Map<number, string> {
  const parts = new Map<number, string>();
  const marks = [...text.matchAll(/^\s*\**\s*Слайд\s+(\d+)\b[^\n]*$/gimu)];
  marks.forEach((m, i) => {
    const end = marks[i + 1]?.index ?? text.length;
    parts.set(Number(m[1]), text.slice(m.index + m[0].length, end).trim());
  });
  return parts;
}

export async function writeSpeech(options: {
  paper: KitPaper;
  deck: Deck;
  planned: PlannedSlide[];
  fragments: Fragment[];
  calls: CallRunner;
  grounded: GroundCheck;
}): Promise<Speech> {
  const { paper, deck, planned, fragments, calls, grounded } = options;
  const byId = new Map(fragments.map((f) => [f.id, f]));
  const told = deck.slides.map((s) => fragmentsOfSlide(s, planned, byId));
  const speakable = deck.slides.map((s, i) => s.kind !== 'title' && s.kind !== 'closing' && told[i].length > 0);
  const perSlide = Math.round((SPEECH_WORDS.target - 60) / Math.max(1, speakable.filter(Boolean).length));
  const slides = deck.slides
    .map((s, i) => ({ number: i + 1, title: slideTitle(s), lines: slideLines(s), words: perSlide, fragments: told[i].map(brief) }))
    .filter((_, i) => speakable[i]);
  const task = { kind: 'defence-speech' as const, title: paper.title, words: SPEECH_WORDS.target, slides };
  const reply = await calls.call({
    key: 'defence:speech',
    task,
    messages: speechMessages(paper.title, SPEECH_WORDS.target, slides),
    maxTokens: tokensFor(SPEECH_WORDS.target * 9),
  });
  const written = partsOf(reply.text);
  let kept = 0;
  let dropped = 0;
  const used = new Set<string>();
  const parts: SpeechPart[] = deck.slides.map((s, i) => ({ slide: i + 1, title: slideTitle(s), sentences: [] }));
  parts.forEach((part, i) => {
    if (!speakable[i]) return;
    for (const sentence of sentencesOf(written.get(i + 1) ?? '')) {
      if (!sentence.trim()) continue;
      const text = groundedSentence(sentence.trim(), byId, grounded);
      if (text && !part.sentences.includes(text)) {
        part.sentences.push(text);
        kept++;
        for (const m of sentence.matchAll(/\[\[([^\]]+)\]\]/g)) for (const id of m[1].split(/[,;\s]+/)) used.add(id);
      } else dropped++;
    }
  });

  // The paper's own sentences where a part says too little: the aims slide tells the tasks at once.
  let n = 0;
  const add = (i: number): boolean => {
    const slide = deck.slides[i];
    const next = told[i].find((f) => !used.has(f.id) && !/^[–—-]\s/u.test(f.text) && !/^Таблица \d+ –/u.test(f.text));
    if (slide.role === 'aims' && !parts[i].sentences.some((s) => s.startsWith('Для достижения цели'))) {
      const tasks = told[i].filter((f) => /^[–—-]\s/u.test(f.text));
      if (tasks.length) {
        parts[i].sentences.push(spokenTasks(tasks.map((f) => f.text)));
        for (const f of tasks) used.add(f.id);
        return true;
      }
    }
    if (!next) return false;
    used.add(next.id);
    parts[i].sentences.push(spokenOf(next.text, n++, next.table));
    return true;
  };
  const words = () => parts.reduce((sum, p) => sum + p.sentences.reduce((w, s) => w + wordCount(s), 0), 0) + OWN_WORDS(paper);
  parts.forEach((p, i) => {
    while (speakable[i] && p.sentences.reduce((w, s) => w + wordCount(s), 0) < perSlide * 0.6 && add(i));
  });
  // Too short: a sentence more on each slide in turn while any is left.
  for (let grew = true; words() < SPEECH_WORDS.min + 20 && grew;) {
    grew = false;
    for (let i = 0; i < parts.length && words() < SPEECH_WORDS.target; i++) if (speakable[i] && add(i)) grew = true;
  }
  // Too long: the last sentence of the longest part goes (each part keeps its first).
  while (words() > SPEECH_WORDS.max - 20) {
    const longest = parts.reduce(
      (a, p) => (p.sentences.length > 1 && wordCount(p.sentences.join(' ')) > wordCount(a.sentences.join(' ')) ? p : a),
      parts[0],
    );
    if (longest.sentences.length <= 1) break;
    longest.sentences.pop();
  }
  parts[0].sentences = [greeting(paper)];
  parts[parts.length - 1].sentences = [CLOSING];
  return { parts, words: parts.reduce((sum, p) => sum + wordCount(p.sentences.join(' ')), 0), kept, dropped };
}

const CLOSING = 'Доклад окончен. Благодарим за внимание и готовы ответить на ваши вопросы.';
const greeting = (paper: KitPaper) =>
  `Уважаемый председатель, уважаемые члены комиссии! Вашему вниманию представляется ${(paper.titlePage.workKind ?? 'выпускная квалификационная работа').toLowerCase()} на тему «${paper.title}».`;
/** The words of the greeting and the closing, which the model does not write. */
const OWN_WORDS = (paper: KitPaper) => wordCount(greeting(paper)) + wordCount(CLOSING);
