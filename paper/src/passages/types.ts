/** What the reading stage hands to the writing stages and the result: the sources read as passages. */
import type { LookupAddress } from 'node:dns';

/** A source's text cut into passages (split.ts). */
export interface Passage {
  /** "p17": what a writer cites. */
  id: string;
  /** The source ("S3"). */
  sourceId: string;
  /** The printed page, or null when the work is read without a full text. */
  page: string | null;
  text: string;
}

/** How the pages of a full text are numbered (printed-pages.ts). */
export type PageNumbering = 'journal' | 'labels' | 'printed' | 'index';

/** How a source was read: its full text with pages numbered so, a text without pages, or the abstract only. */
export type ReadAs = PageNumbering | 'text' | 'abstract';

export interface PaperPassages {
  list: Passage[];
  byId: Map<string, Passage>;
  /** Source id -> how it was read. */
  readAs: Record<string, ReadAs>;
  /** Subsection ("1.2") -> the ids of the passages it is written from. */
  assigned: Record<string, string[]>;
}

/** Where downloaded full texts are kept (full-texts.ts). */
export interface FullTextStore {
  get(key: string): Promise<Uint8Array | undefined>;
  put(key: string, bytes: Uint8Array): Promise<void>;
}

/** How host names are resolved: the system's resolver, or a test's own. */
export type Resolve = (hostname: string) => Promise<LookupAddress[]>;

export interface HostPolicy {
  /** Tests only: their stand-ins listen on loopback (127.0.0.0/8, ::1); nothing else private opens. */
  loopback: boolean;
  resolve?: Resolve;
}

export interface DownloadLimits extends HostPolicy {
  /** Larger files are whole issues or books: not read. */
  maxBytes: number;
  /** A repository slower than this is skipped (the work is cited without a page). */
  timeoutMs: number;
}
