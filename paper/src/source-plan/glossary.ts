/**
 * The topic's glossary: the key terms of the planned foreign (English) passages with their Russian
 * equivalents, asked of the writer in one recorded call beside the writing, from the passages
 * alone (it never sees a claim, so no model can shape it to fit one). A Russian statement resting on an English
 * passage is checked through it as strictly as one on a Russian passage (grounding/support.ts):
 * its figures stand in the passage, and its key terms are the passage's terms or their glossary
 * equivalents. An entry is taken only as a short Russian phrase for a term that was asked.
 */
import { z } from 'zod';
import { isForeign } from '../bibliography/text.ts';
import type { Passage } from '../passages/types.ts';
import { terms } from '../sources/relevance.ts';
import { wordsIn } from '../text/stems.ts';
import type { ChatMessage, GlossaryEntry, CallRunner } from '../writer/types.ts';

/** Terms asked at most: the commonest words of the foreign passages. */
const MAX_TERMS = 100;
/** A translation longer than this is no term. */
const MAX_WORDS = 4;
const MAX_CHARS = 48;

/** Where a run keeps its glossary among its checkpoints. */
export const GLOSSARY_CHECKPOINT = 'sources:glossary';

export const GlossarySchema = z.object({ terms: z.array(z.object({ en: z.string(), ru: z.string() })) });

/** The key words of the foreign passages, commonest first: one surface form per stem. */
export function foreignTerms(passages: Passage[]): string[] {
  const count = new Map<string, { word: string; n: number }>();
  for (const p of passages.filter((x) => isForeign(x.text)))
    for (const word of wordsIn(p.text)) {
      if (!/^[a-z]+$/.test(word)) continue;
      const [stem] = terms(word);
      if (!stem) continue;
      const seen = count.get(stem);
      if (seen) seen.n++;
      else count.set(stem, { word, n: 1 });
    }
  return [...count.values()]
    .sort((a, b) => b.n - a.n || a.word.localeCompare(b.word))
    .slice(0, MAX_TERMS)
    .map((x) => x.word);
}

export function glossaryMessages(topic: string, asked: string[]): ChatMessage[] {
  return [
    { role: 'system', content: 'Ты научный переводчик с английского на русский. Отвечай строго по схеме.' },
    {
      role: 'user',
      content:
        `Тема работы: «${topic}». Для каждого английского термина из списка дай его русский эквивалент, принятый в научной литературе по этой теме: ` +
        'одно-три слова в начальной форме, без пояснений. Термины:\n' +
        asked.map((t) => `- ${t}`).join('\n'),
    },
  ];
}

/**
 * The entries a reply gives for the asked terms (null: a stored glossary, asked before): a short
 * Cyrillic phrase each, the first answer for a term.
 */
export function acceptGlossary(reply: unknown, asked: string[] | null): GlossaryEntry[] {
  const parsed = GlossarySchema.safeParse(reply);
  if (!parsed.success) return [];
  const wanted = asked && new Set(asked.map((t) => t.toLowerCase()));
  const out = new Map<string, string>();
  for (const { en, ru } of parsed.data.terms) {
    const term = en.trim().toLowerCase();
    const russian = ru.trim().toLowerCase().replace(/ё/g, 'е');
    if ((wanted && !wanted.has(term)) || !/^[a-z]+(?: [a-z]+)*$/.test(term) || out.has(term)) continue;
    if (!/^[а-я -]+$/.test(russian) || russian.length > MAX_CHARS || russian.split(/\s+/).length > MAX_WORDS) continue;
    out.set(term, russian);
  }
  return [...out].map(([en, ru]) => ({ en, ru }));
}

/**
 * The glossary of these passages: one recorded call (`key`, by default `glossary`), none when no
 * passage is foreign; terms already `known` are not asked again.
 */
export async function writeGlossary(options: {
  topic: string;
  passages: Passage[];
  calls: CallRunner;
  key?: string;
  known?: ReadonlySet<string>;
}): Promise<GlossaryEntry[]> {
  const asked = foreignTerms(options.passages).filter((t) => !options.known?.has(t));
  if (!asked.length) return [];
  const reply = await options.calls.call({
    key: options.key ?? 'glossary',
    task: { kind: 'glossary', topic: options.topic, terms: asked },
    messages: glossaryMessages(options.topic, asked),
    maxTokens: 200 + 12 * asked.length,
    json: { name: 'term_glossary', schema: GlossarySchema },
  });
  try {
    return acceptGlossary(JSON.parse(reply.text.trim().replace(/^```(?:json)?\s*|\s*```$/g, '')), asked);
  } catch {
    // An unreadable glossary leaves foreign passages matched by their own words only (stricter, never looser).
    return [];
  }
}

/** The glossary's entries for the English terms of a text, as a prompt line: what a writer or a judge reads a foreign fragment by. */
export function glossaryLine(text: string, glossary: readonly GlossaryEntry[]): string {
  const words = new Set(wordsIn(text));
  const used = glossary.filter((e) => e.en.split(/\s+/).every((w) => words.has(w)));
  return used.length ? `\nТермины фрагмента по-русски: ${used.map((e) => `${e.en} — ${e.ru}`).join('; ')}` : '';
}
