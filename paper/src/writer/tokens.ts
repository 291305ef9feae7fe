/** ~1 token per 3 characters of Russian; room for a model that overshoots a little. */
export function tokensFor(chars: number): number {
  return Math.min(16_000, Math.ceil((chars / 2.6) * 1.3) + 200);
}
