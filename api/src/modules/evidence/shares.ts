/**
 * A supervisor's read-only links. The owner creates one to a version (by default the one the
 * preview shows), lists them with their openings, revokes one at once. A guest with the token sees
 * that version's title, the title page's name, its page count and its report, and gets its PDF and
 * the report's files: nothing else of the paper or the account.
 *
 * The token is 32 random bytes (base64url); only its SHA-256 is stored. Whatever a guest sends,
 * the same work is done before the answer: the token hashed, one query by that hash, then one
 * decision; a wrong, an expired and a revoked token (and a link whose paper is no longer bought)
 * get the same 404, so neither the body nor the time tells them apart.
 */
import { SHARE_LINK_DAYS, fields, type ShareLink as ShareLinkItem, type SharedPaper } from '@app/contract';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Sql } from '../../db/orm.ts';
import { AppError } from '../../errors.ts';
import { evidenceFileKey, type Storage } from '../../storage/storage.ts';
import { hashToken, newToken } from '../accounts/secrets.ts';
import type { SessionOwner } from '../accounts/sessions.ts';
import { ownPaper } from '../papers/papers.ts';
import { evidenceKeyOfVersion, shownVersionNumber, versionFileName, versionOf } from './evidence.ts';
import { ShareLink } from './entities.ts';
import { readEvidence } from './store.ts';

const DAY_MS = 86_400_000;

const linkItem = (l: ShareLink): ShareLinkItem => ({
  id: l.id,
  version: l.version ?? null,
  created_at: l.createdAt.toISOString(),
  expires_at: l.expiresAt.toISOString(),
  revoked_at: l.revokedAt?.toISOString() ?? null,
  openings: l.openings ?? 0,
  last_opened_at: l.lastOpenedAt?.toISOString() ?? null,
});

/** A link to version `version` of the owner's paper (absent: the one the preview shows); its address is in this answer only. */
export async function createShareLink(
  d: { em: EntityManager; publicUrl: string },
  owner: SessionOwner,
  paperId: number,
  input: { version?: number; days?: number },
): Promise<ShareLinkItem & { url: string }> {
  const paper = await ownPaper(d.em, owner.userId, paperId);
  const version = await versionOf(d.em, paper, input.version ?? (await shownVersionNumber(d.em, paper)));
  // A link shows the version's PDF beside its report: a version without either (one delivered
  // before reports: 404 saying so) is not offered.
  if (!version.pdfKey) throw new AppError('preview_unavailable');
  evidenceKeyOfVersion(version);
  const token = newToken();
  const createdAt = new Date();
  const days = Math.min(input.days ?? SHARE_LINK_DAYS.default, SHARE_LINK_DAYS.max);
  const link = d.em.create(ShareLink, {
    paper,
    version: version.number,
    tokenHash: hashToken(token),
    createdAt,
    expiresAt: new Date(createdAt.getTime() + days * DAY_MS),
    revokedAt: null,
    openings: 0,
    lastOpenedAt: null,
  });
  await d.em.flush();
  return { ...linkItem(link), url: `${d.publicUrl}/s/${token}` };
}

/** The paper's links, newest first, revoked and expired ones included; never their tokens (not kept). */
export async function listShareLinks(em: EntityManager, owner: SessionOwner, paperId: number): Promise<ShareLinkItem[]> {
  const paper = await ownPaper(em, owner.userId, paperId);
  const links = await em.find(ShareLink, { paper: paper.id }, { orderBy: { createdAt: 'desc', id: 'desc' } });
  return links.map(linkItem);
}

/** Revokes a link of the owner's paper at once (again: no change); another paper's or a missing link is 404. */
export async function revokeShareLink(em: EntityManager, owner: SessionOwner, paperId: number, linkId: number): Promise<void> {
  const paper = await ownPaper(em, owner.userId, paperId);
  const revoked = await em.execute<{ id: number }[]>(
    'update share_links set revoked_at = coalesce(revoked_at, now()) where id = ? and paper_id = ? returning id',
    [linkId, paper.id],
  );
  if (!revoked.length) throw new AppError('share_link_not_found');
}

// ---------- a guest with a token ----------

interface SharedRow {
  id: number;
  version: number | null;
  expires_at: Date;
  live: boolean;
  title: string;
  type: 'demo' | 'full';
  bought: boolean;
  pdf_key: string | null;
  evidence_key: string | null;
  page_count: number | null;
  v_pdf_key: string | null;
  v_evidence_key: string | null;
  v_page_count: number | null;
  title_page: unknown;
}

/** Everything any answer to a token needs, in one query by its hash (the link, its paper, its version, the order's title page). */
const SHARED = `select l.id, l.version, l.expires_at, (l.revoked_at is null and l.expires_at > now()) as live,
    p.title, p.type, (p.type = 'full' and p.paid_at is not null and p.docx_key is not null) as bought,
    p.pdf_key, p.evidence_key, p.page_count,
    v.pdf_key as v_pdf_key, v.evidence_key as v_evidence_key, v.page_count as v_page_count,
    o.options -> 'title_page' as title_page
  from share_links l
  join papers p on p.id = l.paper_id
  left join paper_versions v on v.paper_id = l.paper_id and v.number = l.version
  left join orders o on o.id = p.order_id
  where l.token_hash = ?`;

interface SharedVersion {
  linkId: number;
  title: string;
  kind: 'demo' | 'full';
  version: number | null;
  pdfKey: string;
  evidenceKey: string;
  pageCount: number | null;
  expiresAt: Date;
  titlePage: unknown;
}

/** What the row shows, or null: a link that is revoked or expired, or whose version is no longer there to show. */
function sharedOf(row: SharedRow | undefined): SharedVersion | null {
  if (!row?.live) return null;
  // A demo's own files; a bought paper's version (a paper delivered before versions were kept: its own files as version 1).
  const own = row.version === null ? row.type === 'demo' : row.bought && row.version === 1 && row.v_pdf_key === null;
  const versioned = row.version !== null && row.bought && row.v_pdf_key !== null;
  if (!own && !versioned) return null;
  const pdfKey = own ? row.pdf_key : row.v_pdf_key;
  const evidenceKey = own ? row.evidence_key : row.v_evidence_key;
  if (!pdfKey || !evidenceKey) return null;
  return {
    linkId: row.id,
    title: row.title,
    kind: row.type,
    version: row.version,
    pdfKey,
    evidenceKey,
    pageCount: (own ? row.page_count : row.v_page_count) ?? null,
    expiresAt: new Date(row.expires_at),
    titlePage: row.title_page,
  };
}

/** The link's version, or the one 404 (see the file's comment: the same work whatever the token). */
async function sharedVersion(sql: Sql, token: string): Promise<SharedVersion> {
  const [row] = await sql.execute<SharedRow[]>(SHARED, [hashToken(token)]);
  const shared = sharedOf(row);
  if (!shared) throw new AppError('share_link_invalid');
  return shared;
}

/** The student's name as the title page prints it, when the order gave one; nothing else of the account. */
function authorOf(titlePage: unknown): string | null {
  const parsed = fields.titlePage.nullable().safeParse(titlePage ?? null);
  return (parsed.success && parsed.data?.student?.trim()) || null;
}

/** The page a guest opens: counted (openings + 1, when). */
export async function openSharedPaper(d: { sql: Sql; storage: Storage }, token: string): Promise<SharedPaper> {
  const shared = await sharedVersion(d.sql, token);
  await d.sql.execute('update share_links set openings = openings + 1, last_opened_at = now() where id = ?', [shared.linkId]);
  return {
    title: shared.title,
    kind: shared.kind,
    version: shared.version,
    author: authorOf(shared.titlePage),
    page_count: shared.pageCount,
    expires_at: shared.expiresAt.toISOString(),
    report: await readEvidence(d.storage, shared.evidenceKey),
  };
}

/** The link's PDF of the paper, or its report as a .docx or PDF (not counted: the page that shows them is). */
export async function openSharedFile(
  d: { sql: Sql; storage: Storage },
  token: string,
  file: 'paper.pdf' | 'evidence.docx' | 'evidence.pdf',
) {
  const shared = await sharedVersion(d.sql, token);
  const key = file === 'paper.pdf' ? shared.pdfKey : evidenceFileKey(shared.evidenceKey, file === 'evidence.docx' ? 'docx' : 'pdf');
  const fileName = versionFileName(shared.title, shared.version, file === 'evidence.docx' ? 'docx' : 'pdf', file !== 'paper.pdf');
  return { ...(await d.storage.open(key)), fileName };
}
