/** HTTP for payments: promo lookup, order creation (multipart), cancel, refunds, provider
 * notifications, and the sandbox provider's page. Thin: parse, call, answer. */
import { contract } from '@app/contract';
import { initServer } from '@ts-rest/fastify';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import { AppError } from '../../errors.ts';
import { sessionOf } from '../../http/context.ts';
import type { Jobs } from '../../jobs/queues.ts';
import type { Storage } from '../../storage/storage.ts';
import { placePurchase, refuseWhilePending, type DefencePlanner } from '../orders/place.ts';
import { receivePurchaseForm } from '../orders/upload.ts';
import { promoDiscount } from '../promo/promo.ts';
import type { SourcesEstimator } from '../sources/estimate.ts';
import { syncProviderPayment } from './payments.ts';
import type { SandboxBooks } from './providers/sandbox.ts';
import { ProviderError, type PaymentProvider } from './providers/types.ts';
import { listRefunds, syncProviderRefund } from './refunds.ts';
import { sandboxPageHtml } from './sandbox-page.ts';
import { cancelPayment } from './unpaid.ts';

const s = initServer();

/** `uploadsDir`: this server's folder for uploads being received (claimUploadsFolder). */
export function paymentRouter(deps: {
  config: Config;
  storage: Storage;
  provider: PaymentProvider;
  sandbox: SandboxBooks | null;
  jobs: Jobs;
  uploadsDir: string;
  sources: SourcesEstimator;
  defencePlan: DefencePlanner;
}) {
  const paymentDeps = (request: FastifyRequest) => ({ em: request.em, provider: deps.provider, jobs: deps.jobs, log: request.log });
  return s.router(contract.payment, {
    promoCode: async ({ params, request }) => {
      await sessionOf(request);
      return { status: 200, body: { ok: true, data: { discount: await promoDiscount(request.em, params.code) } } };
    },
    create: async ({ request }) => {
      const session = await sessionOf(request);
      await refuseWhilePending(request.em, session.user.id);
      const form = await receivePurchaseForm(request, deps.uploadsDir);
      try {
        const data = await placePurchase(
          {
            em: request.em,
            config: deps.config,
            storage: deps.storage,
            provider: deps.provider,
            sources: deps.sources,
            defencePlan: deps.defencePlan,
            log: request.log,
          },
          session,
          {
            purchaseJson: form.purchase_json,
            promoCode: form.promo_code || undefined,
            fromTelegram: form.from_telegram,
            files: form.files,
          },
        );
        return { status: 200, body: { ok: true, data } };
      } finally {
        await form.discard();
      }
    },
    refunds: async ({ request }) => ({ status: 200, body: { refunds: await listRefunds(request.em, (await sessionOf(request)).user.id) } }),
    cancel: async ({ body, request }) => {
      await cancelPayment(paymentDeps(request), await sessionOf(request), body.payment_id);
      return { status: 200, body: { ok: true, detail: 'Платеж успешно отменен' } };
    },
    yookassaNotification: async ({ body, request }) => {
      // Only the event and the id are taken from the notification; the object itself is re-read
      // from YooKassa. A provider that cannot be reached gets a 503, so it sends the notice again.
      const { event, object } = (body ?? {}) as { event?: unknown; object?: { id?: unknown } };
      const id = object?.id;
      if (deps.provider.name === 'yookassa' && typeof id === 'string' && id.length <= 64) {
        const sync = typeof event === 'string' && event.startsWith('refund.') ? syncProviderRefund : syncProviderPayment;
        await sync(paymentDeps(request), id).catch((error: unknown) => {
          throw error instanceof ProviderError ? new AppError('payment_provider_unavailable', { cause: error }) : error;
        });
      }
      return { status: 200, body: { ok: true } };
    },
    sandboxPage: async ({ params }) => {
      if (!deps.sandbox) throw new AppError('not_found');
      const p = await deps.sandbox.page(params.paymentId).catch(() => null);
      if (!p) throw new AppError('not_found', { detail: 'Платёж не найден' });
      return {
        status: 200,
        body: sandboxPageHtml({ id: p.id, amount: p.amount, description: p.description, status: p.status, returnUrl: p.return_url }),
      };
    },
    sandboxDecide: async ({ params, request, reply }) => {
      if (!deps.sandbox) throw new AppError('not_found');
      const p = await deps.sandbox.page(params.paymentId).catch(() => null);
      if (!p) throw new AppError('not_found', { detail: 'Платёж не найден' });
      await deps.sandbox.decide(p.id, params.decision);
      // The sandbox tells us the way YooKassa would: a notification that we verify by re-reading.
      await syncProviderPayment(paymentDeps(request), p.id);
      reply.header('location', p.return_url);
      return { status: 303, body: null };
    },
  });
}
