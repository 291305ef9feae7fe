/** What a paper is ordered with: the engine's input. */
import type { PaperType, Tariff } from '@app/contract';
import type { Outline } from '../outline/types.ts';

/** The tariff: the professional one adds a review pass and uses a stronger model. */
export type { PaperType, Tariff } from '@app/contract';

/** The user's own table of contents: exactly 3 chapters, each [title, subsection titles (3-4)]. */
export type UserStructure = [string, string[]][];

/** A file the user attached: its extracted text (PDF pages separated by "\f") and the user's GOST citation. */
export interface AttachedSource {
  text: string;
  citation: string;
  fileName: string;
  /** A PDF's page labels (what a viewer shows as page numbers), when the file has them. */
  pageLabels?: (string | null)[] | null;
}

export interface PaperInput {
  topic: string;
  type: PaperType;
  tariff: Tariff;
  useFootnotes: boolean;
  /** Split bibliography into groups; only allowed together with footnotes. */
  separateBibliography: boolean;
  minPublicationYear: number;
  /** Pages of the full paper, 80-120. */
  requiredVolume: number;
  userStructure: UserStructure | null;
  attachedSources: AttachedSource[];
  /** The `outline` of an earlier demo run: the full paper keeps its title, annotation, structure and introduction. */
  fromDemo?: Outline;
  /** The title page's details the order gives; what is absent is printed as a line to fill in. */
  titlePage?: TitlePageInfo;
  /** End the paper with an appendix stating how AI assisted (the order form's box, ticked by default). */
  aiAppendix?: boolean;
}

export interface TitlePageInfo {
  /** The ministry's full name; default: Министерство науки и высшего образования Российской Федерации. */
  ministry?: string;
  /** The university. */
  organization?: string;
  faculty?: string;
  department?: string;
  /** e.g. "Выпускная квалификационная работа" (default) or "Курсовая работа". */
  workKind?: string;
  /** "Иванова А. С." */
  student?: string;
  group?: string;
  /** "канд. экон. наук, доцент Петров П. П." */
  supervisor?: string;
  headOfDepartment?: string;
  city?: string;
}
