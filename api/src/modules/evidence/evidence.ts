/**
 * «Отчёт об источниках» to a paper's owner: of the version the preview shows (a demo its own; a
 * bought full paper its newest version, the one the cabinet's «Скачать» gives) and of any version
 * of a bought paper. Anyone else gets 404, as for the paper's other files.
 */
import { fileNameOf, type EvidenceReport } from '@app/contract';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../errors.ts';
import { evidenceFileKey, type Storage } from '../../storage/storage.ts';
import type { SessionOwner } from '../accounts/sessions.ts';
import type { Paper } from '../papers/entities.ts';
import { downloadable, ownPaper } from '../papers/papers.ts';
import { PaperVersion } from '../versions/entities.ts';
import { readEvidence } from './store.ts';

/** One version of a paper as a report or a link shows it. */
export interface ShownVersion {
  /** A bought paper's version; null: a demo's own files (a demo has no versions). */
  number: number | null;
  pdfKey: string | null;
  evidenceKey: string | null;
  pageCount: number | null;
}

/** The version the preview shows: a demo's own (null), a full paper's newest (1 when it has no versions recorded). */
export async function shownVersionNumber(em: EntityManager, paper: Paper): Promise<number | null> {
  if (paper.type === 'demo') return null;
  const [newest] = await em.execute<{ number: number | null }[]>('select max(number) as number from paper_versions where paper_id = ?', [
    paper.id,
  ]);
  return newest?.number ?? 1;
}

/** Version `number` of the paper (null: a demo's own); a version of a paper not bought, or one that does not exist, is 404. */
export async function versionOf(em: EntityManager, paper: Paper, number: number | null): Promise<ShownVersion> {
  const own = { pdfKey: paper.pdfKey ?? null, evidenceKey: paper.evidenceKey ?? null, pageCount: paper.pageCount ?? null };
  if (number === null) {
    if (paper.type !== 'demo') throw new AppError('version_not_found');
    return { number: null, ...own };
  }
  if (paper.type === 'demo') throw new AppError('version_not_found');
  if (!downloadable(paper)) throw new AppError('docx_not_paid');
  const version = await em.findOne(PaperVersion, { paper: paper.id, number });
  if (version) return { number, pdfKey: version.pdfKey, evidenceKey: version.evidenceKey ?? null, pageCount: version.pageCount ?? null };
  // A paper delivered before versions were kept is version 1 of its own files.
  if (number === 1 && !(await em.count(PaperVersion, { paper: paper.id }))) return { number: 1, ...own };
  throw new AppError('version_not_found');
}

/** The report's key of a version, or 404 with why there is none. */
export function evidenceKeyOfVersion(version: ShownVersion): string {
  if (!version.evidenceKey) throw new AppError('evidence_unavailable');
  return version.evidenceKey;
}

/** The name a file of a version downloads under: the paper's title, and the version after the first. */
export const versionFileName = (title: string, number: number | null, extension: 'pdf' | 'docx', report = false) =>
  `${report ? 'Отчёт об источниках — ' : ''}${fileNameOf(title)}${number !== null && number > 1 ? ` (версия ${number})` : ''}.${extension}`;

/** `version`: a bought paper's version, or 'shown' for the one the preview shows. */
export type VersionChoice = number | 'shown';

async function ownVersion(em: EntityManager, owner: SessionOwner, paperId: number, choice: VersionChoice) {
  const paper = await ownPaper(em, owner.userId, paperId);
  const version = await versionOf(em, paper, choice === 'shown' ? await shownVersionNumber(em, paper) : choice);
  return { paper, version, key: evidenceKeyOfVersion(version) };
}

export async function ownEvidenceReport(
  em: EntityManager,
  storage: Storage,
  owner: SessionOwner,
  paperId: number,
  choice: VersionChoice,
): Promise<EvidenceReport> {
  const { key } = await ownVersion(em, owner, paperId, choice);
  return readEvidence(storage, key);
}

/** The report of a version as a .docx or a PDF, named after the paper. */
export async function openOwnEvidenceFile(
  em: EntityManager,
  storage: Storage,
  owner: SessionOwner,
  paperId: number,
  choice: VersionChoice,
  file: 'docx' | 'pdf',
) {
  const { paper, version, key } = await ownVersion(em, owner, paperId, choice);
  return { ...(await storage.open(evidenceFileKey(key, file))), fileName: versionFileName(paper.title, version.number, file, true) };
}
