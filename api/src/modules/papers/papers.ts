/** The user's papers: list, detail, files. Owner only; anything else is 404. */
import type { PaperDetail, PaperListItem, PaperSort, PaperType } from '@app/contract';
import { LIMITS } from '@app/contract';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../errors.ts';
import type { Storage } from '../../storage/storage.ts';
import type { AuthSession } from '../accounts/sessions.ts';
import { Paper } from './entities.ts';

const ORDER: Record<PaperSort, Record<string, 'asc' | 'desc'>> = {
  id_desc: { id: 'desc' },
  id_asc: { id: 'asc' },
  title_asc: { title: 'asc', id: 'asc' },
  title_desc: { title: 'desc', id: 'desc' },
};

/** A full paper that was paid for can be downloaded as .docx; a demo never. */
export const downloadable = (p: Pick<Paper, 'type' | 'paidAt' | 'docxKey'>) => p.type === 'full' && !!p.paidAt && !!p.docxKey;
export const docxUrl = (id: number) => `/api/v1/papers/${id}/docx/`;
export const previewUrl = (id: number) => `/api/v1/papers/${id}/preview.pdf`;

export async function listPapers(
  em: EntityManager,
  session: AuthSession,
  q: { offset: number; search?: string; paper_type: PaperType; order_by: PaperSort },
): Promise<{ papers: PaperListItem[]; total_count: number }> {
  const search = q.search?.trim();
  const where = {
    user: session.user.id,
    type: q.paper_type,
    ...(search ? { title: { $ilike: `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` } } : {}),
  };
  const [rows, total] = await em.findAndCount(Paper, where, { orderBy: ORDER[q.order_by], offset: q.offset, limit: LIMITS.papers.pageSize });
  return {
    papers: rows.map((p) => ({ id: p.id, title: p.title, annotation: p.annotation, download_url: downloadable(p) ? docxUrl(p.id) : null })),
    total_count: total,
  };
}

async function ownPaper(em: EntityManager, session: AuthSession, id: number): Promise<Paper> {
  const paper = await em.findOne(Paper, { id, user: session.user.id });
  if (!paper) throw new AppError('paper_not_found');
  return paper;
}

export async function paperDetail(em: EntityManager, session: AuthSession, id: number): Promise<PaperDetail> {
  const p = await ownPaper(em, session, id);
  return {
    id: p.id,
    download_url: p.pdfKey ? previewUrl(p.id) : null,
    structure: p.structure,
    annotation: p.annotation,
    title: p.title,
    options: p.options,
    type: p.type,
    generation_model: p.plan,
  };
}

/** The .docx of a paid full paper, with a file name made from its title. */
export async function openDocx(em: EntityManager, storage: Storage, session: AuthSession, id: number) {
  const p = await ownPaper(em, session, id);
  if (!downloadable(p)) throw new AppError('docx_not_paid');
  return { ...(await storage.open(p.docxKey!)), fileName: `${fileNameOf(p.title)}.docx` };
}

export async function openPreview(em: EntityManager, storage: Storage, session: AuthSession, id: number) {
  const p = await ownPaper(em, session, id);
  if (!p.pdfKey) throw new AppError('preview_unavailable');
  return { ...(await storage.open(p.pdfKey)), fileName: `${fileNameOf(p.title)}.pdf` };
}

/** A title as a file name: no path or control characters, at most 150 characters. */
export function fileNameOf(title: string): string {
  const clean = title.replace(/[\\/:*?"<>|\u0000-\u001f]+/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 150);
  return clean || 'Работа';
}

/** RFC 6266: an ASCII fallback and the UTF-8 name. */
export const contentDisposition = (fileName: string, kind: 'attachment' | 'inline') =>
  `${kind}; filename="${fileName.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, '')}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
