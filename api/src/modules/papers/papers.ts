/** The user's papers: list, detail, files. Owner only; anything else is 404. */
import type { PaperDetail, PaperListItem, PaperSort, PaperType } from '@app/contract';
import { fileNameOf, LIMITS, paperOptions, paperOriginality, paperSource, paperStructure } from '@app/contract';
import { z } from 'zod';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../errors.ts';
import type { Storage } from '../../storage/storage.ts';
import type { SessionOwner } from '../accounts/sessions.ts';
import type { Sql } from '../../db/orm.ts';
import { Paper } from './entities.ts';

const ORDER: Record<PaperSort, string> = {
  id_desc: 'p.id desc',
  id_asc: 'p.id asc',
  title_asc: 'p.title asc, p.id asc',
  title_desc: 'p.title desc, p.id desc',
};

/** The bought full version of a demo `p`, when it has been written (a correlated subquery). */
const FULL_VERSION = `select f.id from papers f where f.source_paper_id = p.id and f.type = 'full' and f.paid_at is not null and f.docx_key is not null order by f.id desc limit 1`;

/** A full paper that was paid for can be downloaded as .docx; a demo never. */
export const downloadable = (p: Pick<Paper, 'type' | 'paidAt' | 'docxKey'>) => p.type === 'full' && !!p.paidAt && !!p.docxKey;
/** The paper whose .docx a list row downloads, in SQL: for a demo its bought full version (the
 * subquery runs for demos only), for a full paper itself when `downloadable`. */
const DOWNLOAD_ID = `case when p.type = 'demo' then (${FULL_VERSION})
  when p.type = 'full' and p.paid_at is not null and p.docx_key is not null then p.id end`;
const docxUrl = (id: number) => `/api/v1/papers/${id}/docx/`;
const previewUrl = (id: number) => `/api/v1/papers/${id}/preview.pdf`;
const sourceFileUrl = (id: number, n: number) => `/api/v1/papers/${id}/sources/${n}/file/`;

/** One page of the owner's papers of one kind, and how many there are. The cabinet asks on every
 * visit, so it is one plain query returning exactly the page's fields (no entities), the count
 * beside each row; only a page past the end asks for the count apart. */
export async function listPapers(
  sql: Sql,
  ownerId: number,
  q: { offset: number; search?: string; paper_type: PaperType; order_by: PaperSort },
): Promise<{ papers: PaperListItem[]; total_count: number }> {
  const search = q.search?.trim();
  const where = `p.user_id = ? and p.type = ?${search ? ` and p.title ilike ?` : ''}`;
  const params: unknown[] = [ownerId, q.paper_type, ...(search ? [`%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`] : [])];
  const rows = await sql.execute<{ id: number; title: string; annotation: string; download_id: number | null; total: number }[]>(
    `select p.id, p.title, p.annotation, ${DOWNLOAD_ID} as download_id, (count(*) over ())::int as total
     from papers p where ${where} order by ${ORDER[q.order_by]} limit ? offset ?`,
    [...params, LIMITS.papers.pageSize, q.offset],
  );
  const total =
    rows[0]?.total ??
    (q.offset === 0
      ? 0
      : (await sql.execute<{ total: number }[]>(`select count(*)::int as total from papers p where ${where}`, params))[0].total);
  return {
    papers: rows.map((p) => ({
      id: p.id,
      title: p.title,
      annotation: p.annotation,
      download_url: p.download_id === null ? null : docxUrl(p.download_id),
    })),
    total_count: total,
  };
}

/** The user's paper; anyone else's is 404 (a stranger learns nothing). */
export async function ownPaper(em: EntityManager, userId: number, id: number): Promise<Paper> {
  const paper = await em.findOne(Paper, { id, user: userId });
  if (!paper) throw new AppError('paper_not_found');
  return paper;
}

/** Whether the full version of this demo has been bought (paid for and generated, or on its way)
 * by another order. */
export async function demoAlreadyBought(em: EntityManager, demoId: number, exceptOrderId: string | null = null): Promise<boolean> {
  const rows = await em.execute<unknown[]>(
    `select 1 from orders o
     where o.source_paper_id = ? and o.id is distinct from ? and o.status in ('queued', 'generating', 'completed')
       and not exists (select 1 from refunds r where r.order_id = o.id and r.status <> 'canceled')
     limit 1`,
    [demoId, exceptOrderId],
  );
  return rows.length > 0;
}

/** A demo's bought full version: its .docx once written, null while on its way; null if not bought. */
async function fullVersionOf(em: EntityManager, demo: Paper): Promise<PaperDetail['full_version']> {
  if (demo.type !== 'demo') return null;
  const [written] = await em.execute<{ id: number }[]>(FULL_VERSION.replace('p.id', '?'), [demo.id]);
  if (written) return { download_url: docxUrl(written.id) };
  return (await demoAlreadyBought(em, demo.id)) ? { download_url: null } : null;
}

export async function paperDetail(em: EntityManager, owner: SessionOwner, id: number): Promise<PaperDetail> {
  const p = await ownPaper(em, owner.userId, id);
  const shown = await shownVersionOf(em, p);
  return {
    id: p.id,
    download_url: p.pdfKey ? previewUrl(p.id) : null,
    // Stored JSON is checked on the way out: a damaged row fails here, not in a client.
    structure: paperStructure.parse(p.structure),
    annotation: p.annotation,
    title: p.title,
    options: paperOptions.parse(p.options),
    type: p.type,
    generation_model: p.tariff,
    full_version: await fullVersionOf(em, p),
    // A user's file opens through our own download of it (papers stored before it kept the file's place: none).
    sources: z
      .array(paperSource)
      .parse(
        shown.sources.map((s) =>
          s.verified_by === 'user_file' && s.attached_index !== undefined ? { ...s, url: sourceFileUrl(p.id, s.number) } : s,
        ),
      ),
    originality: shown.originality ? paperOriginality.parse(shown.originality) : null,
  };
}

/** A bought paper's newest version: a revised paper is shown and downloaded as it (the others from
 * its versions list). Read by SQL: versions are a module above papers. */
export async function newestVersionOf(em: EntityManager, p: Paper) {
  const [latest] = await em.execute<
    {
      docx_key: string;
      pdf_key: string;
      evidence_key: string | null;
      sources: Paper['sources'];
      originality: Paper['originality'];
    }[]
  >('select docx_key, pdf_key, evidence_key, sources, originality from paper_versions where paper_id = ? order by number desc limit 1', [
    p.id,
  ]);
  return latest;
}

/** The list of sources and the originality check the paper's page shows and its source files are
 * found by: the newest version's, which is what «Скачать» and the preview give (a revision round
 * may renumber the list and add works); a paper without versions, its own. */
async function shownVersionOf(em: EntityManager, p: Paper): Promise<Pick<Paper, 'sources' | 'originality'>> {
  const newest = downloadable(p) ? await newestVersionOf(em, p) : undefined;
  return newest ?? p;
}

/** The .docx of a paid full paper (its latest version), with a file name made from its title. */
export async function openDocx(em: EntityManager, storage: Storage, owner: SessionOwner, id: number) {
  const p = await ownPaper(em, owner.userId, id);
  if (!downloadable(p)) throw new AppError('docx_not_paid');
  const key = (await newestVersionOf(em, p))?.docx_key ?? p.docxKey!;
  return { ...(await storage.open(key)), fileName: `${fileNameOf(p.title)}.docx` };
}

export async function openPreview(em: EntityManager, storage: Storage, owner: SessionOwner, id: number) {
  const p = await ownPaper(em, owner.userId, id);
  if (!p.pdfKey) throw new AppError('preview_unavailable');
  // The same version as «Скачать» and the preview's «Отчёт об источниках», whose pages it marks.
  const key = (downloadable(p) && (await newestVersionOf(em, p))?.pdf_key) || p.pdfKey;
  return { ...(await storage.open(key)), fileName: `${fileNameOf(p.title)}.pdf` };
}

/** The files an order was written from, as the engine numbers them: orders/repository.ts's
 * attachedFilesOf, handed in by the composition root (app.ts), since orders sits above papers. */
export type AttachedFiles = (em: EntityManager, orderId: string) => Promise<{ fileName: string; storageKey: string }[]>;

/** The user's own file behind source `number` of the list, as uploaded with the order that produced the paper (or with its demo). */
export async function openSourceFile(
  d: { em: EntityManager; storage: Storage; attachedFilesOf: AttachedFiles },
  owner: SessionOwner,
  id: number,
  number: number,
) {
  const { em, storage, attachedFilesOf } = d;
  const p = await ownPaper(em, owner.userId, id);
  const source = (await shownVersionOf(em, p)).sources.find((s) => s.number === number && s.verified_by === 'user_file');
  const files = source?.attached_index !== undefined && p.orderId ? await attachedFilesOf(em, p.orderId) : [];
  const file = files[source?.attached_index ?? -1];
  if (!file) throw new AppError('not_found');
  return { ...(await storage.open(file.storageKey)), fileName: file.fileName };
}

/** RFC 6266: an ASCII fallback and the UTF-8 name. */
export const contentDisposition = (fileName: string, kind: 'attachment' | 'inline') =>
  `${kind}; filename="${fileName.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, '')}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
