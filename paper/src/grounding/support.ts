/**
 * The deterministic support check of a cited statement: the share of its key terms (Snowball
 * stems, sources/relevance.ts) that its cited page holds. A statement retold from its page shares
 * most of its terms (0.7-0.9); a general sentence that merely carries a citation shares a few
 * (0.1-0.3), so half is a clear line between them. Every figure of the statement must stand on the
 * page too (check.ts). It decides before any model judge does, and a judge's "yes" never
 * overrules it (claims.ts).
 */
import { stems } from '../sources/relevance.ts';

export const MIN_SHARED_TERMS = 0.5;

/** The share of the claim's key terms found in the passages. */
export function sharedTerms(claim: string, passages: string[]): number {
  const own = stems(claim);
  if (own.size === 0) return 0;
  const there = stems(passages.join(' '));
  let n = 0;
  for (const s of own) if (there.has(s)) n++;
  return n / own.size;
}
