/** The paper's outline: what the outline stage produces and every later stage writes to. */

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
}

/** The outline as the outline stage makes it: the introduction is written later, by the writing stage. */
export type OutlineWithoutIntroduction = Omit<Outline, 'introduction'>;

/** What a writer is told about the paper it writes a part of. */
export type OutlineBrief = Pick<Outline, 'topic' | 'title' | 'keywords' | 'chapters' | 'goal' | 'tasks' | 'object' | 'subject' | 'methods'>;
