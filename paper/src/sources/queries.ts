/**
 * The search queries of a paper: the topic and each chapter, in Russian and in English. The
 * outline's model writes them (searchQueries, searchQueriesEn); an outline without English
 * queries (the offline writer, outlines stored before them) gets them from the glossary, and a
 * phrase the glossary cannot translate is searched in Russian only.
 */
import { isCyrillic } from '../bibliography/text.ts';
import type { OutlineWithoutIntroduction } from '../outline/types.ts';
import type { SearchQueries } from './find-works.ts';
import { englishQueryOf } from './glossary.ts';

/** Each language's queries are capped: every query is a request to every database. */
const MAX_QUERIES_PER_LANGUAGE = 5;

const unique = (items: string[]) => [...new Map(items.map((q) => [q.toLowerCase(), q.trim()])).values()].filter(Boolean);

/** Queries for the estimate and other searches that have only a topic. */
export function queriesForTopic(topic: string): SearchQueries {
  const english = isCyrillic(topic) ? englishQueryOf(topic) : topic;
  return { ru: isCyrillic(topic) ? [topic] : [], en: english ? [english] : [] };
}

export function queriesForOutline(
  outline: Pick<OutlineWithoutIntroduction, 'topic' | 'chapters' | 'searchQueries' | 'searchQueriesEn'>,
): SearchQueries {
  const chapterTitles = outline.chapters.map((c) => c.title);
  const fromModel = outline.searchQueries;
  const ru = unique([outline.topic, ...fromModel.filter(isCyrillic), ...chapterTitles]).slice(0, MAX_QUERIES_PER_LANGUAGE);
  const modelEnglish = [...(outline.searchQueriesEn ?? []), ...fromModel.filter((q) => !isCyrillic(q))];
  const english = modelEnglish.length
    ? modelEnglish
    : [outline.topic, ...chapterTitles].map(englishQueryOf).filter((q): q is string => Boolean(q));
  // The estimate's queries are the paper's too: what the order form promised is found again.
  return { ru, en: unique([...queriesForTopic(outline.topic).en, ...english]).slice(0, MAX_QUERIES_PER_LANGUAGE) };
}
