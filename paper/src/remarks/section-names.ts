/**
 * How the «Лист доработок» names a section of the paper: in the cases its sentences need, and with
 * the gender a short participle agrees with — «Введение переработано», «П. 2.1 переработан»,
 * «Глава 2 переработана» (not «Введение переработан»).
 */
import type { SectionKey } from './types.ts';

export type Gender = 'masculine' | 'feminine' | 'neuter';

export interface SectionNoun {
  /** «введение», «п. 2.1», «глава 2». */
  nominative: string;
  /** «введения», «п. 2.1», «главы 2» (в конце …, из …, по теме …). */
  genitive: string;
  /** With its preposition: «во введении», «в п. 2.1», «в главе 2». */
  inside: string;
  gender: Gender;
}

/** A section's key as the report names it: "introduction", "conclusion", a chapter ("2"), a subsection ("2.1"). */
export function sectionNoun(key: SectionKey): SectionNoun {
  if (key === 'introduction') return { nominative: 'введение', genitive: 'введения', inside: 'во введении', gender: 'neuter' };
  if (key === 'conclusion') return { nominative: 'заключение', genitive: 'заключения', inside: 'в заключении', gender: 'neuter' };
  if (/^\d+$/.test(key)) return { nominative: `глава ${key}`, genitive: `главы ${key}`, inside: `в главе ${key}`, gender: 'feminine' };
  // «п.» is «пункт»: masculine, and the abbreviation is the same in every case.
  return { nominative: `п. ${key}`, genitive: `п. ${key}`, inside: `в п. ${key}`, gender: 'masculine' };
}

/** A short participle agreeing with its noun, from its masculine form: «переработан» → «переработана», «переработано»; «сокращён» → «сокращена». */
export function agreeing(masculine: string, gender: Gender): string {
  if (gender === 'masculine') return masculine;
  return `${masculine.replace(/ён$/, 'ен')}${gender === 'feminine' ? 'а' : 'о'}`;
}

/** «введение переработано», «п. 2.1 сокращён»: a section and what was done to it (the participle given in the masculine). */
export function sectionDone(key: SectionKey, masculine: string): string {
  const noun = sectionNoun(key);
  return `${noun.nominative} ${agreeing(masculine, noun.gender)}`;
}

/** «введение, п. 2.1». */
export const sectionList = (keys: SectionKey[]) => keys.map((k) => sectionNoun(k).nominative).join(', ');
/** «введения, п. 2.1» (по теме …). */
export const sectionListGenitive = (keys: SectionKey[]) => keys.map((k) => sectionNoun(k).genitive).join(', ');
/** «во введении, в п. 2.1». */
export const insideSections = (keys: SectionKey[]) => keys.map((k) => sectionNoun(k).inside).join(', ');
