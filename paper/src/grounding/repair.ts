/**
 * Repair, not only removal: a statement that fails a grounding check (a name no listed work
 * accounts for, a figure not on the cited page, a page that does not support it) is rewritten
 * from its passage by one targeted call for all of a text's failures, and the rewrite is checked
 * again by the same deterministic rules (its figures on the page, its key terms there or through
 * the glossary, no name the page does not give); only a statement whose rewrite fails too is
 * removed. The same call, asked for a work the list needs that has lost its last citation, gives
 * a statement retelling the work's planned passage (recite).
 */
import { z } from 'zod';
import { isCyrillic } from '../bibliography/text.ts';
import { withoutMarkers } from '../passages/markers.ts';
import { glossaryLine } from '../source-plan/glossary.ts';
import { sentencesOf } from '../text/sentences.ts';
import type { ChatMessage, PassageBrief, GlossaryEntry, CallRunner } from '../writer/types.ts';
import { isAccounted, namedIn } from './names.ts';
import { normalNumber, numbersIn, ungroundedNumbers } from './numbers.ts';
import { MIN_SHARED_TERMS, sharedTerms } from './support.ts';

export const RepairsSchema = z.object({ repairs: z.array(z.object({ n: z.number().int(), sentence: z.string() })) });

/** A statement to write from a passage: `statement` the failed one (empty: a new one for a work the list needs). */
export interface RepairItem {
  n: number;
  statement: string;
  /** Why it failed, in Russian (for the writer). */
  why: string;
  passage: PassageBrief;
  /** The text of the cited page (the passage's page, all of it): what the rewrite is checked against. */
  page: string;
}

/** A rewrite is one sentence of a statement, not a paragraph. */
const MAX_CHARS = 450;
const MIN_WORDS = 5;

export function repairMessages(items: RepairItem[], glossary: readonly GlossaryEntry[]): ChatMessage[] {
  return [
    {
      role: 'system',
      content: 'Ты редактор научного текста. Пишешь строго по фрагментам источников, ничего не добавляя от себя.',
    },
    {
      role: 'user',
      content:
        'Для каждого пункта напиши одно предложение на русском языке, которое передаёт своими словами то, что сказано во фрагменте источника, ' +
        `и заканчивается ссылкой на фрагмент в форме [[p17]] перед точкой. ${NO_INVENTION} ` +
        'Если дано исходное утверждение, сохрани его мысль в той мере, в какой её подтверждает фрагмент.\n\n' +
        items
          .map(
            (i) =>
              `Пункт ${i.n}.` +
              (i.statement ? ` Утверждение: ${i.statement}\nПочему не подходит: ${i.why}.` : ` Задача: ${i.why}.`) +
              `\nФрагмент [${i.passage.id}] ${i.passage.source}${i.passage.page ? `, с. ${i.passage.page}` : ''}:\n${i.passage.text}${glossaryLine(i.passage.text, glossary)}`,
          )
          .join('\n\n'),
    },
  ];
}

/** What a rewrite may not do, said in every prompt that asks for one. */
const NO_INVENTION =
  'Числа приводи только те, что стоят во фрагменте; не называй авторов, работы и организации, которых нет во фрагменте; без маркдауна и кавычек вокруг всего предложения.';

/** The rewrite as it goes into the text: one sentence, its passage's marker before the stop, nothing else cited. */
function asStatement(sentence: string, passageId: string): string {
  const plain = withoutMarkers(sentence.replace(/\*\*|__|^[\s"«]+|[\s"»]+$/g, ''))
    .replace(/\s+/g, ' ')
    .trim();
  const first = sentencesOf(plain)[0] ?? '';
  const body = first.replace(/[.!?…]+$/, '').trim();
  return body ? `${body} [[${passageId}]].` : '';
}

/** Whether a statement holds on its page by the rules the checks apply. */
export function holdsOnPage(
  statement: string,
  page: string,
  options: { glossary: readonly GlossaryEntry[]; allowed: Set<string>; numbering: Set<string> },
): boolean {
  const plain = withoutMarkers(statement);
  if (!plain || plain.length > MAX_CHARS || plain.split(/\s+/).length < MIN_WORDS || !isCyrillic(plain)) return false;
  const held = new Set([...numbersIn(page), ...options.allowed]);
  if (ungroundedNumbers(plain, held, options.numbering).map(normalNumber).length) return false;
  if (sharedTerms(plain, [page], options.glossary) < MIN_SHARED_TERMS) return false;
  const nobody = { persons: [], titles: [], vocabulary: new Set<string>(), texts: [] };
  return namedIn(plain).every((n) => isAccounted(n, nobody, [page]));
}

/**
 * The statements rewritten from their passages (one call, `key`): n -> the rewrite, for those
 * whose rewrite holds on its page; the others are not in the map.
 */
export async function repairStatements(options: {
  key: string;
  items: RepairItem[];
  calls: CallRunner;
  glossary: readonly GlossaryEntry[];
  allowed: Set<string>;
  numbering: Set<string>;
}): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  if (!options.items.length) return out;
  const reply = await options.calls.call({
    key: options.key,
    task: { kind: 'repair', items: options.items.map(({ n, statement, why, passage }) => ({ n, statement, why, passage })) },
    messages: repairMessages(options.items, options.glossary),
    maxTokens: 200 + 160 * options.items.length,
    json: { name: 'statement_repairs', schema: RepairsSchema },
  });
  let repairs: z.infer<typeof RepairsSchema>['repairs'] = [];
  try {
    const parsed = RepairsSchema.safeParse(JSON.parse(reply.text.trim().replace(/^```(?:json)?\s*|\s*```$/g, '')));
    if (parsed.success) repairs = parsed.data.repairs;
  } catch {
    // An unreadable answer repairs nothing: the statements are removed as before.
  }
  const byN = new Map(options.items.map((i) => [i.n, i]));
  for (const r of repairs) {
    const item = byN.get(r.n);
    if (!item || out.has(r.n)) continue;
    const statement = asStatement(r.sentence, item.passage.id);
    if (statement && holdsOnPage(statement, item.page, options)) out.set(r.n, statement);
  }
  return out;
}
