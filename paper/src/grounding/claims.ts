/**
 * Every sentence that cites a passage is checked against its cited page, deterministically first
 * (support.ts: its key terms, and every figure it gives, on the page): a citation the page does
 * not back goes, and a statement left with none is unsupported. Then, for an LLM writer, a model
 * judge — a separate call that sees only each claim and its passages — may find more unsupported;
 * its "yes" never overrules a failed deterministic check. An unsupported claim is rewritten
 * without the citation (the judge's rewrite, when it carries no figure and no name) or removed
 * together with its sentence: a citation is never just dropped from a claim it does not back.
 */
import { z } from 'zod';
import type { CallRunner } from '../calls.ts';
import { stems } from '../sources/relevance.ts';
import type { ChatMessage } from '../writer/types.ts';
import { isTable } from '../text/tables.ts';
import { keepKnownMarkers, withoutMarkers } from '../passages/markers.ts';
import type { Passage } from '../passages/split.ts';
import type { ClaimCounts } from '../types.ts';
import { citedFigures, pageText, type Citation } from './check.ts';
import { groundingSources, markerCitations } from './data.ts';
import { namedIn } from './names.ts';
import { normalNumber, numbersIn, ungroundedNumbers, type Grounding } from './numbers.ts';
import { MIN_SHARED_TERMS, sharedTerms } from './support.ts';

export const noClaims = (): ClaimCounts => ({ checked: 0, rewritten: 0, removed: 0, citationsRemoved: 0 });
export const addClaims = (a: ClaimCounts, b: ClaimCounts): ClaimCounts => ({
  checked: a.checked + b.checked,
  rewritten: a.rewritten + b.rewritten,
  removed: a.removed + b.removed,
  citationsRemoved: a.citationsRemoved + b.citationsRemoved,
});

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

/** The key-term judge (the offline writer answers a verify call with it): it never rewrites. */
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

/** A judge's rewrite stands only without a figure or a name of its own (it cites nothing). */
const cleanRewrite = (text: string) => stems(text).size > 0 && !/\d/.test(text) && !namedIn(text).length;

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
  /** What a statement's figures are told from (the outline's numbers, the paper's numbering); none by default. */
  grounding?: Pick<Grounding, 'allowed' | 'numbering'>;
}): Promise<{ paragraphs: string[]; counts: ClaimCounts }> {
  const { passages } = options;
  const counts = noClaims();
  const citations = markerCitations(passages);
  const sources = groundingSources(
    [...new Set([...passages.values()].map((p) => p.sourceId))].map((id) => ({ id, attached: false, authors: [], title: '' })),
    [...passages.values()],
  );
  const { allowed, numbering } = options.grounding ?? { allowed: new Set<string>(), numbering: new Set<string>() };
  const figuresOf = (text: string) => ungroundedNumbers(text, allowed, numbering).map(normalNumber);
  /** Whether the cited page holds the claim's key terms and the figures it answers for. */
  const backs = (claim: string, c: Citation, figures: string[]) => {
    const text = pageText({ sources }, c);
    if (text === undefined) return false;
    const held = numbersIn(text);
    return figures.every((f) => held.has(f)) && sharedTerms(claim, [text]) >= MIN_SHARED_TERMS;
  };
  // A table is one unit: its cells are data, each number grounded in the passages its row cites
  // (numbers.ts), not claims to judge one by one.
  const split = options.paragraphs.map((p) => {
    const known = keepKnownMarkers(p, passages);
    return isTable(p) ? [known] : known.split(SENTENCE_END);
  });
  const claims: (Claim & { at: [number, number]; backed: boolean })[] = [];
  split.forEach((sentences, pi) =>
    sentences.forEach((sentence, si) => {
      if (isTable(options.paragraphs[pi])) return;
      const spans = citations(sentence);
      if (!spans.length) return;
      const { claim, groups } = citedFigures(sentence, spans, figuresOf);
      const failing = new Set(groups.flatMap((g) => g.cites.filter((c) => !backs(g.claim, c, g.figures)).map((c) => c.ref)));
      const good = [...new Set(groups.flatMap((g) => g.cites.map((c) => c.ref)))].filter((id) => !failing.has(id));
      if (failing.size && good.length) {
        // The statement stands on its other citations.
        split[pi][si] = sentence.replace(/\[\[([^\]]*)\]\]/g, (_m, inner: string) => {
          const ids = inner
            .split(/[,;]/)
            .map((x) => x.trim())
            .filter((id) => !failing.has(id));
          return ids.length ? `[[${ids.join(', ')}]]` : '';
        });
        counts.citationsRemoved += failing.size;
      }
      const ids = good.length ? good : [...failing];
      claims.push({
        n: claims.length + 1,
        claim,
        passages: ids.map((id) => passages.get(id)!.text),
        at: [pi, si],
        backed: good.length > 0,
      });
    }),
  );
  if (!claims.length) return { paragraphs: split.map((s) => s.join(' ')), counts };
  const plain = claims.map(({ n, claim, passages: texts }) => ({ n, claim, passages: texts }));
  let judged = new Map<number, ClaimVerdicts['verdicts'][number]>();
  if (options.judge === 'model') {
    const reply = await options.calls.call({
      key: options.key,
      task: { kind: 'verify', claims: plain },
      messages: verifyMessages(plain),
      maxTokens: 400 + 150 * claims.length,
      json: { name: 'claim_verdicts', schema: ClaimVerdictsSchema },
    });
    // A claim the judge left out (or an unreadable reply) stands on the deterministic check.
    judged = parseVerdicts(reply.text);
  }
  for (const claim of claims) {
    counts.checked++;
    const verdict = judged.get(claim.n);
    if (claim.backed && verdict?.supported !== false) continue;
    const [pi, si] = claim.at;
    const rewrite = withoutMarkers(verdict?.rewrite ?? '');
    if (rewrite && cleanRewrite(rewrite)) {
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
