/**
 * Every sentence that cites a passage is checked against it: by the model as a judge when the
 * writer is an LLM, by the overlap of key terms otherwise. A claim its passage does not support
 * is rewritten without the citation (the judge's rewrite) or removed together with its sentence:
 * a citation is never just dropped from a claim it does not back.
 */
import { z } from 'zod';
import type { CallRunner } from '../calls.ts';
import { stems } from '../sources/relevance.ts';
import type { ChatMessage } from '../writer/types.ts';
import { isTable } from '../text/tables.ts';
import { citedPassageIds, keepKnownMarkers, withoutMarkers } from '../passages/markers.ts';
import type { Passage } from '../passages/split.ts';
import type { ClaimCounts } from '../types.ts';

export const noClaims = (): ClaimCounts => ({ checked: 0, rewritten: 0, removed: 0 });
export const addClaims = (a: ClaimCounts, b: ClaimCounts): ClaimCounts => ({
  checked: a.checked + b.checked,
  rewritten: a.rewritten + b.rewritten,
  removed: a.removed + b.removed,
});

/**
 * Offline: a claim is supported when at least this share of its key terms (word stems) occur in the
 * cited passages. A sentence retold from its passage shares most of its terms (the offline writer's
 * cited sentences share 0.7-0.9); a general sentence that merely carries a citation shares a few
 * (0.1-0.3), so half is a clear line between them.
 */
export const MIN_SHARED_TERMS = 0.5;

export interface Claim {
  n: number;
  claim: string;
  passages: string[];
}

export const ClaimVerdictsSchema = z.object({
  verdicts: z.array(
    z.object({
      n: z.number().int(),
      supported: z.boolean(),
      /** The sentence without what the passage does not support and without the citation; "" to remove it. */
      rewrite: z.string(),
    }),
  ),
});
export type ClaimVerdicts = z.infer<typeof ClaimVerdictsSchema>;

/** The share of the claim's key terms found in the passages. */
export function sharedTerms(claim: string, passages: string[]): number {
  const own = stems(claim);
  if (own.size === 0) return 0;
  const there = stems(passages.join(' '));
  let n = 0;
  for (const s of own) if (there.has(s)) n++;
  return n / own.size;
}

/** The offline judge: key-term overlap; it never rewrites, an unsupported sentence goes. */
export function lexicalVerdicts(claims: Claim[]): ClaimVerdicts {
  return { verdicts: claims.map((c) => ({ n: c.n, supported: sharedTerms(c.claim, c.passages) >= MIN_SHARED_TERMS, rewrite: '' })) };
}

export function verifyMessages(claims: Claim[]): ChatMessage[] {
  return [
    {
      role: 'system',
      content: 'Ты проверяешь ссылки в научном тексте. Отвечай строго по фрагментам источников, ничего не додумывай.',
    },
    {
      role: 'user',
      content:
        'Для каждого утверждения реши, подтверждается ли оно приведённым фрагментом источника (supported). ' +
        'Если не подтверждается, в rewrite дай то же предложение без неподтверждённого утверждения и без ссылки на источник, ' +
        'сохранив стиль текста, или пустую строку, если без него предложение теряет смысл. Для подтверждённых rewrite — пустая строка.\n\n' +
        claims.map((c) => `Утверждение ${c.n}: ${c.claim}\nФрагмент источника:\n${c.passages.join('\n---\n')}`).join('\n\n'),
    },
  ];
}

/** Sentences: a split after a stop followed by a capital (a marker before the stop stays with its sentence). */
const SENTENCE_END = /(?<=[.!?…])\s+(?=[«"(\p{Lu}\d])/u;

/**
 * Checks the cited sentences of a subsection. `key` names the writer call (a checkpoint), so it
 * must differ for every version of the text that is checked.
 */
export async function verifyClaims(options: {
  key: string;
  paragraphs: string[];
  passages: Map<string, Passage>;
  calls: CallRunner;
  judge: 'model' | 'lexical';
}): Promise<{ paragraphs: string[]; counts: ClaimCounts }> {
  // A table is one unit: its cells are data, each number grounded in the passages its row cites
  // (numbers.ts), not claims to judge one by one.
  const split = options.paragraphs.map((p) => {
    const known = keepKnownMarkers(p, options.passages);
    return isTable(p) ? [known] : known.split(SENTENCE_END);
  });
  const claims: (Claim & { at: [number, number] })[] = [];
  split.forEach((sentences, pi) =>
    sentences.forEach((sentence, si) => {
      if (isTable(options.paragraphs[pi])) return;
      const ids = citedPassageIds(sentence);
      if (!ids.length) return;
      claims.push({
        n: claims.length + 1,
        claim: withoutMarkers(sentence),
        passages: ids.map((id) => options.passages.get(id)!.text),
        at: [pi, si],
      });
    }),
  );
  const counts = noClaims();
  if (!claims.length) return { paragraphs: split.map((s) => s.join(' ')), counts };
  const plain = claims.map(({ n, claim, passages }) => ({ n, claim, passages }));
  let verdicts = lexicalVerdicts(plain);
  if (options.judge === 'model') {
    const reply = await options.calls.call({
      key: options.key,
      task: { kind: 'verify', claims: plain },
      messages: verifyMessages(plain),
      maxTokens: 400 + 150 * claims.length,
      json: { name: 'claim_verdicts', schema: ClaimVerdictsSchema },
    });
    // A claim the judge left out (or an unreadable reply) is judged by the key terms instead.
    const judged = parseVerdicts(reply.text);
    verdicts = { verdicts: verdicts.verdicts.map((v) => judged.get(v.n) ?? v) };
  }
  for (const claim of claims) {
    counts.checked++;
    const verdict = verdicts.verdicts.find((v) => v.n === claim.n)!;
    if (verdict.supported) continue;
    const [pi, si] = claim.at;
    const rewrite = withoutMarkers(verdict.rewrite);
    if (rewrite && stems(rewrite).size > 0) {
      split[pi][si] = rewrite;
      counts.rewritten++;
    } else {
      split[pi][si] = '';
      counts.removed++;
    }
  }
  const paragraphs = split.map((s) => s.filter(Boolean).join(' ')).filter((p) => p.trim());
  return { paragraphs, counts };
}

function parseVerdicts(text: string): Map<number, ClaimVerdicts['verdicts'][number]> {
  try {
    const parsed = ClaimVerdictsSchema.safeParse(JSON.parse(text));
    return parsed.success ? new Map(parsed.data.verdicts.map((v) => [v.n, v])) : new Map();
  } catch {
    return new Map();
  }
}
