/**
 * Revision rounds of a purchased full paper: what the cabinet shows (versions, rounds with each
 * remark's outcome, the rounds left) and a new round. A round is an order of kind `revision`: an
 * included one (within REVISION_ROUNDS_INCLUDED rounds and REVISION_FREE_DAYS of the purchase)
 * costs nothing and is queued at once; beyond them the user agrees to pay (`pay`) and the round
 * goes through the usual payment flow, its money delivered as a version or refunded.
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DOCX, ERRORS, REVISION_LIMITS, revisionPriceOf, type RevisionItem, type RevisionScope, type RevisionsInfo } from '@app/contract';
import { PaperError, readDocxComments, remarksOfComments, splitRemarks, type RemarkInput } from '@app/paper';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Config } from '../../config.ts';
import { AppError } from '../../errors.ts';
import type { Jobs } from '../../jobs/queues.ts';
import type { AuthSession, SessionOwner } from '../accounts/sessions.ts';
import { ACTIVE_STATUSES, Order } from '../orders/entities.ts';
import { optionsOfPaper, type OrderPlan } from '../orders/plan.ts';
import { placeOrder, refuseWhilePending, type OrderDeps, type UploadedFile } from '../orders/place.ts';
import type { Paper } from '../papers/entities.ts';
import { downloadable, ownPaper } from '../papers/papers.ts';
import { Revision } from './entities.ts';
import { PaperVersion } from '../versions/entities.ts';
import { versionsOf } from '../versions/versions.ts';

/** The statuses of a round still on its way: no second round of the paper meanwhile. */
const UNFINISHED = ['pending_payment', 'queued', 'generating'] as const;
/** Rounds that count against the included ones (a failed or cancelled one gives its round back). */
const COUNTED = ['queued', 'generating', 'completed'] as const;

const remarksKey = (orderId: string) => join('revisions', orderId, 'remarks.docx');

interface Rounds {
  included: number;
  used: number;
  left: number;
  freeUntil: Date | null;
  price: number;
  /** The code the paper cannot be revised for now, or null. */
  blocked: 'revision_not_purchased' | 'revision_unavailable' | 'revision_running' | null;
}

async function roundsOf(em: EntityManager, config: Config, paper: Paper): Promise<Rounds> {
  const price = revisionPriceOf(paper.tariff);
  const included = config.revisions.includedRounds;
  if (!downloadable(paper) || !paper.paidAt)
    return { included, used: 0, left: 0, freeUntil: null, price, blocked: 'revision_not_purchased' };
  const [row] = await em.execute<{ used: number; running: number; state: number }[]>(
    `select
       (select count(*)::int from revisions r join orders o on o.id = r.order_id where r.paper_id = ? and r.included and o.status in (?, ?, ?)) as used,
       (select count(*)::int from revisions r join orders o on o.id = r.order_id where r.paper_id = ? and o.status in (?, ?, ?)) as running,
       (select count(*)::int from paper_versions v where v.paper_id = ? and v.state_key is not null) as state`,
    [paper.id, ...COUNTED, paper.id, ...UNFINISHED, paper.id],
  );
  const freeUntil = new Date(paper.paidAt.getTime() + config.revisions.freeDays * 86_400_000);
  const left = Date.now() <= freeUntil.getTime() ? Math.max(0, included - row.used) : 0;
  const blocked = row.running ? 'revision_running' : row.state ? null : 'revision_unavailable';
  return { included, used: row.used, left, freeUntil, price, blocked };
}

const STATUS: Record<Order['status'], RevisionItem['status']> = {
  pending_payment: 'pending_payment',
  queued: 'queued',
  generating: 'in_progress',
  completed: 'completed',
  failed: 'failed',
  canceled: 'canceled',
  expired: 'canceled',
};

/** The sections a round may choose, with their titles. */
function sectionsOf(paper: Paper): RevisionsInfo['paper']['sections'] {
  const subsections = Object.values(paper.structure).flatMap((subs) =>
    subs.map((s) => {
      const m = /^(\d+\.\d+)\s+(.*)$/.exec(s);
      return { key: m?.[1] ?? s, title: m?.[2] ?? s };
    }),
  );
  return [{ key: 'introduction', title: 'Введение' }, ...subsections, { key: 'conclusion', title: 'Заключение' }];
}

export async function revisionsInfo(em: EntityManager, config: Config, owner: SessionOwner, paperId: number): Promise<RevisionsInfo> {
  const paper = await ownPaper(em, owner.userId, paperId);
  const rounds = await roundsOf(em, config, paper);
  const revisions = await em.find(Revision, { paper: paper.id }, { populate: ['order'], orderBy: { createdAt: 'desc' } });
  return {
    paper: { id: paper.id, title: paper.title, sections: paper.type === 'full' ? sectionsOf(paper) : [] },
    versions: paper.type === 'full' && rounds.blocked !== 'revision_not_purchased' ? await versionsOf(em, paper) : [],
    revisions: revisions.map((r) => ({
      task_id: r.order.id,
      status: STATUS[r.order.status],
      included: r.included,
      amount: r.order.amount,
      created_at: r.createdAt.toISOString(),
      from_version: r.fromVersion,
      version: r.version ?? null,
      stage: r.order.stage ?? null,
      progress: r.order.progress,
      error: r.order.error ?? null,
      remarks: r.remarks.length,
      outcomes: (r.outcomes ?? []).map((o) => ({
        n: o.n,
        text: o.text,
        origin: o.origin,
        anchor: o.anchor ?? null,
        class: o.class,
        kind: o.kind,
        status: o.status,
        detail: o.detail,
        where: o.where,
      })),
    })),
    rounds: {
      included: rounds.included,
      used: rounds.used,
      left: rounds.left,
      free_until: rounds.freeUntil?.toISOString() ?? null,
      price: rounds.price,
      blocked: rounds.blocked ? ERRORS[rounds.blocked].message : null,
    },
  };
}

export interface RevisionForm {
  remarks: string;
  scope?: RevisionScope;
  pay?: 'true' | 'false';
  files: UploadedFile[];
}

/** The remarks of a form: typed ones, the .docx's Word comments, the instructions for chosen sections. */
async function remarksOf(form: RevisionForm): Promise<RemarkInput[]> {
  if (form.remarks.length > REVISION_LIMITS.remarksChars) throw new AppError('remarks_too_long');
  const typed = splitRemarks(form.remarks).map((text): RemarkInput => ({ origin: 'text', text }));
  let comments: RemarkInput[] = [];
  const docx = form.files[0];
  if (docx) {
    const read = await readDocxComments(await readFile(docx.path)).catch((error: unknown) => {
      if (error instanceof PaperError)
        throw new AppError('file_unsupported', { detail: `${docx.fileName}: ${error.message}`, cause: error });
      throw error;
    });
    if (read.comments.length > REVISION_LIMITS.comments) throw new AppError('remarks_too_long');
    comments = remarksOfComments(read.comments);
  }
  const instructions = (form.scope?.instructions ?? []).map((i): RemarkInput => ({
    origin: 'instruction',
    text: i.text,
    section: i.section,
  }));
  const remarks = [...typed, ...comments, ...instructions];
  if (!remarks.length) throw new AppError('revision_no_remarks', { detail: noRemarksDetail(form.remarks, docx) });
  return remarks;
}

/** Why a form brought no remark, in Russian: nothing given, a .docx without comments, a text without a word. */
function noRemarksDetail(text: string, docx: UploadedFile | undefined): string {
  const ask = 'введите текст замечаний или приложите .docx с комментариями научного руководителя';
  const why = [
    ...(docx ? [`в файле «${docx.fileName}» нет комментариев`] : []),
    ...(text.trim() ? ['в тексте замечаний нет ни одного слова'] : []),
  ];
  return why.length ? `Замечаний нет: ${why.join(', а ')}. Чтобы начать доработку, ${ask}` : `Замечаний нет: ${ask}`;
}

/**
 * A new round. 404 for a paper that is not the user's, 400 for one not purchased, 409 while a round
 * of it is on its way (or another generation runs) or for a paper delivered before revisions, 402
 * when no included round is left and the user did not agree to pay, 406 while an unpaid order
 * exists (a paid round), 400 without remarks, 422 for too many, 415 for a file that is not a .docx.
 */
export async function createRevision(
  d: Omit<OrderDeps, 'sources'> & { jobs: Jobs },
  session: AuthSession,
  paper: Paper,
  form: RevisionForm,
): Promise<{ task_id: string; confirmation_url: string | null; payment_id: string | null; amount: number }> {
  const user = session.user;
  const rounds = await roundsOf(d.em, d.config, paper);
  if (rounds.blocked) throw new AppError(rounds.blocked);
  const remarks = await remarksOf(form);
  const free = rounds.left > 0;
  if (!free && form.pay !== 'true') throw new AppError('revision_rounds_used', { extra: { data: { price: rounds.price } } });
  if (!free) await refuseWhilePending(d.em, user.id);
  if (await d.em.count(Order, { user: user.id, status: { $in: ACTIVE_STATUSES } })) throw new AppError('active_generation');
  const latest = await d.em.findOneOrFail(PaperVersion, { paper: paper.id }, { orderBy: { number: 'desc' } });

  const orderId = randomUUID();
  const docx = form.files[0];
  const docxKey = docx ? remarksKey(orderId) : null;
  if (docx) await d.storage.putFile(docxKey!, docx.path, DOCX);
  const plan: OrderPlan = {
    kind: 'revision',
    paperType: 'full',
    tariff: paper.tariff,
    topic: `Доработка: ${paper.title}`.slice(0, 300),
    options: optionsOfPaper(paper),
    source: null,
    paper,
    // Discounted like every order; a round's form takes no promo code, so a paid round costs its full price.
    price: (discount) => revisionPriceOf(paper.tariff, discount),
    free,
    citations: [],
    sourcesCheck: null,
    createWith: (em, order) => {
      em.create(Revision, {
        order,
        paper: paper.id,
        fromVersion: latest.number,
        included: free,
        remarks,
        scope: form.scope?.sections ?? null,
        docxKey,
      });
    },
    description: `Доработка работы: ${paper.title}`.slice(0, 128),
    returnPath: (id) => `/payment/waiting?task_id=${id}&revision=${paper.id}`,
  };
  // The remarks' file is the round's own; placeOrder removes it with the order when it cannot be placed.
  return placeOrder(d, session, plan, {
    orderId,
    files: [],
    unstore: async () => (docxKey ? d.storage.delete(docxKey).catch(() => undefined) : undefined),
  });
}
