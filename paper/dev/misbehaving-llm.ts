/**
 * Simulated models for the quality benchmark (bench/quality.ts), served by dev/fake-llm.ts: a
 * well-behaved model and the ways real models misbehave, one scenario each.
 *
 * The well-behaved model answers every call of the engine by its key (x-paper-call): a plan of the
 * paper on the topic as JSON; Russian text of about the requested length that retells the passages
 * it was given and cites them as [[pN]] (a source of its prompt with the least retold sentence of
 * its passages, unless another subsection cited it and nothing of it is left to retell), and its
 * own sentences from a small grammar of the field that repeat no word 5-gram it has already
 * written anywhere in the paper; and a judge of cited claims by their key terms (MIN_SHARED_TERMS).
 * It writes no numbers of its own: when the prompt asks for a table, it puts there the figures of
 * its passages (a row per figure, the passage cited in the row), each figure in one table only. A scenario changes its answers or the server's behaviour; the
 * judge stays the well-behaved one unless the scenario breaks its JSON.
 */
import { MIN_SHARED_TERMS, sharedTerms } from '../src/grounding/support.ts';
import { defenceAnswer } from './defence-llm.ts';
import { MALFORMED, type Behaviour, type FakeRequest } from './fake-llm.ts';
import { retellInRussian, translateTerm } from './translations.ts';
import { capital, fiveGrams, freshSentence, hash, lower, pick, random, TEMPLATES, wordsOf, type Rnd } from './prose.ts';

export { fiveGrams, wordsOf };

const CITE_OPENERS = [
  'Как показано в исследовании,',
  'Согласно выводам авторов,',
  'Исследователи отмечают, что',
  'По наблюдениям авторов,',
  'Как установлено в работе,',
  'В литературе подчёркивается, что',
  'Авторы приходят к выводу, что',
  'Эмпирические данные свидетельствуют, что',
  'Как указывается в публикации,',
  'В работе обосновано, что',
];
const CONCLUDE = ['Таким образом,', 'Подводя итог,', 'В целом', 'Следовательно,', 'Итак,'];

const EN_OPENERS = [
  'Moreover,',
  'In practice,',
  'At the same time,',
  'As a rule,',
  'In this respect,',
  'Notably,',
  'Therefore,',
  'In addition,',
  'Clearly,',
  'Not surprisingly,',
  'In many regions,',
  'For owners,',
  'Over time,',
  'As practitioners note,',
  'In the long run,',
  'Typically,',
  'Importantly,',
  'By contrast,',
  'Accordingly,',
  'Even so,',
];
const EN_ADJECTIVES = [
  'regional',
  'modern',
  'digital',
  'local',
  'effective',
  'consistent',
  'targeted',
  'affordable',
  'basic',
  'advanced',
  'integrated',
  'flexible',
  'shared',
  'mobile',
  'online',
];
const EN_SUBJECTS = [
  'transformation',
  'cloud accounting',
  'document exchange',
  'state support',
  'marketplace integration',
  'staff training',
  'client management',
  'sales analytics',
  'mentoring',
  'e-commerce',
  'electronic reporting',
  'inventory software',
  'payment systems',
  'logistics planning',
  'bank partnership',
  'marketing',
  'automation',
  'governance',
  'outsourcing',
  'strategy',
];
const EN_VERBS = [
  'improves',
  'supports',
  'strengthens',
  'accelerates',
  'shapes',
  'reduces',
  'expands',
  'simplifies',
  'changes',
  'protects',
  'stabilises',
  'drives',
  'raises',
  'secures',
  'reshapes',
];
const EN_OBJECTS = [
  'revenue growth',
  'operating costs',
  'market reach',
  'service quality',
  'payment cycles',
  'access to finance',
  'inventory control',
  'decision speed',
  'customer loyalty',
  'cash flow',
  'supplier relations',
  'labour productivity',
  'price flexibility',
  'delivery times',
  'brand visibility',
  'export potential',
  'cost accounting',
  'staff retention',
  'sales forecasts',
  'risk control',
];
const EN_PREPOSITIONS = ['for', 'among', 'in', 'across'];
const EN_OWNERS = [
  'small firms',
  'regional businesses',
  'family enterprises',
  'retail shops',
  'local producers',
  'service companies',
  'start-ups',
  'bakeries',
  'repair shops',
  'private clinics',
  'farms',
  'craft workshops',
  'hotels',
  'cafes',
  'transport firms',
  'beauty salons',
  'law firms',
  'printing houses',
  'tour operators',
  'village stores',
];
const EN_TAILS = [
  'in most regions',
  'when managers are trained',
  'under tight budgets',
  'during the first year',
  'in competitive markets',
  'with state support',
  'without large investments',
  'in remote areas',
  'after a crisis',
  'in peak seasons',
  'at an early stage',
  'in larger cities',
  'under high inflation',
  'with modest means',
  'in border regions',
  'once staff adapt',
  'within a year',
  'across the supply chain',
  'despite weak connectivity',
  'at low cost',
];

/** A sentence of English academic prose on the topic. */
function englishSentence(r: Rnd): string {
  return (
    `${pick(r, EN_OPENERS)} ${pick(r, EN_ADJECTIVES)} ${pick(r, EN_SUBJECTS)} ${pick(r, EN_VERBS)} ` +
    `${pick(r, EN_OBJECTS)} ${pick(r, EN_PREPOSITIONS)} ${pick(r, EN_OWNERS)} ${pick(r, EN_TAILS)}.`
  );
}

/** The outline the well-behaved model proposes (its field is small business, whatever the topic). */
function planJson(): string {
  return JSON.stringify({
    keywords: [
      'цифровая трансформация',
      'малый бизнес',
      'цифровые платформы',
      'маркетплейсы',
      'облачные сервисы',
      'региональная поддержка',
    ],
    chapters: [
      {
        title: 'Теоретические основы цифровой трансформации управления малым бизнесом',
        subsections: [
          'Понятие и этапы цифровой трансформации малого предпринимательства',
          'Цифровые инструменты управления малым предприятием',
          'Государственная политика поддержки цифровизации малого бизнеса',
        ],
      },
      {
        title: 'Анализ цифровизации малого бизнеса в регионах России',
        subsections: [
          'Уровень цифровизации малых предприятий в регионах',
          'Маркетплейсы и электронная торговля как каналы сбыта',
          'Барьеры цифровой трансформации и дефицит цифровых компетенций',
        ],
      },
      {
        title: 'Направления совершенствования управления малым бизнесом на основе цифровых технологий',
        subsections: [
          'Облачные сервисы учёта и электронный документооборот',
          'Развитие цифровых компетенций персонала малых предприятий',
          'Оценка эффективности региональных мер поддержки цифровизации',
        ],
      },
    ],
    goal: 'разработка направлений совершенствования управления малым бизнесом в регионах России на основе цифровых технологий',
    tasks: [
      'раскрыть понятие и этапы цифровой трансформации малого предпринимательства',
      'охарактеризовать цифровые инструменты управления и меры государственной поддержки',
      'проанализировать уровень цифровизации малых предприятий в регионах',
      'выявить барьеры цифровой трансформации малого бизнеса',
      'предложить направления совершенствования и подход к оценке их эффективности',
    ],
    object: 'малые предприятия регионов России',
    subject: 'процессы цифровой трансформации управления малым бизнесом',
    methods: ['анализ научной литературы', 'сравнительный анализ', 'обобщение', 'экономический анализ'],
    searchQueries: [
      'Теоретические основы и понятийный аппарат',
      'анализ современного состояния',
      'направления совершенствования и оценка эффективности',
    ],
    searchQueriesEn: ['digital transformation of small business', 'small business digital platforms', 'cloud accounting small firms'],
  });
}

interface PromptPassage {
  id: string;
  source: string;
  text: string;
}

/** The passages a writing prompt offers: "[p17] source, с. 47" and the passage's text on the next line. */
export function promptPassages(prompt: string): PromptPassage[] {
  return [...prompt.matchAll(/^\[(p\d+)\] (.*)\n(.*)$/gm)].map((m) => ({
    id: m[1],
    source: m[2].replace(/, с\. \S+$/, ''),
    text: m[3],
  }));
}

const SENTENCE = /(?<=[.!?])\s+(?=[«"A-ZА-ЯЁ])/u;

/** Sentences of a passage fit to be retold: whole ones, without a running head's numbers (`figures`: with a passage's own figures too). */
function tellable(text: string, figures = false): string[] {
  return text
    .split(SENTENCE)
    .map((s) => (figures ? s.replace(/^.*(?:№|\bno\.)\s*\d+\s+/, '') : s).trim())
    .filter((s) => /^[A-ZА-ЯЁ]/u.test(s) && /[.!?]$/.test(s) && (figures || !/\d/.test(s)) && s.split(/\s+/).length >= 6);
}

const withoutIds = (s: string) => s.replace(/\s*\[\[[^\]]*\]\]/g, '');

/**
 * The same statement in other words: what a model retelling a point the paper has made does. Its
 * words in chunks of three, the chunks in the reverse order: every word 5-gram is new (the repeat
 * guard's unit), every key term kept (the claims check's).
 */
function paraphrase(body: string): string {
  const words = body.split(/\s+/);
  const chunks: string[] = [];
  for (let i = 0; i < words.length; i += 3) chunks.push(words.slice(i, i + 3).join(' '));
  return chunks.reverse().join(', ');
}

/** The claims the judge is asked about: "Утверждение N: …" and its fragment. */
function claimsOf(prompt: string): { n: number; claim: string; fragment: string }[] {
  return prompt
    .split(/\n\n(?=Утверждение \d+: )/)
    .map((block) => /^Утверждение (\d+): (.*)\nФрагмент источника:\n([\s\S]*)$/.exec(block.trim()))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ n: Number(m[1]), claim: m[2], fragment: m[3] }));
}

export type Model = (req: FakeRequest) => string;

/** A passage's sentence as the model tells it, after an attribution: in its own words, a foreign one in Russian. */
function tellInRussian(r: Rnd, body: string): { lead: string; content: string } {
  return /^[A-Z]/.test(body)
    ? {
        lead: pick(r, ['Зарубежные авторы отмечают, что', 'Как пишут зарубежные исследователи,', 'В зарубежной литературе показано, что']),
        content: retellInRussian(body),
      }
    : { lead: pick(r, CITE_OPENERS), content: lower(body) };
}

/** The line a prompt gives a foreign fragment's terms in (source-plan/glossary.ts, glossaryLine), parsed off the fragment. */
function withGlossary(fragment: string): { text: string; glossary: { en: string; ru: string }[] } {
  const line = /\nТермины фрагмента по-русски: (.*)$/m.exec(fragment);
  if (!line) return { text: fragment, glossary: [] };
  const glossary = line[1].split('; ').map((pair) => {
    const [en, ru] = pair.split(' — ');
    return { en, ru };
  });
  return { text: fragment.replace(line[0], ''), glossary };
}

/** The glossary call: each term in Russian, as the model knows it. */
function glossaryAnswer(prompt: string): string {
  const asked = [...prompt.matchAll(/^- (.+)$/gm)].map((m) => m[1].trim());
  return JSON.stringify({
    terms: asked.flatMap((en) => {
      const ru = translateTerm(en);
      return ru ? [{ en, ru }] : [];
    }),
  });
}

/** The points of a repair prompt (grounding/repair.ts): each with its fragment's id and text. */
function repairPoints(prompt: string): { n: number; id: string; text: string }[] {
  return [...prompt.matchAll(/^Пункт (\d+)\.[\s\S]*?^Фрагмент \[(p\d+)\][^\n]*\n(.*)$/gm)].map(([, n, id, text]) => ({
    n: Number(n),
    id,
    text,
  }));
}

/** What a section prompt says when it asks for a table (TABLE_INSTRUCTION). */
const ASKS_TABLE = /сведи их в одну таблицу/;
/** A figure of a passage with what it counts: «12 %», «с 14 до 31 %», «до 10 дней». */
const FIGURE = /(?:(?:с|от|до|на)\s+)?\d+(?:[.,]\d+)?(?:\s+до\s+\d+(?:[.,]\d+)?)?\s*(?:%|дн\p{L}*)/u;
/** Words a row's label does not end with (the verb that carried the figure). */
const LABEL_TAIL = new Set([
  'составил',
  'составила',
  'составляет',
  'сократился',
  'достигает',
  'выросла',
  'снижаются',
  'в',
  'среднем',
  'за',
  'пять',
  'лет',
]);

/** The sentence before a table, referring to it as the prompt says. */
const TABLE_LEADS = [
  'Сопоставимые показатели, которые приводят авторы, сведены в таблице ниже.',
  'Для сравнения числовые данные источников представлены в таблице ниже.',
  'Количественные оценки из рассмотренных работ приведены в таблице ниже.',
  'Цифры, на которые опираются исследователи, собраны в таблице ниже.',
];

/** A table's paragraph as the model writes it: the caption line, then the rows. */
export const isTableText = (paragraph: string) => /^Таблица:/m.test(paragraph) && /^\|/m.test(paragraph);

/**
 * The well-behaved model. Its state (the 5-grams written, the passage sentences retold) lives in
 * this closure: one model per paper. A request already answered (a retry) gets the same answer.
 */
export function wellBehavedModel(options: { known?: string[] } = {}): Model {
  const written = new Set<string>();
  const retold = new Map<string, number>();
  // A paper it writes more of (a revision round): what the paper says is not said again.
  for (const text of options.known ?? []) for (const g of fiveGrams(wordsOf(text))) written.add(g);
  /** A passage's sentence the paper already retells: its 5-grams written. */
  const said = (sentence: string) => {
    const grams = fiveGrams(wordsOf(sentence));
    return grams.length > 0 && grams.filter((g) => written.has(g)).length / grams.length >= 0.3 ? 1 : 0;
  };
  const citedSources = new Set<string>();
  const answers = new Map<string, string>();

  /** An own sentence that repeats no 5-gram written so far (the least repeating of a few tries). */
  function ownSentence(r: Rnd, before: string, lead = ''): string {
    const make = (x: Rnd) => (lead ? `${lead} ${lower(pick(x, TEMPLATES)(x))}` : capital(pick(x, TEMPLATES)(x)));
    return freshSentence(r, make, written, before);
  }

  /**
   * A cited sentence per source of the prompt: its least retold sentence, attributed and cited. A
   * source already cited elsewhere whose sentences have all been retold is not cited again (the
   * model does not repeat what another subsection said); one never cited is, whatever it repeats.
   */
  function citedSentences(r: Rnd, passages: PromptPassage[], revising = false): string[] {
    const bySource = new Map<string, PromptPassage[]>();
    for (const p of passages) bySource.set(p.source, [...(bySource.get(p.source) ?? []), p]);
    const out: string[] = [];
    for (const [source, list] of bySource) {
      // Asked to add what the sources say (a revision), it cites every source given, figures and all.
      const options = list.flatMap((p) => tellable(p.text, revising).map((sentence) => ({ id: p.id, sentence })));
      if (!options.length) continue;
      const tellings = (o: { sentence: string }) => (retold.get(o.sentence) ?? 0) + said(o.sentence);
      const best = options.reduce((a, b) => (tellings(b) < tellings(a) ? b : a));
      if (!revising && retold.get(best.sentence) && citedSources.has(source)) continue;
      citedSources.add(source);
      retold.set(best.sentence, (retold.get(best.sentence) ?? 0) + 1);
      const body = best.sentence.replace(/[.!?]$/, '');
      const subject = /^Предметом статьи является (.*)$/.exec(body)?.[1];
      const { lead, content } = subject
        ? { lead: pick(r, ['В исследовании рассматривается', 'Отдельно изучается', 'Предмет анализа в работе —']), content: subject }
        : tellInRussian(r, body);
      const sentence = `${lead} ${content} [[${best.id}]].`;
      // A point the paper has made is told in other words (a revision), not repeated.
      const told = revising && said(withoutIds(sentence)) ? `${lead} ${paraphrase(content)} [[${best.id}]].` : sentence;
      for (const g of fiveGrams(wordsOf(told))) written.add(g);
      out.push(told);
    }
    return out;
  }

  /** Paragraphs of about `target` characters, the cited sentences spread over them, a conclusion last. */
  function text(key: string, target: number, cited: string[], opening?: string): string {
    const r = random(key);
    const paragraphs: string[] = [];
    let total = 0;
    const perParagraph = Math.max(1, Math.ceil(cited.length / Math.max(1, Math.round(target / 900) - 1)));
    let c = 0;
    while (total < target * 0.97) {
      const sentences: string[] = [];
      if (opening && paragraphs.length === 0) sentences.push(opening);
      const conclusion = total > target - 900;
      const count = 5 + Math.floor(r() * 3);
      for (let i = sentences.length; i < count; i++) {
        if (i === 2 && !conclusion) for (let k = 0; k < perParagraph && c < cited.length; k++) sentences.push(cited[c++]);
        const before = sentences.length ? sentences[sentences.length - 1] : (paragraphs[paragraphs.length - 1] ?? '');
        sentences.push(ownSentence(r, before, conclusion && i === 0 ? pick(r, CONCLUDE) : ''));
      }
      const p = sentences.join(' ');
      paragraphs.push(p);
      total += p.length + 2;
    }
    // Citations the paragraphs had no room for go before the closing paragraph.
    if (c < cited.length) {
      const at = Math.max(0, paragraphs.length - 2);
      paragraphs[at] = `${paragraphs[at]} ${cited.slice(c).join(' ')}`;
    }
    return paragraphs.join('\n\n');
  }

  const tabled = new Set<string>();

  /**
   * The table a prompt asks for: a row per figure of its passages not put in a table before
   * (label, figure, the passage cited), or null with fewer than two such figures.
   */
  function table(title: string, passages: PromptPassage[]): string | null {
    const rows: { sentence: string; row: string }[] = [];
    for (const p of passages)
      // A running head («Экономика региона. 2016. Т. 16, № 1») is not part of the page's first sentence.
      for (const sentence of p.text.split(SENTENCE).map((x) => x.replace(/^.*№\s*\d+\s+/, '').trim())) {
        const figure = FIGURE.exec(sentence);
        if (!figure || tabled.has(sentence) || rows.length >= 5) continue;
        const words = sentence
          .replace(figure[0], ' ')
          .replace(/[.!?]$/, '')
          .split(/\s+/)
          .filter(Boolean);
        while (words.length && LABEL_TAIL.has(words[words.length - 1].toLowerCase())) words.pop();
        const label = words.join(' ').replace(/,$/, '');
        if (!label || rows.some((r) => r.sentence === sentence)) continue;
        rows.push({ sentence, row: `| ${label} | ${figure[0]} | [[${p.id}]] |` });
      }
    if (rows.length < 2) return null;
    for (const r of rows) tabled.add(r.sentence);
    return [
      `Таблица: Показатели по данным источников: ${lower(title)}`,
      '| Показатель | Значение | Источник |',
      '|---|---|---|',
      ...rows.map((r) => r.row),
    ].join('\n');
  }

  function judge(prompt: string): string {
    return JSON.stringify({
      verdicts: claimsOf(prompt).map((c) => {
        const { text, glossary } = withGlossary(c.fragment);
        return { n: c.n, supported: sharedTerms(c.claim, [text], glossary) >= MIN_SHARED_TERMS, rewrite: '' };
      }),
    });
  }

  /** A statement for each point of a repair prompt: the point's fragment retold, cited. */
  function repairs(key: string, prompt: string): string {
    const r = random(key);
    return JSON.stringify({
      repairs: repairPoints(prompt).flatMap((point) => {
        const options = tellable(point.text, true);
        const fresh = options.find((o) => !retold.get(o)) ?? options[0];
        if (!fresh) return [];
        retold.set(fresh, (retold.get(fresh) ?? 0) + 1);
        const { lead, content } = tellInRussian(r, fresh.replace(/[.!?]$/, ''));
        return [{ n: point.n, sentence: `${lead} ${content} [[${point.id}]].` }];
      }),
    });
  }

  /**
   * A revision round's call (remark:rewrite|add|table:<section>): what the supervisor asked is done
   * from the passages given — a table of their figures, an example told as one («Например, …»),
   * the focus a remark names («сделайте акцент на …») said in the text, every given source cited.
   */
  function remark(key: string, prompt: string, target: number, title: string | undefined, passages: PromptPassage[], r: Rnd): string {
    if (key.startsWith('remark:table:')) {
      const asked = table(title ?? 'раздела', passages);
      return asked ? `${pick(r, TABLE_LEADS)}\n\n${asked}` : 'Сопоставимых числовых данных во фрагментах нет.';
    }
    const asks = [...(/Замечания научного руководителя:\n((?:– .*\n?)+)/.exec(prompt)?.[1].matchAll(/^– (.*)$/gm) ?? [])].map((m) => m[1]);
    const cited = citedSentences(r, passages, true);
    if (asks.some((a) => /пример/i.test(a)) && cited.length) {
      const opener = [...CITE_OPENERS, 'В исследовании рассматривается', 'Отдельно изучается', 'Предмет анализа в работе —'].find((o) =>
        cited[0].startsWith(o),
      );
      cited[0] = `Например, ${opener ? cited[0].slice(opener.length).trim() : lower(cited[0])}`;
    }
    const focus = asks.map((a) => /акцент (?:на|о) ([^.!?«»]+)/i.exec(a)?.[1]?.trim()).find(Boolean);
    return text(key, target, cited, focus ? `В этой части работы сделан акцент на ${focus}.` : undefined);
  }

  function answer(req: FakeRequest): string {
    const { key, prompt } = req;
    const target = Number(/около (\d+) знаков/.exec(prompt)?.[1] ?? 1500);
    const title = /подраздела \d+\.\d+ «([^»]+)»/.exec(prompt)?.[1];
    if (key.startsWith('defence:')) return defenceAnswer(req);
    if (key.startsWith('outline')) return planJson();
    if (key.startsWith('verify')) return judge(prompt);
    if (key.startsWith('glossary')) return glossaryAnswer(prompt);
    if (/^(repair|recite):/.test(key)) return repairs(key, prompt);
    if (key.startsWith('review')) return JSON.stringify({ remarks: [] });
    const passages = /^(section|extend|revise|remark:(add|rewrite|table)):/.test(key) ? promptPassages(prompt) : [];
    const r = random(key);
    if (/^remark:(add|rewrite|table):/.test(key)) return remark(key, prompt, target, title, passages, r);
    // A subsection's opening, not a later part's (`section:1.2:2`).
    const opening = /^section:\d+\.\d+(:1)?$/.test(key) && title ? `Настоящий подраздел посвящён вопросу: ${lower(title)}.` : undefined;
    const body = text(key, target, citedSentences(r, passages), opening);
    const asked = key.startsWith('section') && title && ASKS_TABLE.test(prompt) ? table(title, passages) : null;
    if (!asked) return body;
    // The table after the second paragraph, which refers to it.
    const paragraphs = body.split('\n\n');
    const at = Math.min(1, paragraphs.length - 1);
    const lead = freshSentence(r, (x) => pick(x, TABLE_LEADS), written, paragraphs[at]);
    paragraphs[at] = `${paragraphs[at]} ${lead}`;
    paragraphs.splice(at + 1, 0, asked);
    return paragraphs.join('\n\n');
  }

  return (req) => {
    const known = answers.get(req.key);
    if (known !== undefined) return known;
    const text = answer(req);
    answers.set(req.key, text);
    return text;
  };
}

/** A figure of a passage as a model would move it: «24 %», «с 14 до 31 %», «до 10 дней». */
const MOVABLE_FIGURE = /\d+(?:[.,]\d+)?\s*%/u;

/** The inventions of the adversarial model, as issue 22 saw them in real papers. */
export const INVENTED = {
  works: [
    'В этой связи заслуживают внимания труды Смирнягина А. В. и Haverford J., а также монография «Платформенная экономика малого города».',
    'Близкие выводы содержатся в статье «Малое предпринимательство на цифровых платформах» и в работах Лындиной Е. Г.',
    'Этот вопрос подробно разобран О. Н. Грачёвым в книге «Регион и цифровая экономика».',
  ],
  attribution: 'Как отмечает Колокольцев Д. С., автор концепции «Цифровой рывок регионального предпринимательства»,',
  authorYear: ' (Haverford, Lindqvist, 2020)',
  remnant: 'Литература: Вертинская О. Л. Малый бизнес в цифровую эпоху // Вопросы экономики.',

  /** A paragraph it puts verbatim into the introduction, a subsection and the conclusion. */
  paragraph:
    'Цифровая трансформация малого бизнеса в регионах России опирается на маркетплейсы, облачные сервисы учёта и электронный документооборот, а региональные программы поддержки возмещают малым предприятиям часть затрат на программное обеспечение и обучение персонала, что постепенно выравнивает условия ведения дела в крупных и малых городах.',
};

/** The judge's prompt: the claims it is asked about. */
const judgedClaims = (prompt: string) => [...prompt.matchAll(/^Утверждение (\d+): /gm)].map((m) => Number(m[1]));

/**
 * The adversarial model: what issue 22 found reaching delivered papers. In its texts, persons and
 * works it made up, named without a citation number («труды Смирнягина А. В. и Haverford J.»,
 * «(Haverford, Lindqvist, 2020)», a «концепция» of an invented author); its own list of literature
 * without the heading line; a figure of one passage moved into a sentence citing another; general
 * sentences carrying a citation; one paragraph verbatim in the introduction, 1.2 and the conclusion;
 * a judge that approves every claim; and garbage answers (every malformed shape of a 200 answer)
 * on a sixth of the first attempts. The stand-in repository serves its PDFs with cover sheets.
 */
function adversarial(): ReturnType<Scenario['make']> {
  return {
    behave: (req) => {
      if (req.key.startsWith('probe:')) return { malformed: req.key.slice('probe:'.length) as (typeof MALFORMED)[number] };
      const h = hash(`garbage:${req.key}`);
      return req.attempt === 1 && h % 6 === 0 ? { malformed: MALFORMED[Math.floor(h / 6) % MALFORMED.length] } : undefined;
    },
    answer: (req, text) => {
      if (req.key.startsWith('verify'))
        return JSON.stringify({ verdicts: judgedClaims(req.prompt).map((n) => ({ n, supported: true, rewrite: '' })) });
      if (req.key === 'introduction' || req.key === 'conclusion' || req.key === 'section:1.2') {
        const paragraphs = paragraphsOf(text);
        paragraphs.splice(Math.min(1, paragraphs.length), 0, INVENTED.paragraph);
        text = paragraphs.join('\n\n');
      }
      if (!isBody(req)) return text;
      const r = random(`adversarial:${req.key}`);
      const figureOf = new Map(promptPassages(req.prompt).map((p) => [p.id, MOVABLE_FIGURE.exec(p.text)?.[0]]));
      const ids = [...figureOf.keys()];
      let named = false;
      const paragraphs = paragraphsOf(text).map((p, pi) => {
        if (isTableText(p)) return p;
        const sentences = p.split(SENTENCE);
        const cited = sentences.map((x, i) => ({ x, i, id: /\[\[(p\d+)\]\]/.exec(x)?.[1] })).filter((c) => c.id);
        // A figure of the second cited passage moved into the first cited sentence.
        const [first, second] = cited;
        const moved = second ? figureOf.get(second.id!) : undefined;
        if (first && moved) sentences[first.i] = first.x.replace(/\s*\[\[/, `, и этот показатель достигает ${moved} [[`);
        if (cited[0] && !named) {
          named = true;
          const c = cited[cited.length - 1];
          sentences[c.i] = `${INVENTED.attribution} ${lower(sentences[c.i])}`;
          if (cited[0].i !== c.i) sentences[cited[0].i] = sentences[cited[0].i].replace(/\s*\[\[/, `${INVENTED.authorYear} [[`);
        }
        if (pi === 0) sentences.push(pick(r, INVENTED.works));
        // A general sentence of its own, with a citation of a passage that does not say it.
        if (pi % 2 === 1 && ids.length) sentences.push(`${capital(pick(r, TEMPLATES)(r)).replace(/[.!?]$/, '')} [[${pick(r, ids)}]].`);
        return sentences.join(' ');
      });
      if (hash(`remnant:${req.key}`) % 3 === 0) paragraphs.push(INVENTED.remnant);
      return paragraphs.join('\n\n');
    },
  };
}

/** Authors the pinning model makes up: none of them wrote a work of any corpus. */
const PINNED_NAMES = ['Колокольцев Д. С.', 'Вертинская О. Л.', 'Haverford J.', 'Лындина Е. Г.', 'Грачёв О. Н.'];

/**
 * The model that pins what is not there on real works (the coverage set's adversary): every other
 * cited sentence of its texts is attributed to an author it made up («Как отмечает Колокольцев
 * Д. С., …», no number of its own), every other one carries a figure of another passage of its
 * prompt (pinned on the wrong work); its judge approves every claim. Asked to repair a statement
 * from its passage it does so, but names its author again once in eight.
 */
function pinning(): ReturnType<Scenario['make']> {
  return {
    answer: (req, text) => {
      if (req.key.startsWith('verify'))
        return JSON.stringify({ verdicts: judgedClaims(req.prompt).map((n) => ({ n, supported: true, rewrite: '' })) });
      if (/^(repair|recite):/.test(req.key)) {
        const reply = JSON.parse(text) as { repairs: { n: number; sentence: string }[] };
        for (const r of reply.repairs)
          if (hash(`pin:${req.key}:${r.n}`) % 8 === 0)
            r.sentence = `Как отмечает ${PINNED_NAMES[r.n % PINNED_NAMES.length]}, ${lower(r.sentence)}`;
        return JSON.stringify(reply);
      }
      if (!isBody(req)) return text;
      const figures = promptPassages(req.prompt)
        .map((p) => ({ id: p.id, figure: MOVABLE_FIGURE.exec(p.text)?.[0] }))
        .filter((x): x is { id: string; figure: string } => Boolean(x.figure));
      let k = 0;
      return paragraphsOf(text)
        .map((p) =>
          isTableText(p)
            ? p
            : p
                .split(SENTENCE)
                .map((x) => {
                  const cited = /\[\[(p\d+)\]\]/.exec(x)?.[1];
                  if (!cited) return x;
                  const turn = k++;
                  if (turn % 2 === 0) return `Как отмечает ${PINNED_NAMES[turn % PINNED_NAMES.length]}, ${lower(x)}`;
                  const other = figures.find((f) => f.id !== cited);
                  return other ? x.replace(/\s*\[\[/, `, и этот показатель достигает ${other.figure} [[`) : x;
                })
                .join(' '),
        )
        .join('\n\n');
    },
  };
}

/** A misbehaviour: what it does to the model's answers and to the server. */
export interface Scenario {
  name: string;
  about: string;
  /** The stand-in repository serves its PDFs with a cover sheet before the article's first page. */
  coverSheets?: boolean;
  /** A fresh copy of the behaviour for one paper. */
  make(): { answer?: (req: FakeRequest, text: string) => string; behave?: (req: FakeRequest) => Behaviour | undefined };
}

const isText = (req: FakeRequest) => req.kind === 'stream';
const isBody = (req: FakeRequest) => /^(section|extend|revise|remark:(add|rewrite)):/.test(req.key);
const paragraphsOf = (text: string) => text.split('\n\n');

const REFUSAL = 'Извините, я не могу помочь с этим запросом.';

export const SCENARIOS: Scenario[] = [
  {
    name: 'well-behaved',
    about: 'follows the prompts',
    make: () => ({}),
  },
  {
    name: 'short',
    about: 'writes 40–60% of the requested length',
    make: () => ({
      answer: (req, text) => {
        if (!isText(req)) return text;
        const share = 0.4 + 0.2 * random(`short:${req.key}`)();
        const paragraphs = paragraphsOf(text);
        const out: string[] = [];
        for (const p of paragraphs) {
          if (out.join('\n\n').length + p.length > share * text.length && out.length) break;
          out.push(p);
        }
        return out.join('\n\n');
      },
    }),
  },
  {
    name: 'repeats',
    about: 'repeats itself across subsections (every other paragraph one it wrote before, its citations kept)',
    make: () => {
      let stock: string[] | null = null;
      return {
        answer: (req, text) => {
          if (!isBody(req)) return text;
          const paragraphs = paragraphsOf(text);
          const uncited = (p: string) =>
            p
              .split(SENTENCE)
              .filter((x) => !x.includes('[['))
              .join(' ');
          if (!stock) {
            stock = paragraphs.filter((p) => !isTableText(p)).map(uncited);
            return text;
          }
          // Every other paragraph is one the model already wrote for another subsection; the
          // sentences citing this subsection's sources stay.
          const before = stock;
          return paragraphs
            .map((p, i) => {
              if (i % 2 === 0 || isTableText(p)) return p;
              const cited = p.split(SENTENCE).filter((x) => x.includes('[['));
              return [before[Math.floor(i / 2) % before.length], ...cited].join(' ');
            })
            .join('\n\n');
        },
      };
    },
  },
  {
    name: 'invents',
    about: 'invents statistics, source ids, pages and references',
    make: () => {
      let listed = false;
      return {
        answer: (req, text) => {
          if (!isBody(req)) return text;
          const r = random(`invents:${req.key}`);
          const ids = promptPassages(req.prompt).map((p) => p.id);
          const year = () => 2012 + Math.floor(r() * 12);
          const share = () => `${(3 + r() * 70).toFixed(1).replace('.', ',')} %`;
          const page = () => 20 + Math.floor(r() * 400);
          // Figures put into its own sentences: some uncited, some cited to an id it was never given
          // (or to a real passage with a page of its own), some with a page reference.
          const inventions = [
            (s: string) => `${s} (${share()} в ${year()} г.)`,
            (s: string) => `${s}: за ${year()} г. показатель вырос на ${share()}`,
            (s: string) => `${s} [[p${900 + Math.floor(r() * 99)}]], охватывая ${share()} предприятий`,
            (s: string) => (ids.length ? `${s}, по оценке ${share()} [[${pick(r, ids)}, с. ${page()}]]` : `${s} (${share()})`),
            (s: string) => `${s} (см. с. ${page()}) — до ${share()} к ${year()} г.`,
            (s: string) => `${s} [[S${40 + Math.floor(r() * 20)}]], [${1 + Math.floor(r() * 40)}], что составляет ${share()}`,
          ];
          let n = 0;
          const paragraphs = paragraphsOf(text).map((p) =>
            p
              .split(SENTENCE)
              .map((x) => (x.includes('[[') || n++ % 4 !== 1 ? x : `${pick(r, inventions)(x.replace(/\.$/, ''))}.`))
              .join(' '),
          );
          // A table gets a row with a figure of its own, cited to a passage that does not hold it.
          const t = paragraphs.findIndex(isTableText);
          if (t >= 0 && ids.length)
            paragraphs[t] +=
              `\n| Доля предприятий, внедривших системы управления отношениями с клиентами | ${share()} | [[${pick(r, ids)}]] |`;
          if (!listed) {
            // Once in the paper, a reference list of its own at the end of a subsection.
            listed = true;
            paragraphs.push(
              'Список литературы:',
              `1. Петров П. П. Цифровая экономика малого бизнеса. – М.: Инфра-М, ${year()}. – ${150 + Math.floor(r() * 200)} с.`,
              `2. Smith J. Digital small business. – London: Routledge, ${year()}. – ${200 + Math.floor(r() * 100)} p.`,
            );
          }
          return paragraphs.join('\n\n');
        },
      };
    },
  },
  {
    name: 'markdown',
    about: 'answers in Markdown (headings, bold, lists, fenced JSON)',
    make: () => ({
      answer: (req, text) => {
        if (!isText(req)) return `\`\`\`json\n${text}\n\`\`\``;
        const r = random(`markdown:${req.key}`);
        const title = /(?:подраздела|подраздел) (\d+\.\d+ «[^»]+»)/.exec(req.prompt)?.[1]?.replace(/[«»]/g, '');
        const out: string[] = title ? [`## ${title}`] : ['# Текст'];
        paragraphsOf(text).forEach((p, i) => {
          // Its table is Markdown already.
          if (isTableText(p)) return out.push(p);
          const sentences = p.split(SENTENCE);
          if (i % 3 === 1) {
            out.push(`### ${capital(wordsOf(sentences[0]).slice(0, 4).join(' '))}`);
            out.push(sentences.map((s) => `- ${s}`).join('\n'));
          } else if (i % 3 === 2) {
            out.push(sentences.map((s, k) => `${k + 1}. ${s}`).join('\n'));
          } else {
            const bold = Math.floor(r() * sentences.length);
            out.push(sentences.map((s, k) => (k === bold ? `**${s}**` : s)).join(' '));
          }
          if (i % 4 === 3) out.push('---');
        });
        return out.join('\n\n');
      },
    }),
  },
  {
    name: 'truncated JSON',
    about: 'cuts JSON answers short (a repair request gets it whole)',
    make: () => ({
      answer: (req, text) => (req.kind === 'json' && !req.key.endsWith(':repair') ? text.slice(0, Math.floor(text.length * 0.6)) : text),
    }),
  },
  {
    name: 'refuses',
    about: `answers «${REFUSAL}» to the outline and a third of the texts`,
    make: () => ({
      answer: (req, text) => (req.key === 'outline' || (isText(req) && hash(`refuse:${req.key}`) % 3 === 0) ? REFUSAL : text),
    }),
  },
  {
    name: 'English',
    about: 'drifts into English halfway through a text (not repeating itself in either language)',
    make: () => {
      const written = new Set<string>();
      return {
        answer: (req, text) => {
          if (!isText(req)) return text;
          const r = random(`english:${req.key}`);
          const paragraphs = paragraphsOf(text);
          const half = Math.ceil(paragraphs.length / 2);
          return paragraphs
            .map((p, i) => {
              if (i < half || isTableText(p)) return p;
              // The paragraph's citations stay, in the Russian the model read them in.
              const sentences: string[] = [];
              for (let k = 0; k < 6; k++) sentences.push(freshSentence(r, englishSentence, written, sentences[sentences.length - 1] ?? ''));
              return [...sentences, ...p.split(SENTENCE).filter((x) => x.includes('[['))].join(' ');
            })
            .join('\n\n');
        },
      };
    },
  },
  {
    name: 'adversarial',
    about:
      'names invented authors and works, leaves its own list without a heading, moves figures between sentences, cites general sentences, ' +
      'repeats a paragraph in three sections, approves every claim as a judge, answers garbage; PDFs with cover sheets',
    coverSheets: true,
    make: adversarial,
  },
  {
    name: 'pinning',
    about:
      'attributes every other cited statement to an author it made up and pins figures on the wrong work; approves every claim as a judge',
    make: pinning,
  },
  {
    name: 'timeouts, 429',
    about: 'a quarter of the calls hang on their first attempt, another quarter get 429 with Retry-After: 2',
    make: () => ({
      behave: (req) => {
        const h = hash(`flaky:${req.key}`) % 4;
        if (req.attempt === 1 && h === 0) return { hang: true };
        if (req.attempt === 1 && h === 1) return { status: 429, retryAfterSec: 2 };
        return undefined;
      },
    }),
  },
];
