/**
 * Every sentence that cites a passage is checked against its cited page, deterministically first
 * (support.ts: its key terms, and every figure it gives, on the page; a foreign page through the
 * topic's glossary): a citation the page does not back goes, and a statement left with none is
 * unsupported. Then, for an LLM writer, a model judge — a separate call that sees only each claim
 * and its passages — may find more unsupported; its "yes" never overrules a failed deterministic
 * check. An unsupported claim is first rewritten from its cited passage (repair.ts, one call for
 * the text, checked again by the same rules); what fails again is rewritten without the citation
 * (the judge's rewrite, when it carries no figure and no name) or removed together with its
 * sentence: a citation is never just dropped from a claim it does not back.
 */
import { z } from 'zod';
import type { ClaimCounts } from './types.ts';
import { stems } from '../sources/relevance.ts';
import { glossaryLine } from '../source-plan/glossary.ts';
import type { ChatMessage, GlossaryEntry, CallRunner } from '../writer/types.ts';
import { isTable } from '../text/tables.ts';
import { keepKnownMarkers, withoutMarkers } from '../passages/markers.ts';
import type { Passage } from '../passages/types.ts';
import { citedFigures, pageText, type Citation } from './check.ts';
import { groundingSources, markerCitations } from './data.ts';
import { namedIn } from './names.ts';
import { figuresNotOn, normalNumber, ungroundedNumbers, type Grounding } from './numbers.ts';
import { repairStatements, type RepairItem } from './repair.ts';
import { MIN_SHARED_TERMS, sharedTerms } from './support.ts';

export const noClaims = (): ClaimCounts => ({ checked: 0, rewritten: 0, repaired: 0, removed: 0, citationsRemoved: 0 });
/** Counts kept before repairs were counted (a stored snapshot) read as none. */
export const addClaims = (a: ClaimCounts, b: ClaimCounts): ClaimCounts => ({
  checked: a.checked + b.checked,
  rewritten: a.rewritten + b.rewritten,
  repaired: (a.repaired ?? 0) + (b.repaired ?? 0),
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

export function verifyMessages(claims: Claim[], glossary: readonly GlossaryEntry[] = []): ChatMessage[] {
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
        claims
          .map(
            (c) =>
              `Утверждение ${c.n}: ${c.claim}\nФрагмент источника:\n${c.passages.join('\n---\n')}${glossaryLine(c.passages.join(' '), glossary)}`,
          )
          .join('\n\n'),
    },
  ];
}

/** Sentences: a split after a stop followed by a capital (a marker before the stop stays with its sentence). */
const SENTENCE_END = /(?<=[.!?…])\s+(?=[«"(\p{Lu}\d])/u;

/** A judge's rewrite stands only without a figure or a name of its own (it cites nothing). */
const cleanRewrite = (text: string) => stems(text).size > 0 && !/\d/.test(text) && !namedIn(text).length;

/** Why a cited page does not back a statement, as a writer asked to repair it is told. */
const WHY = {
  figure: 'в утверждении есть число, которого нет на цитируемой странице',
  support: 'цитируемый фрагмент этого не говорит',
  judge: 'проверка сочла, что фрагмент этого не подтверждает',
} as const;

/**
 * Checks the cited sentences of a subsection. `key` names the judge's writer call (a checkpoint),
 * so it must differ for every version of the text that is checked; `repairKey`, when given, names
 * the call that rewrites the failed statements from their passages (without it they are removed).
 */
export async function verifyClaims(options: {
  key: string;
  repairKey?: string;
  paragraphs: string[];
  passages: Map<string, Passage>;
  calls: CallRunner;
  judge: 'model' | 'lexical';
  /** What a statement's figures are told from (the outline's numbers, the paper's numbering); none by default. */
  grounding?: Pick<Grounding, 'allowed' | 'numbering'>;
  /** The topic's glossary: a statement on a foreign page is matched through it. */
  glossary?: readonly GlossaryEntry[];
}): Promise<{ paragraphs: string[]; counts: ClaimCounts }> {
  const { passages } = options;
  const glossary = options.glossary ?? [];
  const counts = noClaims();
  const citations = markerCitations(passages);
  const sources = groundingSources(
    [...new Set([...passages.values()].map((p) => p.sourceId))].map((id) => ({ id, attached: false, authors: [], title: '' })),
    [...passages.values()],
  );
  const { allowed, numbering } = options.grounding ?? { allowed: new Set<string>(), numbering: new Set<string>() };
  const figuresOf = (text: string) => ungroundedNumbers(text, allowed, numbering).map(normalNumber);
  /** Why the cited page does not hold the claim's figures or key terms; null when it does. */
  const fault = (claim: string, c: Citation, figures: string[]): keyof typeof WHY | null => {
    const text = pageText({ sources }, c);
    if (text === undefined) return 'support';
    if (figuresNotOn(figures, [text]).length) return 'figure';
    return sharedTerms(claim, [text], glossary) >= MIN_SHARED_TERMS ? null : 'support';
  };
  // A table is one unit: its cells are data, each number grounded in the passages its row cites
  // (numbers.ts), not claims to judge one by one.
  const split = options.paragraphs.map((p) => {
    const known = keepKnownMarkers(p, passages);
    return isTable(p) ? [known] : known.split(SENTENCE_END);
  });
  const claims: (Claim & { at: [number, number]; backed: boolean; refs: string[]; failed: { ref: string; why: keyof typeof WHY }[] })[] =
    [];
  split.forEach((sentences, pi) =>
    sentences.forEach((sentence, si) => {
      if (isTable(options.paragraphs[pi])) return;
      const spans = citations(sentence);
      if (!spans.length) return;
      const { claim, groups } = citedFigures(sentence, spans, figuresOf);
      const failed = groups.flatMap((g) =>
        g.cites.flatMap((c) => {
          const why = fault(g.claim, c, g.figures);
          return why ? [{ ref: c.ref, why }] : [];
        }),
      );
      const failing = new Set(failed.map((f) => f.ref));
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
        refs: ids,
        failed,
      });
    }),
  );
  if (!claims.length) return { paragraphs: split.map((s) => s.join(' ')), counts };
  const plain = claims.map(({ n, claim, passages: texts }) => ({ n, claim, passages: texts }));
  /** Rewrites of the claims from the passage they cite (the first that fails), checked against its page. */
  const repair = (list: typeof claims, key: string, why?: keyof typeof WHY): Promise<Map<number, string>> => {
    if (!options.repairKey || !list.length) return Promise.resolve(new Map());
    const items = list.flatMap((c): RepairItem[] => {
      const fault = c.failed[0] ?? { ref: c.refs[0], why: 'judge' as const };
      const passage = passages.get(fault.ref);
      const page = passage && pageText({ sources }, { source: passage.sourceId, page: passage.page });
      if (!passage || page === undefined) return [];
      return [
        {
          n: c.n,
          statement: c.claim,
          why: WHY[why ?? fault.why],
          passage: { id: passage.id, source: passage.sourceId, page: passage.page, text: passage.text },
          page,
        },
      ];
    });
    return repairStatements({ key, items, calls: options.calls, glossary, allowed, numbering });
  };
  // The judge and the repair of what the deterministic check failed go at the same time.
  const [judged, repaired] = await Promise.all([
    options.judge === 'model'
      ? options.calls
          .call({
            key: options.key,
            task: { kind: 'verify', claims: plain },
            messages: verifyMessages(plain, glossary),
            maxTokens: 400 + 150 * claims.length,
            json: { name: 'claim_verdicts', schema: ClaimVerdictsSchema },
          })
          // A claim the judge left out (or an unreadable reply) stands on the deterministic check.
          .then((reply) => parseVerdicts(reply.text))
      : Promise.resolve(new Map<number, ClaimVerdicts['verdicts'][number]>()),
    repair(
      claims.filter((c) => !c.backed),
      options.repairKey ?? '',
    ),
  ]);
  // What the judge found unsupported that the deterministic check passed is repaired the same way.
  const doubted = claims.filter((c) => c.backed && judged.get(c.n)?.supported === false);
  for (const [n, text] of await repair(doubted, `${options.repairKey}:judged`, 'judge')) repaired.set(n, text);
  for (const claim of claims) {
    counts.checked++;
    const verdict = judged.get(claim.n);
    if (claim.backed && verdict?.supported !== false) continue;
    const [pi, si] = claim.at;
    const rewrite = withoutMarkers(verdict?.rewrite ?? '');
    const fixed = repaired.get(claim.n);
    if (fixed) {
      split[pi][si] = fixed;
      counts.repaired++;
    } else if (rewrite && cleanRewrite(rewrite)) {
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
