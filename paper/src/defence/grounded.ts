/**
 * Whether what the kit says stands in the paper, decided by code (the engine's own checks of
 * grounding/): a statement is grounded in the fragment it cites when it shares most of its key
 * terms (MIN_SHARED_TERMS) and every number it carries stands in that fragment.
 */
import { MIN_SHARED_TERMS, sharedTerms } from '../grounding/claims.ts';
import { numbersIn } from '../grounding/numbers.ts';
import type { Fragment } from './fragments.ts';

/** Slide numbers, list numbers, «Глава 2» and «Таблица 3» are the kit's own, not the paper's figures. */
const OWN_NUMBERING = /(?:Слайд|Глава|главе|главы|Таблица|таблице|таблицы|Задача)\s+\d+(?:\.\d+)?/giu;

/** The numbers a text states (the kit's own numbering left out). */
export function figuresOf(text: string): string[] {
  return [...numbersIn(text.replace(OWN_NUMBERING, ' ').replace(/\[\[[^\]]*\]\]/g, ' '))];
}

/** The figures of `text` that `source` does not hold. */
export function unfoundFigures(text: string, source: string): string[] {
  const there = numbersIn(source);
  return figuresOf(text).filter((n) => !there.has(n));
}

export function groundedIn(statement: string, fragment: Pick<Fragment, 'text'>): boolean {
  return unfoundFigures(statement, fragment.text).length === 0 && sharedTerms(statement, [fragment.text]) >= MIN_SHARED_TERMS;
}
