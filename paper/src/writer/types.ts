/**
 * A writer turns a task into text. The stages build both a typed task (what to write, from which
 * data) and the chat messages (the Russian prompt): the LLM writer sends the messages, the offline
 * writer composes deterministic text from the task.
 */
import type { ZodTypeAny } from 'zod';
import type { Tariff, UserStructure } from '../input/types.ts';
import type { OutlineBrief } from '../outline/types.ts';

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** A passage of a source as a writer sees it: an id to cite as [[p17]] and the text it may rely on. */
export interface PassageBrief {
  id: string;
  /** The source, as a short description. */
  source: string;
  /** The printed page, null when the work is read without its full text. */
  page: string | null;
  text: string;
}

/** The key points of a written subsection. */
export interface SubsectionDigest {
  number: string;
  title: string;
  digest: string;
}

/** What a subsection written at the same time as another is told of it: what it will cover, from which passages. */
export interface SubsectionPlan {
  number: string;
  title: string;
  /** The passages reserved for it, each as its id and its opening words. */
  passages: { id: string; source: string; gist: string }[];
}

/** A part of a text written in parts side by side (writing/stage.ts): the `index`-th of `of`, from 1. */
export interface TextPart {
  index: number;
  of: number;
}

/** A fragment of the paper a defence kit is made from: an id to cite as [[f12]], its printed page. */
export interface FragmentBrief {
  id: string;
  page: string | null;
  text: string;
}

/** The kinds of question a commission asks at a defence. */
export const DEFENCE_TOPICS = ['relevance', 'novelty', 'methods', 'sources', 'limitations', 'practice', 'numbers'] as const;
export type DefenceTopic = (typeof DEFENCE_TOPICS)[number];

export type WriterTask =
  | { kind: 'outline'; topic: string; userStructure: UserStructure | null; minYear: number }
  /** `part`: one of the parts of its writer's first half written side by side (absent: the whole). */
  | { kind: 'introduction'; outline: OutlineBrief; targetChars: number; part?: TextPart }
  | {
      kind: 'section';
      outline: OutlineBrief;
      chapter: number;
      subsection: number;
      targetChars: number;
      sources: PassageBrief[];
      /** Passages planned for the other subsections (not to be retold here). */
      usedPassages: string[];
      /** The other subsections, written at the same time: what each will cover. */
      plan: SubsectionPlan[];
      /** The works planned to be cited here (at least once each), as the writer is shown them. */
      works: string[];
      /** Which part of the subsection this is (a long text is written in parts side by side). */
      part: TextPart;
      /** The passages hold comparable data: the subsection gives it as one table (sections/prompt.ts, tableWanted). */
      table: boolean;
    }
  | { kind: 'review'; outline: OutlineBrief; chapter: number; texts: { number: string; title: string; text: string }[] }
  | {
      kind: 'revise';
      outline: OutlineBrief;
      chapter: number;
      subsection: number;
      text: string;
      remarks: string[];
      targetChars: number;
      sources: PassageBrief[];
    }
  | { kind: 'verify'; claims: { n: number; claim: string; passages: string[] }[] }
  /** The topic's glossary: the English terms of the planned foreign passages in Russian (source-plan/glossary.ts). */
  | { kind: 'glossary'; topic: string; terms: string[] }
  /** Statements rewritten from their passages, or (no statement) written for a work the list needs (grounding/repair.ts). */
  | { kind: 'repair'; items: { n: number; statement: string; why: string; passage: PassageBrief }[] }
  | { kind: 'chapter-conclusion'; outline: OutlineBrief; chapter: number; digests: SubsectionDigest[]; targetChars: number }
  | { kind: 'conclusion'; outline: OutlineBrief; digests: { number: string; title: string; digest: string }[]; targetChars: number }
  | { kind: 'annotation'; outline: OutlineBrief; digests: SubsectionDigest[]; targetChars: number }
  | { kind: 'defence-slides'; title: string; slides: { id: string; title: string; fragments: FragmentBrief[] }[] }
  | {
      kind: 'defence-speech';
      title: string;
      words: number;
      slides: { number: number; title: string; lines: string[]; words: number; fragments: FragmentBrief[] }[];
    }
  | { kind: 'defence-questions'; title: string; count: number; fragments: FragmentBrief[] }
  | {
      /**
       * A supervisor's remark applied to a section of a delivered paper (a revision round):
       * `rewrite` gives the section's whole new text, `add` paragraphs to insert before its
       * closing, `table` a paragraph referring to a table and the table.
       */
      kind: 'remark';
      mode: 'rewrite' | 'add' | 'table';
      outline: OutlineBrief;
      /** "introduction", "2.1", "conclusion". */
      section: string;
      title: string;
      /** The section's text (rewrite: whole, tables as slots; otherwise its end). */
      text: string;
      /** What the supervisor asked, as the writer is told it. */
      instructions: string[];
      targetChars: number;
      sources: PassageBrief[];
    }
  | {
      kind: 'extend';
      outline: OutlineBrief;
      chapter: number;
      subsection: number;
      round: number;
      tail: string;
      addChars: number;
      sources: PassageBrief[];
      /** The topic's glossary: the Russian of the foreign passages' terms, as the checks will match them. */
      glossary: GlossaryEntry[];
    };

export interface WriterCall {
  /** Stable id of the call within a run: the checkpoint key, also sent to the LLM server as a header. */
  key: string;
  task: WriterTask;
  messages: ChatMessage[];
  tariff: Tariff;
  maxTokens: number;
  /** Structured output: the reply must be JSON of this schema. */
  json?: { name: string; schema: ZodTypeAny };
  signal?: AbortSignal;
  /** Streamed text as it arrives. */
  onDelta?: (chunk: string) => void;
  /** The provider answered 429 (too many requests), before the call backs off and retries: a
   * shared quota shrinks the concurrency it grants. */
  onRateLimited?: (retryAfterMs: number | undefined) => void;
}

export interface WriterReply {
  text: string;
  promptTokens: number;
  completionTokens: number;
  model: string;
  costRub?: number;
}

export interface Writer {
  readonly kind: 'llm' | 'offline';
  complete(call: WriterCall): Promise<WriterReply>;
}

/** An English term of the foreign passages and its Russian equivalent (the topic's glossary). */
export interface GlossaryEntry {
  en: string;
  ru: string;
}

export interface Usage {
  promptTokens: number;
  completionTokens: number;
  /** LLM calls that make up this paper (including those restored from checkpoints). */
  calls: number;
  costRub?: number;
}

/** The run's writer as the stages call it: each call checkpointed, its usage counted (calls.ts). */
export interface CallRunner {
  call(c: Omit<WriterCall, 'tariff' | 'signal'>): Promise<WriterReply>;
  readonly usage: Usage;
  /** Calls made in this process (not restored). */
  readonly fresh: number;
}
