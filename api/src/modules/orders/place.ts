/** Placing an order: the `payment/create` use case. */
import { randomUUID } from 'node:crypto';
import { DEFAULT_TARIFF, LIMITS, priceOf, purchaseJson, type PendingPaymentData, type PurchaseJson } from '@app/contract';
import type { FileKind } from '@app/paper';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Jobs } from '../../jobs/queues.ts';
import { AppError } from '../../errors.ts';
import { validationFailure } from '../../http/errors.ts';
import { hasNul } from '../../http/input.ts';
import { orderFileKey, type Storage } from '../../storage/storage.ts';
import type { AuthSession } from '../accounts/sessions.ts';
import { Paper } from '../papers/entities.ts';
import { Payment } from './entities.ts';
import { releasePromo, reservePromo } from '../promo/promo.ts';
import { ACTIVE_STATUSES, Order, OrderFile, type ProviderName } from './entities.ts';
import { paperOrderOptions, type OrderPlan } from './plan.ts';
import { lockOrderAndPayment } from './repository.ts';
import { demoAlreadyBought } from '../papers/papers.ts';
import type { SourcesEstimator } from '../sources/estimate.ts';
import { pendingDataOf } from './status.ts';

export interface CreatePaymentInput {
  /** Our payment id: also the idempotence key, so a retried create never makes a second payment. */
  paymentId: string;
  orderId: string;
  amount: number;
  description: string;
  returnUrl: string;
  customerEmail: string;
}

/** What placing an order needs of the payment provider: payments/providers/types.ts's
 * PaymentProvider is one, handed in by the payments module (which sits above orders). */
interface PaymentStarter {
  readonly name: ProviderName;
  create(input: CreatePaymentInput): Promise<{ providerPaymentId: string; confirmationUrl: string }>;
}

export interface OrderDeps {
  em: EntityManager;
  config: Config;
  storage: Storage;
  provider: PaymentStarter;
  /** The sources the order's topic has, checked before the payment is created. */
  sources: SourcesEstimator;
  log: FastifyBaseLogger;
  /** The queue a free order goes to at once. */
  jobs?: Jobs;
}

/** A file received to disk and checked by its content (upload.ts); its text is read by the worker. */
export interface UploadedFile {
  fileName: string;
  kind: FileKind;
  size: number;
  path: string;
}

export interface PlaceOrderInput {
  purchaseJson: string;
  promoCode?: string;
  fromTelegram?: boolean;
  files: UploadedFile[];
}

/** Plans a defence kit: modules/defence's defencePlan, handed in by app.ts (defence sits above orders). */
export type DefencePlanner = (em: EntityManager, userId: number, paperId: number) => Promise<OrderPlan>;

/** 406: an unpaid order exists; its data lets the client continue or cancel it. */
class PendingPurchase extends AppError {
  constructor(data: PendingPaymentData) {
    super('pending_payment', { extra: { data } });
  }
}

/** purchase_json read once, by its schema: 400 for a NUL it spells as \u0000 (refused like a raw
 * one), 422 for text that is not JSON or not a purchase. */
function parsePurchase(text: string): PurchaseJson {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new AppError('purchase_invalid', { detail: 'purchase_json: некорректный JSON' });
  }
  if (hasNul(raw)) throw new AppError('invalid_characters');
  const parsed = purchaseJson.safeParse(raw);
  if (!parsed.success) {
    const { detail, errors } = validationFailure(parsed.error.issues);
    throw new AppError('purchase_invalid', { detail, extra: { errors } });
  }
  return parsed.data;
}

/** The limits once more, whoever called: the form reader has checked each file as it arrived. */
function checkFiles(files: UploadedFile[]) {
  const total = files.reduce((n, f) => n + f.size, 0);
  if (files.length > LIMITS.files.max || total > LIMITS.files.maxBytesTotal || files.some((f) => f.size > LIMITS.files.maxBytesEach))
    throw new AppError('files_too_large');
  return files;
}

/** 406 while an unpaid order exists. Checked before an upload is read (a refused order costs no
 * transfer) and again when the order is placed. */
export async function refuseWhilePending(em: EntityManager, userId: number): Promise<void> {
  const pending = await em.findOne(Order, { user: userId, status: 'pending_payment' });
  if (pending) throw new PendingPurchase(await pendingDataOf(em, pending));
}

async function paperPlan(em: EntityManager, userId: number, purchase: Exclude<PurchaseJson, { kind: 'defence' }>): Promise<OrderPlan> {
  let source: Paper | null = null;
  if (purchase.kind === 'from_demo') {
    source = await em.findOne(Paper, { id: purchase.paper_id, user: userId, type: 'demo' });
    if (!source) throw new AppError('demo_not_found');
    if (await demoAlreadyBought(em, source.id)) throw new AppError('demo_already_bought');
  }
  const tariff = purchase.model_name ?? source?.tariff ?? DEFAULT_TARIFF;
  const paperType = purchase.paper_type;
  // A full version keeps the demo's title page and appendix unless the purchase gives its own.
  const demoOptions = source ? await paperOrderOptions(em, source) : null;
  const topic = source?.title ?? (purchase.kind === 'new' ? purchase.title : '');
  return {
    kind: purchase.kind,
    paperType,
    tariff,
    topic,
    source,
    options: {
      use_footnotes: purchase.use_footnotes,
      separate_bibliography: purchase.separate_bibliography,
      min_publication_year: purchase.min_publication_year,
      required_volume: purchase.required_volume,
      gost_citations: purchase.gost_citations,
      user_structure: purchase.kind === 'new' ? purchase.user_structure : null,
      title_page: purchase.title_page ?? demoOptions?.title_page ?? null,
      ai_appendix: purchase.ai_appendix ?? demoOptions?.ai_appendix ?? true,
    },
    price: (discount) => priceOf(paperType, tariff, discount),
    citations: purchase.gost_citations,
    sourcesCheck: { minYear: purchase.min_publication_year, requiredVolume: purchase.required_volume },
    description: `${paperType === 'demo' ? 'Демо-версия' : 'Полная версия'} работы: ${topic}`,
    returnPath: (orderId) => `/payment/waiting?task_id=${orderId}`,
  };
}

/**
 * payment/create: a purchase (a paper, a demo's full version, a defence kit) planned by its kind
 * and placed. 406 while an unpaid order exists, 400 for a demo that is not the user's, 422 for an
 * invalid purchase_json; the rest is placeOrder's.
 */
export async function placePurchase(d: OrderDeps & { defencePlan: DefencePlanner }, session: AuthSession, input: PlaceOrderInput) {
  const purchase = parsePurchase(input.purchaseJson);
  await refuseWhilePending(d.em, session.user.id);
  const plan =
    purchase.kind === 'defence'
      ? await d.defencePlan(d.em, session.user.id, purchase.paper_id)
      : await paperPlan(d.em, session.user.id, purchase);
  const placed = await placeOrder(d, session, plan, input);
  if (placed.confirmation_url === null) throw new Error('a purchase is never free');
  return placed;
}

/**
 * Creates an order of any kind from its plan, and its payment, and returns where to pay (a free
 * plan is queued at once, with no payment). 406 while an unpaid order exists, 409 while a
 * generation is running, 412 for a promo code that cannot be used, 413/415 for files, 422 for a
 * topic the databases have too few sources for (not_enough_sources).
 */
export async function placeOrder(
  d: Omit<OrderDeps, 'sources'> & Partial<Pick<OrderDeps, 'sources'>>,
  session: AuthSession,
  plan: OrderPlan,
  input: { orderId?: string; promoCode?: string; fromTelegram?: boolean; files: UploadedFile[]; unstore?: () => Promise<unknown> },
): Promise<
  | { task_id: string; confirmation_url: string; payment_id: string; amount: number }
  | { task_id: string; confirmation_url: null; payment_id: null; amount: 0 }
> {
  const user = session.user;
  if (!plan.free) await refuseWhilePending(d.em, user.id);
  if (await d.em.count(Order, { user: user.id, status: { $in: ACTIVE_STATUSES } })) throw new AppError('active_generation');
  if (plan.citations.length !== input.files.length) throw new AppError('citations_mismatch');
  const files = checkFiles(input.files);
  // No money for a paper that cannot get its sources: a demo's purchase keeps the demo's files.
  if (plan.sourcesCheck) {
    if (!d.sources) throw new Error('a paper needs the sources estimator');
    await d.sources.check({
      topic: plan.topic,
      minYear: plan.sourcesCheck.minYear,
      requiredVolume: plan.sourcesCheck.requiredVolume,
      type: plan.paperType,
      attached: files.length + (plan.source?.orderId ? await d.em.count(OrderFile, { order: plan.source.orderId }) : 0),
    });
  }

  const orderId = input.orderId ?? randomUUID();
  const promoCode = input.promoCode?.trim();
  const now = new Date();
  const { order, payment } = await d.em
    .transactional(async (em) => {
      const promo = promoCode ? await reservePromo(em, promoCode) : null;
      const discount = promo?.percent ?? 0;
      const order = em.create(Order, {
        id: orderId,
        user: user.id,
        kind: plan.kind,
        paperType: plan.paperType,
        tariff: plan.tariff,
        topic: plan.topic,
        options: plan.options,
        sourcePaper: plan.source,
        paper: plan.paper ?? null,
        promoCode: promo,
        discount,
        amount: plan.free ? 0 : plan.price(discount),
        status: plan.free ? 'queued' : 'pending_payment',
        paidAt: plan.free ? now : null,
        fromTelegram: input.fromTelegram ?? false,
        paymentExpiresAt: new Date(now.getTime() + d.config.payments.ttlMinutes * 60_000),
      });
      files.forEach((f, i) =>
        em.create(OrderFile, {
          order,
          position: i + 1,
          fileName: f.fileName.slice(0, 200),
          kind: f.kind,
          size: f.size,
          storageKey: orderFileKey(orderId, i + 1, f.kind),
          citation: plan.citations[i],
        }),
      );
      plan.createWith?.(em, order);
      const payment = plan.free ? null : createPayment(em, d.provider, order, user);
      await em.flush();
      // A free order is queued with itself: a crash in between loses neither.
      if (plan.free) {
        if (!d.jobs) throw new Error('a free order needs the job queue');
        await d.jobs.generate({ id: order.id, paperType: plan.paperType }, em);
      }
      return { order, payment };
    })
    .catch(async (error: unknown) => {
      await input.unstore?.();
      return whenRaced(d.em, user.id, error);
    });
  if (!payment) return { task_id: order.id, confirmation_url: null, payment_id: null, amount: 0 };

  return requestPayment(d, {
    order,
    payment,
    description: plan.description,
    returnUrl: `${d.config.publicUrl}${plan.returnPath(orderId)}`,
    customerEmail: user.email ?? '',
    store: async () => {
      for (const [i, f] of files.entries())
        await d.storage.putFile(orderFileKey(orderId, i + 1, f.kind), f.path, 'application/octet-stream');
    },
    unstore: () =>
      Promise.all([
        ...files.map((f, i) => d.storage.delete(orderFileKey(orderId, i + 1, f.kind)).catch(() => undefined)),
        input.unstore?.(),
      ]),
  });
}

/** The pending payment of a new order, with the receipt's address. */
const createPayment = (em: EntityManager, provider: PaymentStarter, order: Order, user: Pick<AuthSession['user'], 'id' | 'email'>) =>
  em.create(Payment, {
    id: randomUUID(),
    order,
    user: user.id,
    provider: provider.name,
    amount: order.amount,
    status: 'pending',
    receiptEmail: user.email,
  });

/** A new order that could not be stored: when another request created the user's unpaid order at
 * the same moment (its unique index), that order's data (406); any other error as it is. */
async function whenRaced(em: EntityManager, userId: number, error: unknown): Promise<never> {
  if ((error as { code?: string }).code === '23505') {
    const other = await em.fork().findOne(Order, { user: userId, status: 'pending_payment' });
    if (other) throw new PendingPurchase(await pendingDataOf(em.fork(), other));
  }
  throw error;
}

/**
 * Asks the provider for the payment of a new unpaid order and returns where to pay. `store` keeps
 * the order's files first; if either fails, no payment exists at the provider (nobody has its
 * page): the order is void, its promo use is given back and its files (`unstore`) removed.
 */
async function requestPayment(
  d: Pick<OrderDeps, 'em' | 'provider' | 'log'>,
  p: {
    order: Order;
    payment: Payment;
    description: string;
    returnUrl: string;
    customerEmail: string;
    store?: () => Promise<unknown>;
    unstore?: () => Promise<unknown>;
  },
) {
  const { order, payment } = p;
  try {
    await p.store?.();
    const created = await d.provider.create({
      paymentId: payment.id,
      orderId: order.id,
      amount: order.amount,
      description: p.description,
      returnUrl: p.returnUrl,
      customerEmail: p.customerEmail,
    });
    payment.providerPaymentId = created.providerPaymentId;
    payment.confirmationUrl = created.confirmationUrl;
    await d.em.flush();
    return { confirmation_url: created.confirmationUrl, task_id: order.id, payment_id: payment.id, amount: order.amount };
  } catch (error) {
    await p.unstore?.();
    await d.em.fork().transactional(async (em) => {
      const locked = await lockOrderAndPayment(em, payment.id);
      if (!locked || locked.order.status !== 'pending_payment') return;
      locked.order.status = 'canceled';
      locked.payment.status = 'canceled';
      if (locked.order.promoCode) await releasePromo(em, locked.order.promoCode.id);
    });
    d.log.error({ err: error, orderId: order.id }, 'payment provider failed to create a payment');
    throw new AppError('payment_provider_unavailable', { cause: error });
  }
}
