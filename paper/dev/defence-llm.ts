/**
 * The simulated models' answers to the defence kit's prompts (src/defence/prompts.ts), read from the
 * prompt as a model reads it: the fragments of the paper «[f12] с. 23» with their text.
 *  - well-behaved: bullets of one line retelling a fragment each, the speech told by the slides'
 *    fragments in the first person plural with a citation per sentence, 18 questions of every kind
 *    answered by a fragment;
 *  - misbehaving: invents figures (in bullets, the speech and answers) and an author (in the speech), writes overlong bullets and
 *    a speech three times too long, cites fragments that do not exist or do not hold the claim,
 *    writes wrong pages into answers, gives too few questions;
 *  - crude (dev/fake-llm.ts's own): the structure asked for, citations at random.
 */
import { bulletOf, spokenOf, standAlone, shorten } from '../src/text/statements.ts';
import { DEFENCE_TOPICS } from '../src/writer/types.ts';
import { random } from './prose.ts';

/** What of a request (dev/fake-llm.ts's FakeRequest) the answers read. */
interface Request {
  key: string;
  prompt: string;
}

interface PromptFragment {
  id: string;
  page: string | null;
  text: string;
}

const FRAGMENT = /^\[(f\d+)\](?: с\. (\S+))?\n(.*)$/gm;
const fragmentsIn = (text: string): PromptFragment[] =>
  [...text.matchAll(FRAGMENT)].map((m) => ({ id: m[1], page: m[2] ?? null, text: m[3] }));

/** The prompt's blocks (one per slide), each with its head line and fragments. */
function blocks(prompt: string): { head: string; fragments: PromptFragment[] }[] {
  return prompt
    .split('\n\n---\n\n')
    .map((b) => b.slice(b.lastIndexOf('Слайд ')))
    .map((b) => ({ head: b.split('\n')[0], fragments: fragmentsIn(b) }));
}

const told = (f: PromptFragment) => !/^[–—-]\s|^Таблица \d/u.test(f.text) && !/:\s*$/.test(f.text);
const words = (s: string) => s.split(/\s+/).filter(Boolean).length;

const QUESTION_STEMS: Record<(typeof DEFENCE_TOPICS)[number], string> = {
  relevance: 'Почему это важно для темы работы',
  novelty: 'Что нового вносит ваш вывод',
  methods: 'Каким методом вы это установили',
  sources: 'На какие источники опирается положение',
  limitations: 'Какие ограничения связаны с тем, что',
  practice: 'Как применить на практике то, что',
  numbers: 'Какие данные стоят за тем, что',
};
const TOPIC_WORDS: Record<(typeof DEFENCE_TOPICS)[number], RegExp> = {
  relevance: /актуальн|значени|роль|важн/iu,
  novelty: /новизн|впервые|предлож/iu,
  methods: /метод|анализ/iu,
  sources: /автор|источник|литератур|исследовател/iu,
  limitations: /барьер|проблем|огранич|дефицит|риск/iu,
  practice: /рекоменд|практик|предлаг|внедр/iu,
  numbers: /\d/u,
};

function slides(prompt: string) {
  return {
    slides: blocks(prompt).map((b) => ({
      id: /^Слайд (\S+)/.exec(b.head)?.[1] ?? '',
      bullets: b.fragments
        .filter(told)
        .slice(0, 4)
        .map((f) => ({ text: bulletOf(f.text, 90), source: f.id })),
    })),
  };
}

function speech(prompt: string): string {
  let n = 0;
  return blocks(prompt)
    .map((b) => {
      const number = /^Слайд (\d+)/.exec(b.head)?.[1];
      const target = Number(/около (\d+) слов/.exec(b.head)?.[1] ?? 60);
      const sentences: string[] = [];
      for (const f of b.fragments.filter(told)) {
        if (sentences.reduce((w, s) => w + words(s), 0) >= target) break;
        sentences.push(spokenOf(f.text, n++).replace(/\.$/, ` [[${f.id}]].`));
      }
      return `Слайд ${number}\n${sentences.join(' ')}`;
    })
    .join('\n\n');
}

function questions(prompt: string, count: number) {
  const fragments = fragmentsIn(prompt).filter(told);
  const used = new Set<string>();
  const out: { topic: string; question: string; answer: string; source: string }[] = [];
  for (let round = 0; out.length < count && round < 3; round++)
    for (const topic of DEFENCE_TOPICS) {
      if (out.length >= count) break;
      const f = fragments.find((x) => !used.has(x.id) && TOPIC_WORDS[topic].test(x.text)) ?? fragments.find((x) => !used.has(x.id));
      if (!f) break;
      used.add(f.id);
      const claim = shorten(standAlone(f.text), 80).replace(/…$/, '');
      out.push({ topic, question: `${QUESTION_STEMS[topic]}: «${claim}»?`, answer: spokenOf(f.text, out.length), source: f.id });
    }
  return { questions: out };
}

/** The well-behaved model's answer to a defence call (its key starts with «defence:»). */
export function defenceAnswer(req: Request): string {
  if (req.key.startsWith('defence:slides')) return JSON.stringify(slides(req.prompt));
  if (req.key.startsWith('defence:questions'))
    return JSON.stringify(questions(req.prompt, Number(/Составь (\d+) вопрос/.exec(req.prompt)?.[1] ?? 18)));
  return speech(req.prompt);
}

/** A figure the paper does not have. */
const invented = (r: () => number) => `${(10 + r() * 80).toFixed(1).replace('.', ',')} %`;

/** The misbehaving model: the well-behaved answer spoiled the ways real models spoil it. */
export function misbehavingDefence(req: Request, text: string): string {
  if (!req.key.startsWith('defence:')) return text;
  const r = random(`defence-misbehaves:${req.key}`);
  if (req.key.startsWith('defence:slides')) {
    const reply = JSON.parse(text) as ReturnType<typeof slides>;
    for (const s of reply.slides)
      s.bullets = s.bullets.map((b, i) =>
        i % 3 === 0
          ? { ...b, text: `${b.text}, что подтверждает рост показателя на ${invented(r)}` }
          : i % 3 === 1
            ? {
                ...b,
                text: `${b.text}; это положение подробно раскрыто в работе и подтверждается всеми рассмотренными источниками и авторами`,
              }
            : { ...b, source: 'f99999' },
      );
    return JSON.stringify(reply);
  }
  if (req.key.startsWith('defence:questions')) {
    const reply = JSON.parse(text) as ReturnType<typeof questions>;
    const ids = reply.questions.map((q) => q.source);
    reply.questions = reply.questions.slice(0, 10).map((q, i) => ({
      ...q,
      question: i % 4 === 0 ? q.question.replace(/\?$/, '') : q.question,
      answer:
        i % 3 === 0
          ? `${q.answer.replace(/\.$/, '')}, что составляет ${invented(r)} (см. с. ${100 + i})`
          : i % 3 === 1
            ? `${q.answer} Это сказано на с. ${200 + i}.`
            : q.answer,
      source: i % 4 === 3 ? ids[(i + 1) % ids.length] : q.source,
    }));
    return JSON.stringify(reply);
  }
  // The speech: an author of its own, a figure of its own in every other sentence, uncited
  // sentences, three times too long.
  const spoiled = text
    .replaceAll('Мы отмечаем, что', 'Как показал Колокольцев Д. С.,')
    .replace(/ \[\[(f\d+)\]\]\./g, (all, id: string) =>
      r() < 0.5 ? `, и за последние годы этот показатель вырос на ${invented(r)} [[${id}]].` : all,
    );
  return spoiled.replace(/^(Слайд \d+\n)(.*)$/gm, (_all, head: string, body: string) => `${head}${body} Это очень важно. ${body} ${body}`);
}

/** dev/fake-llm.ts's own (crude) answer to a structured defence call. */
export function crudeDefenceJson(schema: string, prompt: string): string {
  const fragments = fragmentsIn(prompt);
  const r = random(prompt.slice(0, 200));
  const any = () => fragments[Math.floor(r() * fragments.length)];
  if (schema === 'defence_slides')
    return JSON.stringify({
      slides: blocks(prompt).map((b) => ({
        id: /^Слайд (\S+)/.exec(b.head)?.[1] ?? '',
        bullets: b.fragments.slice(0, 3).map((f) => ({ text: f.text.slice(0, 60), source: any()?.id ?? f.id })),
      })),
    });
  return JSON.stringify({
    questions: DEFENCE_TOPICS.map((topic) => ({
      topic,
      question: 'Расскажите подробнее о работе?',
      answer: any()?.text ?? '',
      source: any()?.id ?? '',
    })),
  });
}
