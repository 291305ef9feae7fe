/** Placing an order: the `payment/create` use case. */
import { randomUUID } from 'node:crypto';
import { DEFAULT_TARIFF, LIMITS, priceOf, purchaseJson, type PendingPaymentData, type PurchaseJson } from '@app/contract';
import type { FileKind } from '@app/paper';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import { AppError } from '../../errors.ts';
import { validationFailure } from '../../http/errors.ts';
import { orderFileKey, type Storage } from '../../storage/storage.ts';
import type { AuthSession } from '../accounts/sessions.ts';
import { Paper } from '../papers/entities.ts';
import { Payment } from './entities.ts';
import type { PaymentProvider } from './providers/types.ts';
import { releasePromo, reservePromo } from '../promo/promo.ts';
import { ACTIVE_STATUSES, Order, OrderFile, type OrderOptions } from './entities.ts';
import { demoAlreadyBought, lockOrderAndPayment } from './repository.ts';
import { orderOptionsSchema } from './options.ts';
import type { SourcesEstimator } from '../sources/estimate.ts';
import { pendingDataOf } from './status.ts';

export interface OrderDeps {
  em: EntityManager;
  config: Config;
  storage: Storage;
  provider: PaymentProvider;
  /** The sources the order's topic has, checked before the payment is created. */
  sources: SourcesEstimator;
  log: FastifyBaseLogger;
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

/** 406: an unpaid order exists; its data lets the client continue or cancel it. */
export class PendingPurchase extends AppError {
  constructor(data: PendingPaymentData) {
    super('pending_payment', { extra: { data } });
  }
}

function parsePurchase(text: string): PurchaseJson {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new AppError('purchase_invalid', { detail: 'purchase_json: некорректный JSON' });
  }
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

/** The options of the order that made a demo: its title page and appendix choice (older orders have neither). */
async function demoOrderOptions(em: EntityManager, demo: Paper): Promise<Pick<OrderOptions, 'title_page' | 'ai_appendix'> | null> {
  const order = await em.findOne(Order, { paper: demo.id }, { orderBy: { createdAt: 'asc' } });
  if (!order) return null;
  const parsed = orderOptionsSchema.safeParse(order.options);
  return parsed.success ? { title_page: parsed.data.title_page, ai_appendix: parsed.data.ai_appendix } : null;
}

/**
 * Creates an order and its payment and returns where to pay. 406 while an unpaid order exists,
 * 409 while a generation is running, 400 for a demo that is not the user's, 412 for a promo code
 * that cannot be used, 413/415 for files, 422 for an invalid purchase_json or a topic the databases
 * have too few sources for (not_enough_sources).
 */
export async function placeOrder(d: OrderDeps, session: AuthSession, input: PlaceOrderInput) {
  const purchase = parsePurchase(input.purchaseJson);
  const user = session.user;

  await refuseWhilePending(d.em, user.id);
  let source: Paper | null = null;
  if (purchase.kind === 'from_demo') {
    source = await d.em.findOne(Paper, { id: purchase.paper_id, user: user.id, type: 'demo' });
    if (!source) throw new AppError('demo_not_found');
    if (await demoAlreadyBought(d.em, source.id)) throw new AppError('demo_already_bought');
  }
  if (await d.em.count(Order, { user: user.id, status: { $in: ACTIVE_STATUSES } })) throw new AppError('active_generation');
  if (purchase.gost_citations.length !== input.files.length) throw new AppError('citations_mismatch');
  const files = checkFiles(input.files);

  const tariff = purchase.model_name ?? source?.tariff ?? DEFAULT_TARIFF;
  const paperType = purchase.paper_type;
  const topic = source?.title ?? (purchase.kind === 'new' ? purchase.title : '');
  // No money for a paper that cannot get its sources: a demo's purchase keeps the demo's files.
  await d.sources.check({
    topic,
    minYear: purchase.min_publication_year,
    requiredVolume: purchase.required_volume,
    type: paperType,
    attached: files.length + (source?.orderId ? await d.em.count(OrderFile, { order: source.orderId }) : 0),
  });
  // A full version keeps the demo's title page and appendix unless the purchase gives its own.
  const demoOptions = source ? await demoOrderOptions(d.em, source) : null;
  const options: OrderOptions = {
    use_footnotes: purchase.use_footnotes,
    separate_bibliography: purchase.separate_bibliography,
    min_publication_year: purchase.min_publication_year,
    required_volume: purchase.required_volume,
    gost_citations: purchase.gost_citations,
    user_structure: purchase.kind === 'new' ? purchase.user_structure : null,
    title_page: purchase.title_page ?? demoOptions?.title_page ?? null,
    ai_appendix: purchase.ai_appendix ?? demoOptions?.ai_appendix ?? true,
  };
  const orderId = randomUUID();
  const paymentId = randomUUID();
  const promoCode = input.promoCode?.trim();
  const { order, payment } = await d.em
    .transactional(async (em) => {
      const promo = promoCode ? await reservePromo(em, promoCode) : null;
      const discount = promo?.percent ?? 0;
      const order = em.create(Order, {
        id: orderId,
        user: user.id,
        kind: purchase.kind,
        paperType,
        tariff,
        topic,
        options,
        sourcePaper: source,
        promoCode: promo,
        discount,
        amount: priceOf(paperType, tariff, discount),
        status: 'pending_payment',
        fromTelegram: input.fromTelegram ?? false,
        paymentExpiresAt: new Date(Date.now() + d.config.payments.ttlMinutes * 60_000),
      });
      files.forEach((f, i) =>
        em.create(OrderFile, {
          order,
          position: i + 1,
          fileName: f.fileName.slice(0, 200),
          kind: f.kind,
          size: f.size,
          storageKey: orderFileKey(orderId, i + 1, f.kind),
          citation: purchase.gost_citations[i],
        }),
      );
      const payment = em.create(Payment, {
        id: paymentId,
        order,
        user: user.id,
        provider: d.provider.name,
        amount: order.amount,
        status: 'pending',
        receiptEmail: user.email,
      });
      await em.flush();
      return { order, payment };
    })
    .catch(async (error: unknown) => {
      if ((error as { code?: string }).code === '23505') {
        // Two requests raced: the other one created the unpaid order.
        const other = await d.em.fork().findOne(Order, { user: user.id, status: 'pending_payment' });
        if (other) throw new PendingPurchase(await pendingDataOf(d.em.fork(), other));
      }
      throw error;
    });

  return requestPayment(d, {
    order,
    payment,
    description: `${paperType === 'demo' ? 'Демо-версия' : 'Полная версия'} работы: ${order.topic}`,
    returnUrl: `${d.config.publicUrl}/payment/waiting?task_id=${orderId}`,
    customerEmail: user.email ?? '',
    store: async () => {
      for (const [i, f] of files.entries())
        await d.storage.putFile(orderFileKey(orderId, i + 1, f.kind), f.path, 'application/octet-stream');
    },
    unstore: () => Promise.all(files.map((f, i) => d.storage.delete(orderFileKey(orderId, i + 1, f.kind)).catch(() => undefined))),
  });
}

/**
 * Asks the provider for the payment of a new unpaid order and returns where to pay. `store` keeps
 * the order's files first; if either fails, no payment exists at the provider (nobody has its
 * page): the order is void, its promo use is given back and its files (`unstore`) removed.
 */
export async function requestPayment(
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
