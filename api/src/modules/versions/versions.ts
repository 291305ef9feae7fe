/**
 * A paper's versions: version 1 recorded when the full paper is delivered (with the state a
 * revision round starts from), the later ones by the rounds; their files served to the owner only.
 */
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import { fileNameOf, type PaperVersion as PaperVersionItem } from '@app/contract';
import { isSnapshot, type PaperSnapshot } from '@app/paper';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../errors.ts';
import type { Storage } from '../../storage/storage.ts';
import type { SessionOwner } from '../accounts/sessions.ts';
import { Paper } from '../papers/entities.ts';
import { downloadable, ownPaper } from '../papers/papers.ts';
import { PaperVersion } from './entities.ts';

/** A round's files, under the order that made them (one order, one version). */

export async function storeSnapshot(storage: Storage, key: string, snapshot: PaperSnapshot): Promise<void> {
  await storage.put(key, await promisify(gzip)(JSON.stringify(snapshot)), 'application/gzip');
}

export async function readSnapshot(storage: Storage, key: string): Promise<PaperSnapshot> {
  const parsed: unknown = JSON.parse((await promisify(gunzip)(await storage.get(key))).toString('utf8'));
  if (!isSnapshot(parsed)) throw new Error(`${key}: not a paper's state`);
  return parsed;
}

/** Version 1 of a full paper: recorded in the transaction that delivers it. */
export function recordFirstVersion(em: EntityManager, paper: Paper, stateKey: string): void {
  em.create(PaperVersion, {
    paper,
    number: 1,
    docxKey: paper.docxKey!,
    pdfKey: paper.pdfKey!,
    stateKey,
    pageCount: paper.pageCount,
    normocontrol: paper.normocontrol,
    originality: paper.originality,
    sources: paper.sources,
    evidenceKey: paper.evidenceKey,
    order: paper.orderId,
  });
}

const url = (paperId: number, version: number, file: 'docx/' | 'preview.pdf' | 'report/') =>
  `/api/v1/papers/${paperId}/versions/${version}/${file}`;

/** The versions of a purchased full paper, newest first; a paper delivered before versions were kept is version 1 of its own files. */
export async function versionsOf(em: EntityManager, paper: Paper): Promise<PaperVersionItem[]> {
  const rows = await em.find(PaperVersion, { paper: paper.id }, { orderBy: { number: 'desc' } });
  const list = rows.length
    ? rows.map((v) => ({ number: v.number, createdAt: v.createdAt, pageCount: v.pageCount ?? null, report: v.reportKey !== null }))
    : [{ number: 1, createdAt: paper.createdAt, pageCount: paper.pageCount ?? null, report: false }];
  return list.map((v) => ({
    number: v.number,
    created_at: v.createdAt.toISOString(),
    page_count: v.pageCount,
    download_url: url(paper.id, v.number, 'docx/'),
    preview_url: url(paper.id, v.number, 'preview.pdf'),
    report_url: v.report ? url(paper.id, v.number, 'report/') : null,
  }));
}

/** A file of a version: the .docx, the preview, or the round's «Лист доработок». */
export async function openVersionFile(
  em: EntityManager,
  storage: Storage,
  owner: SessionOwner,
  id: number,
  number: number,
  file: 'docx' | 'pdf' | 'report',
) {
  const paper = await ownPaper(em, owner.userId, id);
  if (!downloadable(paper)) throw new AppError('docx_not_paid');
  const version = await em.findOne(PaperVersion, { paper: paper.id, number });
  const legacy = !version && number === 1 && !(await em.count(PaperVersion, { paper: paper.id }));
  const key =
    file === 'docx'
      ? (version?.docxKey ?? (legacy ? paper.docxKey : null))
      : file === 'pdf'
        ? (version?.pdfKey ?? (legacy ? paper.pdfKey : null))
        : (version?.reportKey ?? null);
  if (!key) throw new AppError('version_not_found');
  const base = `${fileNameOf(paper.title)}${number > 1 ? ` (версия ${number})` : ''}`;
  const fileName = file === 'report' ? `Лист доработок — ${base}.docx` : `${base}.${file === 'pdf' ? 'pdf' : 'docx'}`;
  return { ...(await storage.open(key)), fileName };
}
