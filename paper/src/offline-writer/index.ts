/**
 * The offline writer: deterministic, no network. It writes a structurally complete paper of the
 * requested volume from a bank of sentences, so that the whole pipeline (volume, typesetting,
 * PDF, normocontrol) can run without an LLM. Its papers are marked as written without an LLM
 * and must never be presented to a customer as AI output.
 */
import { PaperError } from '../errors.ts';
import type { FragmentBrief, Writer, WriterCall, WriterReply, WriterTask, PassageBrief } from '../writer/types.ts';
import type { OutlineBrief } from '../outline/types.ts';
import { lexicalVerdicts } from '../grounding/claims.ts';
import { figureOf } from '../text/tables.ts';
import { bulletOf, spokenOf, standAlone, wordCount } from '../text/statements.ts';
import {
  ANALYSIS,
  CHAPTER_CONCLUSION,
  CHAPTER_CONCLUSION_CLOSE,
  CONCLUSION,
  CONCLUSION_FILL,
  LINKS,
  OPENERS,
  PRACTICE,
  RELEVANCE,
  THEORY,
} from './phrases.ts';

/** A slide's bullet at most as long as the kit's prompt asks (defence/prompts.ts). */
const BULLET_CHARS = 90;

/** A small seeded PRNG (mulberry32): the same key always gives the same text. */
function rng(seedText: string): () => number {
  let h = 1779033703 ^ seedText.length;
  for (let i = 0; i < seedText.length; i++) {
    h = Math.imul(h ^ seedText.charCodeAt(i), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const STOP = new Set([
  'исследование',
  'анализ',
  'развитие',
  'условиях',
  'основе',
  'примере',
  'проблемы',
  'вопросы',
  'современной',
  'современных',
]);

/** Keywords from the topic: the longer meaningful words, plus a few general terms. */
export function topicKeywords(topic: string): string[] {
  const words = topic
    .toLowerCase()
    .replace(/[«»"(),.:;!?]/g, ' ')
    .split(/\s+/)
    .filter((w) => w.length > 5 && !STOP.has(w));
  const out = [...new Set(words)].slice(0, 5);
  for (const extra of ['методология', 'эффективность', 'система', 'управление']) if (out.length < 6) out.push(extra);
  return out;
}

interface Fill {
  T: string;
  K: string[];
  S: string;
  O: string;
  P: string;
}

/** How a cited sentence retelling a passage starts. */
const CITED_LEADS = [
  'Так, в литературе отмечается, что',
  'В частности, исследователи указывают, что',
  'Согласно данным источника,',
  'Как показано в исследовании,',
];

const SENTENCE_END = /(?<=[.!?…])\s+(?=[«"(\p{Lu}\d])/u;

interface Cites {
  used: number;
  /** Sentences of passages already retold ("p3:1"), so a text does not repeat one while others are left. */
  told: Set<string>;
}

/** A sentence retelling a sentence of a passage, with the passage's marker: what a verified citation looks like. */
function citedSentence(passage: PassageBrief, pick: () => number, cites: Cites): string | null {
  const sentences = passage.text
    .split(SENTENCE_END)
    .map((x) => x.trim())
    .filter((x) => x.length >= 40 && x.length <= 320);
  if (!sentences.length) return null;
  const start = Math.floor(pick() * sentences.length);
  let index = start;
  for (let k = 0; k < sentences.length; k++) {
    const i = (start + k) % sentences.length;
    if (!cites.told.has(`${passage.id}:${i}`)) {
      index = i;
      break;
    }
  }
  cites.told.add(`${passage.id}:${index}`);
  const claim = sentences[index].replace(/[.!?…]+$/, '');
  // A capital that starts a word (not an abbreviation) is lowered after the lead.
  const told = /^\p{Lu}\p{Ll}/u.test(claim) ? claim.charAt(0).toLowerCase() + claim.slice(1) : claim;
  return `${CITED_LEADS[Math.floor(pick() * CITED_LEADS.length)]} ${told} [[${passage.id}]].`;
}

function sentence(template: string, fill: Fill, pick: () => number, sources: PassageBrief[], cites: Cites): string {
  const k = fill.K.length ? fill.K : ['предмет исследования'];
  let text = template
    .replace(/\{T\}/g, fill.T)
    .replace(/\{S\}/g, fill.S)
    .replace(/\{O\}/g, fill.O)
    .replace(/\{P\}/g, fill.P)
    .replace(/\{K2\}/g, k[(Math.floor(pick() * k.length) + 1) % k.length])
    .replace(/\{K\}/g, k[Math.floor(pick() * k.length)])
    .replace(/\{N\}/g, pick() < 0.5 ? 'три' : 'четыре');
  if (text.includes('{cite}')) {
    // The template's own claim is general; the citation goes to a sentence that retells a passage.
    text = text.replace('{cite}', '');
    if (sources.length && pick() < 0.85) {
      const passage = sources[cites.used % sources.length];
      cites.used++;
      const cited = citedSentence(passage, pick, cites);
      if (cited) text = `${text} ${cited}`;
    }
  }
  return text;
}

/** Draws from a bank like from a shuffled deck: all sentences before any repeats. */
function deck(bank: string[], pick: () => number): () => string {
  let pile: string[] = [];
  return () => {
    if (!pile.length) {
      pile = [...bank];
      for (let i = pile.length - 1; i > 0; i--) {
        const j = Math.floor(pick() * (i + 1));
        [pile[i], pile[j]] = [pile[j], pile[i]];
      }
    }
    return pile.pop()!;
  };
}

/** Paragraphs of 4-7 sentences until about `target` characters are written. */
function compose(target: number, banks: string[][], fill: Fill, seed: string, sources: PassageBrief[], opener?: string[]): string {
  const pick = rng(seed);
  // The passages come most relevant first, so a short text cites those (the draw that chose a
  // random start is kept, so the texts that follow it stay as they were).
  pick();
  const cites: Cites = { used: 0, told: new Set() };
  const paragraphs: string[] = [];
  const decks = new Map<string[], () => string>();
  const draw = (bank: string[]) => {
    if (!decks.has(bank)) decks.set(bank, deck(bank, pick));
    return decks.get(bank)!();
  };
  let total = 0;
  let bankIndex = 0;
  while (total < target) {
    const bank = banks[Math.min(banks.length - 1, Math.floor((total / target) * banks.length))];
    bankIndex++;
    const count = 4 + Math.floor(pick() * 4);
    const sentences: string[] = [];
    for (let i = 0; i < count; i++) {
      const source = paragraphs.length === 0 && i === 0 && opener ? opener : bank;
      let s = sentence(draw(source), fill, pick, sources, cites);
      if (i > 0 && pick() < 0.35) s = LINKS[Math.floor(pick() * LINKS.length)] + s.charAt(0).toLowerCase() + s.slice(1);
      sentences.push(s);
    }
    let paragraph = sentences.join(' ');
    // The last paragraph is cut to sentences so the total lands near the target.
    if (total + paragraph.length > target * 1.04 && paragraphs.length > 0) {
      const room = target - total;
      const kept: string[] = [];
      let len = 0;
      for (const s of sentences) {
        if (len + s.length > room && kept.length >= 2) break;
        kept.push(s);
        len += s.length + 1;
      }
      paragraph = kept.join(' ');
    }
    paragraphs.push(paragraph);
    total += paragraph.length + 2;
    if (bankIndex > 10_000) break;
  }
  return paragraphs.join('\n\n');
}

/**
 * The table a subsection is asked for: a row per sentence of its passages that states a figure
 * (the statement, the figure, the passage cited), at most five; null with fewer than two.
 */
function figuresTable(sources: PassageBrief[]): string | null {
  const rows = new Map<string, string>();
  for (const p of sources)
    for (const piece of p.text.split(SENTENCE_END)) {
      // A running head («Журнал. 2020. Т. 12, № 3») is not part of the page's first sentence.
      const statement = piece
        .replace(/^.*№\s*\d+\s+/, '')
        .replace(/[.!?…]+$/, '')
        .trim();
      const figure = figureOf(statement);
      if (!figure || rows.has(statement) || rows.size >= 5 || statement.includes('|')) continue;
      rows.set(statement, `| ${statement} | ${figure} | [[${p.id}]] |`);
    }
  if (rows.size < 2) return null;
  return ['Таблица: Данные источников', '| Положение источника | Значение | Источник |', '|---|---|---|', ...rows.values()].join('\n');
}

/** A passage told as an example: «Например, …» with its marker. */
function exampleOf(sources: PassageBrief[]): string | null {
  const told = (p: PassageBrief, russian: boolean) =>
    p.text
      .split(SENTENCE_END)
      .map((x) => x.trim().replace(/[.!?…]+$/, ''))
      .find((x) => x.length >= 40 && x.length <= 320 && (x.match(/[а-яё]/giu)?.length ?? 0) > x.length / 2 === russian);
  for (const p of sources) {
    const claim = told(p, true);
    if (claim) return `Например, ${/^\p{Lu}\p{Ll}/u.test(claim) ? claim.charAt(0).toLowerCase() + claim.slice(1) : claim} [[${p.id}]].`;
  }
  // Only foreign passages: it cannot translate, so it quotes (within a Russian paragraph, see below).
  for (const p of sources) {
    const claim = told(p, false);
    if (claim) return `Например, в одном из зарубежных исследований приводится такой пример: «${claim}» [[${p.id}]].`;
  }
  return null;
}

/** General notions the sentences can name safely, whatever the topic's grammar. */
const NOTIONS = [
  'методология исследования',
  'эффективность',
  'системный подход',
  'управление изменениями',
  'институциональная среда',
  'устойчивое развитие',
  'оценка результатов',
];

function fillOf(outline: OutlineBrief, subsectionTitle: string): Fill {
  return { T: outline.topic, K: NOTIONS, S: subsectionTitle, O: 'объект исследования', P: 'предмет исследования' };
}

function outlineJson(task: Extract<WriterTask, { kind: 'outline' }>): string {
  const topic = task.topic;
  const keywords = topicKeywords(topic);
  const defaults = [
    {
      title: 'Теоретические основы исследования',
      subsections: [
        'Понятие и сущность объекта исследования',
        'Эволюция научных подходов к проблеме',
        'Нормативные и методические основы изучения проблемы',
      ],
    },
    {
      title: 'Анализ современного состояния объекта исследования',
      subsections: [
        'Характеристика объекта и методика анализа',
        'Анализ текущего состояния и динамики',
        'Проблемы и факторы, влияющие на развитие объекта',
      ],
    },
    {
      title: 'Направления совершенствования и оценка их эффективности',
      subsections: [
        'Обоснование направлений совершенствования',
        'Разработка практических рекомендаций',
        'Оценка ожидаемой эффективности предложенных мер',
      ],
    },
  ];
  // A chapter the user gave without subsections gets the default ones of its place.
  const chapters = task.userStructure
    ? task.userStructure.map(([title, subs], i) => ({
        title,
        subsections: subs.filter((x) => x.trim()).length ? subs : defaults[i].subsections,
      }))
    : defaults;
  const tasks = [
    'рассмотреть теоретические основы и понятийный аппарат исследования',
    'проанализировать научные подходы к изучению проблемы',
    'охарактеризовать современное состояние объекта исследования',
    'выявить проблемы и факторы его развития',
    'разработать рекомендации и оценить их эффективность',
  ];
  return JSON.stringify({
    keywords,
    chapters,
    goal: `комплексное исследование темы «${topic}» и разработка обоснованных рекомендаций`,
    tasks,
    object: `процессы и отношения, составляющие содержание темы «${topic}»`,
    subject: 'закономерности, факторы и механизмы развития объекта исследования',
    methods: ['анализ и синтез', 'сравнение', 'обобщение', 'системный подход', 'статистический анализ'],
    searchQueries: [topic],
  });
}

/** Fragments that are no statement to retell: a task of a list, a table's caption, a lead-in ending with a colon. */
const notTold = (f: FragmentBrief) => /^[–—-]\s|^Таблица \d/u.test(f.text) || /:\s*$/.test(f.text);

/** The speech: each slide told by its fragments in the first person plural, each sentence citing its own. */
function defenceSpeech(task: Extract<WriterTask, { kind: 'defence-speech' }>): string {
  let n = 0;
  return task.slides
    .map((s) => {
      const sentences: string[] = [];
      let words = 0;
      for (const f of s.fragments) {
        if (words >= s.words || notTold(f)) continue;
        const sentence = spokenOf(f.text, n++).replace(/\.$/, ` [[${f.id}]].`);
        sentences.push(sentence);
        words += wordCount(sentence);
      }
      return `Слайд ${s.number}\n${sentences.join(' ')}`;
    })
    .join('\n\n');
}

/** Questions the paper's fragments answer, a kind of question each, found by its words. */
const OFFLINE_QUESTIONS: [string, string, RegExp][] = [
  ['relevance', 'В чём актуальность выбранной темы?', /актуальн/iu],
  ['methods', 'Какие методы применялись в исследовании?', /^Методы/u],
  ['limitations', 'С какими проблемами связан объект исследования?', /проблем|барьер|огранич/iu],
  ['practice', 'Какие меры вы предлагаете?', /предлаг|рекоменд|целесообраз/iu],
];

function write(call: WriterCall): string {
  const t = call.task;
  switch (t.kind) {
    case 'outline':
      return outlineJson(t);
    case 'introduction':
      return compose(t.targetChars, [RELEVANCE], fillOf(t.outline, t.outline.title), call.key, []);
    case 'section': {
      const title = t.outline.chapters[t.chapter - 1].subsections[t.subsection - 1];
      const banks = t.chapter === 1 ? [THEORY] : t.chapter === 2 ? [ANALYSIS] : [PRACTICE];
      const text = compose(t.targetChars, banks, fillOf(t.outline, title), call.key, t.sources, OPENERS);
      const table = t.table ? figuresTable(t.sources) : null;
      if (!table) return text;
      // After the first paragraph, which refers to it.
      const [first, ...rest] = text.split('\n\n');
      return [`${first} Данные источников сопоставлены в таблице ниже.`, table, ...rest].join('\n\n');
    }
    case 'review':
      return JSON.stringify({
        remarks: t.texts.map((s) => ({ subsection: s.number, remark: 'Уточнить выводы в конце подраздела и связь с задачами работы.' })),
      });
    case 'revise':
      return t.text;
    case 'verify':
      return JSON.stringify(lexicalVerdicts(t.claims));
    case 'annotation':
      return `В работе рассматривается тема «${t.outline.topic}». Раскрыты теоретические основы проблемы, проанализировано современное состояние объекта исследования, выявлены проблемы и факторы его развития. Предложены направления совершенствования и дана оценка их ожидаемой эффективности. Текст сформирован офлайн-генератором без языковой модели.`;
    case 'glossary':
      // It retells foreign passages in their own words: nothing to translate.
      return JSON.stringify({ terms: [] });
    case 'repair':
      return JSON.stringify({
        repairs: t.items.flatMap((item) => {
          const told = citedSentence(item.passage, rng(`${call.key}:${item.n}`), { used: 0, told: new Set() });
          return told ? [{ n: item.n, sentence: told }] : [];
        }),
      });
    case 'chapter-conclusion': {
      const pick = rng(call.key);
      const said = t.digests.map((d) =>
        CHAPTER_CONCLUSION[Math.floor(pick() * CHAPTER_CONCLUSION.length)].replace('{NUM}', d.number).replace('{TITLE}', d.title),
      );
      const next = t.chapter < t.outline.chapters.length ? 'следующей главы' : 'заключения работы';
      const close = CHAPTER_CONCLUSION_CLOSE[Math.floor(pick() * CHAPTER_CONCLUSION_CLOSE.length)].replace('{NEXT}', next);
      return [...said, close].join(' ');
    }
    case 'conclusion': {
      const pick = rng(call.key);
      const paragraphs = t.outline.tasks.map((task) => {
        const first = CONCLUSION[Math.floor(pick() * CONCLUSION.length)].replace('{TASK}', task);
        const rest = Array.from({ length: 3 }, () => CONCLUSION_FILL[Math.floor(pick() * CONCLUSION_FILL.length)]);
        return [first, ...rest].join(' ');
      });
      const text = paragraphs.join('\n\n');
      const more = t.targetChars - text.length;
      return more > 300
        ? `${text}\n\n${compose(more, [CONCLUSION_FILL, PRACTICE], fillOf(t.outline, t.outline.title), call.key, [])}`
        : text;
    }
    case 'defence-slides':
      return JSON.stringify({
        slides: t.slides.map((s) => ({
          id: s.id,
          // Sentences that make a whole bullet first: a cut one ends in «…».
          bullets: s.fragments
            .filter((f) => !notTold(f))
            .sort((a, b) => Number(standAlone(a.text).length > BULLET_CHARS) - Number(standAlone(b.text).length > BULLET_CHARS))
            .slice(0, 4)
            .map((f) => ({ text: bulletOf(f.text, BULLET_CHARS), source: f.id })),
        })),
      });
    case 'defence-speech':
      return defenceSpeech(t);
    case 'defence-questions':
      return JSON.stringify({
        questions: OFFLINE_QUESTIONS.flatMap(([topic, question, re]) => {
          const f = t.fragments.find((x) => re.test(x.text));
          return f ? [{ topic, question, answer: spokenOf(f.text, 1), source: f.id }] : [];
        }),
      });
    case 'remark': {
      const banks =
        t.section === 'introduction' ? [RELEVANCE] : t.section === 'conclusion' ? [CONCLUSION_FILL, PRACTICE] : [ANALYSIS, PRACTICE];
      if (t.mode === 'table') {
        const table = figuresTable(t.sources);
        return table ? `Данные источников сопоставлены в таблице ниже.\n\n${table}` : '';
      }
      const more = compose(t.mode === 'add' ? t.targetChars : 700, banks, fillOf(t.outline, t.title), call.key, t.sources);
      // Asked for an example: one of the passages told as one.
      const example = t.instructions.some((i) => /пример/i.test(i)) ? exampleOf(t.sources) : null;
      // The example opens the first paragraph of the addition, so a quotation of a foreign one stands in Russian text.
      const added = example ? `${example} ${more}` : more;
      if (t.mode === 'add') return added;
      const paragraphs = t.text.split('\n\n');
      return [...paragraphs.slice(0, -1), added, ...paragraphs.slice(-1)].join('\n\n');
    }
    case 'extend': {
      const title = t.outline.chapters[t.chapter - 1].subsections[t.subsection - 1];
      const banks = t.chapter === 1 ? [THEORY, ANALYSIS] : t.chapter === 2 ? [ANALYSIS, PRACTICE] : [PRACTICE, ANALYSIS];
      return compose(t.addChars, banks, fillOf(t.outline, title), call.key, t.sources);
    }
  }
}

export function createOfflineWriter(): Writer {
  return {
    kind: 'offline',
    async complete(call): Promise<WriterReply> {
      if (call.signal?.aborted) throw new PaperError('aborted', 'Генерация остановлена');
      const text = write(call);
      call.onDelta?.(text);
      return { text, promptTokens: 0, completionTokens: 0, model: 'offline' };
    },
  };
}
