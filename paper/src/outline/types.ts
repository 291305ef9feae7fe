/** The paper's outline: what the outline stage produces and every later stage writes to. */
import type { FoundWork } from '../bibliography/types.ts';

export interface OutlineChapter {
  title: string;
  subsections: string[];
}

/**
 * The outline of a paper. JSON-serialisable: the worker stores it with a demo and passes it back
 * as `fromDemo` when the full version is bought.
 */
export interface Outline {
  version: 1;
  topic: string;
  title: string;
  annotation: string;
  keywords: string[];
  chapters: OutlineChapter[];
  goal: string;
  tasks: string[];
  object: string;
  subject: string;
  methods: string[];
  /** Queries for the bibliographic search, Russian and English. */
  searchQueries: string[];
  /** English queries for the same search (absent in outlines stored before they were asked for). */
  searchQueriesEn?: string[];
  /** The introduction's text (paragraphs separated by blank lines), written once and kept for the full paper. */
  introduction: string;
  /** A demo's chapter 1, kept in its full version (demo/kept-chapter.ts); absent in outlines stored before. */
  keptChapter?: KeptChapter;
}

export interface KeptPassage {
  id: string;
  page: string | null;
  text: string;
  /** A found work, or the citation of the user's file. */
  source: { found: FoundWork } | { attached: string };
}

export interface KeptChapter {
  /** The chapter's subsections in order, each as paragraphs citing the kept passages. */
  subsections: string[][];
  passages: KeptPassage[];
}

/** The outline as the outline stage makes it: the introduction is written later, by the writing stage. */
export type OutlineWithoutIntroduction = Omit<Outline, 'introduction' | 'keptChapter'>;

/** What a writer is told about the paper it writes a part of. */
export type OutlineBrief = Pick<Outline, 'topic' | 'title' | 'keywords' | 'chapters' | 'goal' | 'tasks' | 'object' | 'subject' | 'methods'>;
