/**
 * One generation job: claim the order, run the engine with checkpoints and progress, store the
 * files, create the paper. Exactly one paper per order: the claim and the completion are guarded
 * by the order's status, so a duplicated job or a second worker changes nothing.
 */
import {
  extractSourceText,
  generatePaper,
  PaperError,
  type AttachedSource,
  type PaperInput,
  type PaperSourceRef,
  type ProgressEvent,
} from '@app/paper';
import { DOCX, REFUND_PROMISE, type Tariff } from '@app/contract';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Jobs } from '../../jobs/queues.ts';
import { paperFileKey, type Storage } from '../../storage/storage.ts';
import { Order, type OrderFile } from '../orders/entities.ts';
import { publishOrder } from '../orders/events.ts';
import { completeOrder, failOrder, failureDetail } from '../payments/lifecycle.ts';
import type { PaymentProvider } from '../payments/providers/types.ts';
import { attachedFilesOf } from '../orders/repository.ts';
import { Paper, type StoredPaperSource } from '../papers/entities.ts';
import { recordFirstVersion, storeSnapshot } from '../versions/versions.ts';
import { storeEvidence } from '../evidence/store.ts';
import { originalityOf } from '../papers/originality.ts';
import type { Quota } from '../quota/quota.ts';
import { withQuota } from '../quota/with-quota.ts';
import { dbCheckpoints } from './checkpoints.ts';
import { meteredWriter } from './cost.ts';
import { stageTimer } from './stage-times.ts';
import { storageFullTexts } from './full-texts.ts';
import type { EngineParts } from './engine.ts';
import { paperInputOf, paperOptionsOf, storedOutline } from './order-input.ts';

export interface GenerationDeps {
  em: EntityManager;
  config: Config;
  storage: Storage;
  jobs: Jobs;
  /** To refund the payment of a generation that failed for good. */
  provider: PaymentProvider;
  engine: EngineParts;
  /** The model quota shared by all workers, when one is configured. */
  quota?: Quota | null;
  log: FastifyBaseLogger;
  /** A worker's clean stop (SIGTERM): no new stage or model call starts; the calls in flight finish
   * and are stored, and the order is handed back to the next worker. */
  stopping?: AbortSignal;
  /** Ends the run at once (a stop that waited its time; the next worker resumes from the checkpoints). */
  signal?: AbortSignal;
}

const FAILED_MESSAGE = `Не удалось создать работу. ${REFUND_PROMISE}`;

/** Takes the order if it is queued, or generating under a worker that has gone silent. */
export async function claim(em: EntityManager, orderId: string, staleSeconds: number): Promise<boolean> {
  const rows = await em.execute<{ id: string }[]>(
    `update orders set status = 'generating', attempts = attempts + 1, heartbeat_at = now(), updated_at = now()
     where id = ? and (status = 'queued' or (status = 'generating' and (heartbeat_at is null or heartbeat_at < now() - make_interval(secs => ?))))
     returning id`,
    [orderId, staleSeconds],
  );
  return rows.length === 1;
}

export async function publish(em: EntityManager, orderId: string) {
  const fresh = em.fork();
  const order = await fresh.findOneOrFail(Order, { id: orderId }, { populate: ['user'] });
  await publishOrder(fresh, order);
}

async function recordProgress(em: EntityManager, orderId: string, p: ProgressEvent) {
  const percent = Math.min(99, Math.round(p.percent));
  await em.execute(
    `update orders set stage = case when ? >= progress then ? else stage end, progress = greatest(progress, ?), heartbeat_at = now()
     where id = ? and status = 'generating'`,
    [percent, p.stage, percent, orderId],
  );
  await publish(em, orderId);
}

/** Fewer characters than this is no source to cite. */
const MIN_SOURCE_CHARS = 50;

/** The text of an attached file, read out in an isolated thread. The upload checked only the
 * file's structure; a file that yields no usable text fails the generation (invalid_input: not
 * retried, and the order is refunded) with a message that names the file. */
async function attachedText(storage: Storage, f: OrderFile): Promise<Pick<AttachedSource, 'text' | 'pageLabels'>> {
  const bytes = await storage.get(f.storageKey);
  // The stored kind decides the type, whatever became of the name.
  const name = f.fileName.toLowerCase().endsWith(`.${f.kind}`) ? f.fileName : `${f.fileName}.${f.kind}`;
  let text: string;
  let pageLabels: AttachedSource['pageLabels'];
  try {
    ({ text, pageLabels } = await extractSourceText({ name, bytes }));
  } catch (error) {
    if (!(error instanceof PaperError && error.code === 'file_rejected')) throw error;
    const message = error.message.includes(f.fileName) ? error.message : `Файл «${f.fileName}»: ${error.message}`;
    throw new PaperError('invalid_input', message, { cause: error });
  }
  if (text.trim().length < MIN_SOURCE_CHARS) throw new PaperError('invalid_input', `Файл «${f.fileName}»: в файле не найден текст`);
  // The labels let a page of the file be cited by the number printed on it.
  return { text, pageLabels };
}

async function buildInput(em: EntityManager, storage: Storage, order: Order): Promise<PaperInput> {
  const attachedSources: AttachedSource[] = [];
  for (const f of await attachedFilesOf(em, order.id))
    attachedSources.push({ ...(await attachedText(storage, f)), citation: f.citation, fileName: f.fileName });
  const fromDemo = order.sourcePaper ? storedOutline(await em.findOneOrFail(Paper, { id: order.sourcePaper.id })) : null;
  return paperInputOf(order, attachedSources, fromDemo);
}

/**
 * What a claimed order's run shares with any other kind of run (a generation, a revision round):
 * the writer (metered, within the shared quota), the progress recorded and published in order,
 * the heartbeat that keeps other workers off it, and the end of a run that failed.
 */
export function runSupport(d: GenerationDeps, order: Pick<Order, 'id' | 'paperType' | 'tariff'>) {
  const orderId = order.id;
  let progressChain: Promise<void> = Promise.resolve();
  let beat: Promise<unknown> = Promise.resolve();
  const heartbeat = setInterval(
    () => {
      beat = d.em
        .execute('update orders set heartbeat_at = now() where id = ? and status = ?', [orderId, 'generating'])
        .catch(() => undefined);
    },
    (d.config.worker.staleSeconds * 1000) / 4,
  );
  // Every answered call is metered; with a shared quota, a call waits for a stream of it first.
  const provider = d.config.llm?.tariffs[order.tariff].provider.kind ?? 'offline';
  const metered = meteredWriter(d.engine.writer, d.em, orderId, { tariff: order.tariff, provider }, d.log);
  const stages = stageTimer(d.em, order.tariff, d.log);
  return {
    writer: d.quota ? withQuota(metered, d.quota, { orderId, kind: order.paperType }) : metered,
    checkpoints: dbCheckpoints(() => d.em.fork(), orderId),
    streams: streamsOf(d.config, order.tariff),
    // Sections are written in parallel: updates are applied and published one at a time, in
    // the order they were reported, and the stored progress never goes back.
    onProgress: (p: ProgressEvent) => {
      progressChain = progressChain
        .then(() => stages.entered(p.stage))
        .then(() => recordProgress(d.em, orderId, p))
        .catch((error) => d.log.warn({ err: error, orderId }, 'progress not recorded'));
      return progressChain;
    },
    /** Stops the heartbeat and waits for the progress and heartbeat writes under way, so that none
     * lands after what the run's end writes (a hand-back's `heartbeat_at = null` would be undone,
     * and the next worker kept off the order until it goes stale). */
    stop: async () => {
      clearInterval(heartbeat);
      await Promise.all([beat, progressChain]);
    },
  };
}

/** What the engine runs a paper's generation or revision with: the worker's engine parts and the run's support. */
export const engineContext = (d: GenerationDeps, support: ReturnType<typeof runSupport>) => ({
  writer: support.writer,
  library: d.engine.library,
  search: d.engine.search,
  pdf: d.engine.pdf,
  checkpoints: support.checkpoints,
  fullTexts: storageFullTexts(d.storage),
  originality: d.engine.originality,
  signal: d.signal,
  stopping: d.stopping,
  onProgress: support.onProgress,
  streams: support.streams,
});

/**
 * The model streams a run of this tariff may hold: its pool of the shared quota, or its provider's
 * own limit; none for the offline writer. The engine writes long texts in as many parts as fit.
 */
function streamsOf(config: GenerationDeps['config'], tariff: Tariff): number | undefined {
  if (!config.llm) return undefined;
  const pool = config.quota?.pools[config.quota.tariffPools[tariff]];
  return pool ?? config.llm.tariffs[tariff].provider.concurrency;
}

/**
 * A run that threw: handed back to the queue (the next attempt resumes from the checkpoints) while
 * attempts are left, or failed for good with a Russian message (failOrder), its payment refunded as
 * payments/refund-decision.ts decides. The
 * user's input (a file without text, a topic the databases have too few works on) is not a fault of
 * the service: it is not retried, and the user is told what to change.
 */
export async function endFailedRun(
  d: GenerationDeps,
  orderId: string,
  error: unknown,
  failedMessage: string,
  /** What the user is told of their own input's fault. */
  told = (e: PaperError) => e.message,
): Promise<void> {
  const stopping = d.stopping?.aborted || d.signal?.aborted;
  const attempts = (await d.em.fork().findOneOrFail(Order, { id: orderId })).attempts;
  const usersInput = error instanceof PaperError && (error.code === 'invalid_input' || error.code === 'not_enough_sources');
  // The engine corrected the volume and retried its failing stages itself; a new attempt would replay the same stored calls.
  const retryable =
    !usersInput && !(error instanceof PaperError && (error.code === 'normocontrol_failed' || error.code === 'volume_out_of_range'));
  if (stopping) {
    // Handed back by a worker that stops: the next claim takes it at once, and a deploy uses up no attempt.
    await d.em.execute(`update orders set heartbeat_at = null, attempts = attempts - 1 where id = ? and status = 'generating'`, [orderId]);
    throw error;
  }
  if (retryable && attempts < d.config.worker.maxAttempts) {
    // Let the next claim take it at once; the job queue retries (or another worker resumes).
    await d.em.execute(`update orders set heartbeat_at = null where id = ? and status = 'generating'`, [orderId]);
    throw error;
  }
  const level = usersInput ? 'warn' : 'error';
  d.log[level]({ err: error, orderId, attempts }, 'generation failed for good: the payment is refunded');
  await failOrder(d, orderId, {
    message: usersInput ? told(error as PaperError) : failedMessage,
    detail: failureDetail(error),
  });
}

export async function runGeneration(d: GenerationDeps, orderId: string): Promise<void> {
  if (!(await claim(d.em, orderId, d.config.worker.staleSeconds))) return;
  d.log.info({ orderId }, 'generation claimed');
  await publish(d.em, orderId);
  const em = d.em.fork();
  const order = await em.findOneOrFail(Order, { id: orderId }, { populate: ['user'] });
  const support = runSupport(d, order);
  try {
    const result = await generatePaper(await buildInput(em, d.storage, order), engineContext(d, support));
    const docxKey = paperFileKey(orderId, 'paper.docx');
    const pdfKey = paperFileKey(orderId, 'preview.pdf');
    await d.storage.put(docxKey, result.docx, DOCX);
    await d.storage.put(pdfKey, result.pdf, 'application/pdf');
    // «Отчёт об источниках» of what is delivered: every citation with the passage it rests on.
    const evidenceKey = await storeEvidence(d.storage, orderId, result.evidence);
    // A full paper's state: what its revision rounds start from.
    const stateKey = result.snapshot ? paperFileKey(orderId, 'state.json.gz') : null;
    if (result.snapshot) await storeSnapshot(d.storage, stateKey!, result.snapshot);

    const completed = await completeOrder(d, orderId, (tx, current) => {
      const paper = tx.create(Paper, {
        user: current.user,
        type: current.paperType,
        tariff: current.tariff,
        title: result.title,
        annotation: result.annotation,
        keywords: result.keywords,
        structure: result.structure,
        options: paperOptionsOf(current),
        outline: result.outline,
        docxKey,
        pdfKey,
        pageCount: result.pageCount,
        normocontrol: result.normocontrol,
        sources: storedSourcesOf(result.sources),
        originality: originalityOf(result.originality),
        evidenceKey,
        sourcePaper: current.sourcePaper,
        paidAt: current.paidAt,
        orderId: current.id,
      });
      if (stateKey) recordFirstVersion(tx, paper, stateKey);
      current.paper = paper;
    });
    if (completed) {
      // citations: passages read, works read from full texts, cited claims checked / rewritten / removed.
      d.log.info(
        {
          orderId,
          pages: result.pageCount,
          usage: result.usage,
          writer: result.writer,
          citations: result.citations,
          originality: { method: result.originality.method, percent: result.originality.originalityPercent, note: result.originality.note },
          warnings: result.warnings,
        },
        'generation completed',
      );
    }
  } catch (error) {
    await support.stop();
    await endFailedRun(d, orderId, error, FAILED_MESSAGE);
  } finally {
    await support.stop();
  }
}

/** The list of sources as the paper keeps it (paperSource of the contract, and a user's file's place among the order's files). */
export function storedSourcesOf(sources: PaperSourceRef[]): StoredPaperSource[] {
  return sources.map((s) => ({
    number: s.number,
    text: s.text,
    verified_by: s.verifiedBy,
    url: s.url,
    ...(s.attachedIndex === undefined ? {} : { attached_index: s.attachedIndex }),
  }));
}
