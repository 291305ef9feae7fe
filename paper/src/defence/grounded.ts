/**
 * Whether what the kit says stands in the paper, decided by code with the engine's own checks
 * (grounding/): a statement is grounded in the fragments it cites when they hold every figure it
 * states (numbers.ts), most of its key terms (support.ts) and every person or work it names
 * (names.ts: a name the cited fragments do not hold is one the model made up).
 */
import { unaccountedNames, vocabularyOf, type NameContext } from '../grounding/names.ts';
import { figuresNotOn, numbersIn } from '../grounding/numbers.ts';
import { MIN_SHARED_TERMS, sharedTerms } from '../grounding/support.ts';
import type { Fragment } from './fragments.ts';

/** Slide numbers, list numbers, «Глава 2» and «Таблица 3» are the kit's own, not the paper's figures. */
const OWN_NUMBERING = /(?:Слайд|Глава|главе|главы|Таблица|таблице|таблицы|Задача)\s+\d+(?:\.\d+)?/giu;

/** A text without the kit's own numbering and without citation markers. */
const withoutOwnNumbers = (text: string) => text.replace(OWN_NUMBERING, ' ').replace(/\[\[[^\]]*\]\]/g, ' ');

/** The numbers a text states (the kit's own numbering left out). */
export function figuresOf(text: string): string[] {
  return [...numbersIn(withoutOwnNumbers(text))];
}

export type GroundCheck = (statement: string, cited: Pick<Fragment, 'text'>[]) => boolean;

/** The check of a paper's statements: the paper's own words may be named as words (not as persons). */
export function groundCheckOf(fragments: Pick<Fragment, 'text'>[]): GroundCheck {
  const texts = fragments.map((f) => f.text);
  const names: NameContext = { persons: [], titles: [], vocabulary: vocabularyOf(texts), texts: [] };
  return (statement, cited) => {
    const sources = cited.map((f) => f.text);
    return (
      cited.length > 0 &&
      figuresNotOn(figuresOf(statement), sources.map(withoutOwnNumbers)).length === 0 &&
      sharedTerms(statement, sources) >= MIN_SHARED_TERMS &&
      unaccountedNames(statement, names, sources).length === 0
    );
  };
}
