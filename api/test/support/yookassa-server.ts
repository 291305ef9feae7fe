/** A local stand-in for YooKassa API v3 at the protocol level. It checks what the real one checks:
 * Basic auth, the Idempotence-Key of every POST (same key, same answer for 24 h), the amount format
 * ("30.00" RUB), the receipt when one is sent (customer contact, items summing to the amount), that
 * only a succeeded payment is refunded and never beyond what was paid. It answers in YooKassa's
 * format, and misbehaves the way YooKassa does when a test asks it to: 429 with Retry-After, and
 * 500 "the result is unknown" after having done the work. The test plays the payer with `pay`,
 * `abandon` and `expire`, and reads what was asked with `requests`. */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';

interface Amount {
  value: string;
  currency: string;
}

export interface FakePayment {
  id: string;
  status: 'pending' | 'waiting_for_capture' | 'succeeded' | 'canceled';
  paid: boolean;
  capture: boolean;
  amount: Amount;
  refunded_amount?: Amount;
  description: string;
  metadata: Record<string, string>;
  confirmation: { type: 'redirect'; confirmation_url: string; return_url: string };
  cancellation_details?: { party: string; reason: string };
  created_at: string;
  receipt?: unknown;
}

export interface FakeRefund {
  id: string;
  payment_id: string;
  status: 'pending' | 'succeeded' | 'canceled';
  amount: Amount;
  description?: string;
  created_at: string;
  receipt?: unknown;
}

interface Answer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/** A misbehaviour for the next request that matches: answer `status`; with `afterWork`, do the
 * work first (YooKassa's 500 means "the result is unknown"). */
interface Fault {
  match: (method: string, path: string) => boolean;
  status: 429 | 500 | 503;
  afterWork?: boolean;
}

const AMOUNT = /^\d+\.\d{2}$/;
const cents = (a: Amount) => Math.round(Number(a.value) * 100);
const money = (c: number): Amount => ({ value: (c / 100).toFixed(2), currency: 'RUB' });

export async function startYooKassa(shopId: string, secretKey: string) {
  const payments = new Map<string, FakePayment>();
  const refunds = new Map<string, FakeRefund>();
  const idempotent = new Map<string, Answer>();
  const requests: { method: string; path: string; idempotenceKey?: string; body?: any }[] = [];
  const faults: Fault[] = [];
  /** Called after an answer is written (a test may kill its client there). */
  let afterAnswer: ((method: string, path: string) => void) | null = null;
  const error = (status: number, code: string, description: string): Answer => ({
    status,
    body: { type: 'error', id: randomUUID(), code, description },
  });

  function receiptProblem(receipt: any, amount: Amount): string | null {
    if (receipt === undefined) return null;
    if (!receipt?.customer?.email && !receipt?.customer?.phone) return 'Receipt customer contact is missing';
    if (!Array.isArray(receipt.items) || receipt.items.length === 0) return 'Receipt items are missing';
    const sum = receipt.items.reduce((n: number, i: any) => n + cents(i.amount) * Number(i.quantity), 0);
    if (sum !== cents(amount)) return 'Receipt items do not match the amount';
    if (
      receipt.items.some(
        (i: any) => !AMOUNT.test(i.amount?.value ?? '') || !i.vat_code || !i.description || String(i.description).length > 128,
      )
    )
      return 'Receipt item is invalid';
    return null;
  }

  function handle(req: IncomingMessage, raw: string): Answer {
    const expected = `Basic ${Buffer.from(`${shopId}:${secretKey}`).toString('base64')}`;
    if (req.headers.authorization !== expected) return error(401, 'invalid_credentials', 'Authentication by given credentials failed');
    const method = req.method!;
    const path = new URL(req.url!, 'http://x').pathname;
    const key = req.headers['idempotence-key'] as string | undefined;
    let body: any;
    try {
      body = raw ? JSON.parse(raw) : undefined;
    } catch {
      return error(400, 'invalid_request', 'Body is not JSON');
    }
    requests.push({ method, path, idempotenceKey: key, body });
    const faultIndex = faults.findIndex((f) => f.match(method, path));
    const fault = faultIndex >= 0 ? faults.splice(faultIndex, 1)[0] : null;
    if (fault?.status === 429) return { ...error(429, 'too_many_requests', 'Too many requests'), headers: { 'retry-after': '1' } };
    if (fault && !fault.afterWork) return error(fault.status, 'internal_server_error', 'Internal server error');
    let answer: Answer;
    if (method === 'POST') {
      if (!key) return error(400, 'invalid_request', 'Idempotence key is missing');
      const seen = idempotent.get(`${path}:${key}`);
      if (seen) answer = seen;
      else {
        answer = route(method, path, body);
        // Only what was processed is remembered under the key (a 4xx for bad input is not).
        if (answer.status < 400) idempotent.set(`${path}:${key}`, answer);
      }
    } else answer = route(method, path, body);
    return fault ? error(fault.status, 'internal_server_error', 'Internal server error; the result is unknown') : answer;
  }

  function route(method: string, path: string, body: any): Answer {
    if (method === 'POST' && path === '/v3/payments') {
      if (!AMOUNT.test(body?.amount?.value ?? '') || body.amount.currency !== 'RUB') return error(400, 'invalid_request', 'Invalid amount');
      const problem = receiptProblem(body.receipt, body.amount);
      if (problem) return error(400, 'invalid_request', problem);
      if (body.confirmation?.type !== 'redirect' || !body.confirmation.return_url)
        return error(400, 'invalid_request', 'Confirmation is required');
      const id = randomUUID();
      const p: FakePayment = {
        id,
        status: 'pending',
        paid: false,
        capture: body.capture === true,
        amount: body.amount,
        description: body.description,
        metadata: body.metadata ?? {},
        confirmation: {
          type: 'redirect',
          confirmation_url: `https://yoomoney.example/checkout/${id}`,
          return_url: body.confirmation.return_url,
        },
        created_at: new Date().toISOString(),
        ...(body.receipt ? { receipt: body.receipt } : {}),
      };
      payments.set(id, p);
      return { status: 200, body: p };
    }
    if (method === 'POST' && path === '/v3/refunds') {
      const p = payments.get(body?.payment_id);
      if (!p) return error(404, 'not_found', 'Payment not found');
      if (!AMOUNT.test(body?.amount?.value ?? '') || body.amount.currency !== 'RUB') return error(400, 'invalid_request', 'Invalid amount');
      if (p.status !== 'succeeded')
        return error(400, 'invalid_request', `Payment is ${p.status}: only a succeeded payment can be refunded`);
      const left = cents(p.amount) - (p.refunded_amount ? cents(p.refunded_amount) : 0);
      if (cents(body.amount) > left) return error(400, 'invalid_request', 'Refund amount exceeds the payment amount');
      const problem = receiptProblem(body.receipt, body.amount);
      if (problem) return error(400, 'invalid_request', problem);
      const r: FakeRefund = {
        id: randomUUID(),
        payment_id: p.id,
        status: 'succeeded',
        amount: body.amount,
        description: body.description,
        created_at: new Date().toISOString(),
        ...(body.receipt ? { receipt: body.receipt } : {}),
      };
      refunds.set(r.id, r);
      p.refunded_amount = money((p.refunded_amount ? cents(p.refunded_amount) : 0) + cents(body.amount));
      return { status: 200, body: r };
    }
    const refund = /^\/v3\/refunds\/([^/]+)$/.exec(path);
    if (refund && method === 'GET') {
      const r = refunds.get(refund[1]);
      return r ? { status: 200, body: r } : error(404, 'not_found', 'Refund not found');
    }
    const m = /^\/v3\/payments\/([^/]+)(?:\/(capture|cancel))?$/.exec(path);
    const p = m && payments.get(m[1]);
    if (!p) return error(404, 'not_found', 'Payment not found');
    if (method === 'GET' && !m![2]) return { status: 200, body: p };
    if (method === 'POST' && m![2] === 'capture') {
      if (p.status !== 'waiting_for_capture') return error(400, 'invalid_request', `Payment is ${p.status}`);
      p.status = 'succeeded';
      return { status: 200, body: p };
    }
    if (method === 'POST' && m![2] === 'cancel') {
      // As in YooKassa: only a payment waiting for capture can be cancelled through the API.
      if (p.status !== 'waiting_for_capture') return error(400, 'invalid_request', `Payment is ${p.status}`);
      p.status = 'canceled';
      p.paid = false;
      return { status: 200, body: p };
    }
    return error(405, 'invalid_request', 'Method not allowed');
  }

  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const { status, body, headers } = handle(req, raw);
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify(body), () => afterAnswer?.(req.method!, new URL(req.url!, 'http://x').pathname));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const payment = (id: string) => {
    const p = payments.get(id);
    if (!p) throw new Error(`no payment ${id}`);
    return p;
  };
  return {
    url: `http://127.0.0.1:${port}/v3`,
    payments,
    refunds,
    requests,
    faults,
    onAnswer(callback: ((method: string, path: string) => void) | null) {
      afterAnswer = callback;
    },
    /** The payer confirms at YooKassa: a single-stage payment succeeds at once, a two-stage one waits for capture. */
    pay(id: string) {
      const p = payment(id);
      if (p.status !== 'pending') throw new Error(`payment ${id} is ${p.status}`);
      p.status = p.capture ? 'succeeded' : 'waiting_for_capture';
      p.paid = true;
    },
    /** The payer gives up at YooKassa. */
    abandon(id: string) {
      const p = payment(id);
      p.status = 'canceled';
      p.cancellation_details = { party: 'yoo_money', reason: 'canceled_by_merchant' };
    },
    /** Nobody paid in time: YooKassa cancels the pending payment itself. */
    expire(id: string) {
      const p = payment(id);
      if (p.status !== 'pending') return;
      p.status = 'canceled';
      p.cancellation_details = { party: 'yoo_money', reason: 'expired_on_confirmation' };
    },
    notification: (event: string, id: string) => ({
      type: 'notification',
      event,
      object: { ...(event.startsWith('refund.') ? refunds.get(id) : payments.get(id)) },
    }),
    /** Refunded rubles of a payment at YooKassa. */
    refundedOf: (id: string) => {
      const r = payments.get(id)?.refunded_amount;
      return r ? cents(r) / 100 : 0;
    },
    /** What YooKassa took and gave back, in rubles (compare with ours: expectMoneyBalanced). */
    books() {
      let captured = 0;
      let refunded = 0;
      for (const p of payments.values()) {
        if (p.status === 'succeeded') captured += cents(p.amount);
        if (p.refunded_amount) refunded += cents(p.refunded_amount);
      }
      return { captured: captured / 100, refunded: refunded / 100 };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type FakeYooKassa = Awaited<ReturnType<typeof startYooKassa>>;
