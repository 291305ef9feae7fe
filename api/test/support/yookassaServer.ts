/** A local stand-in for YooKassa API v3 at the protocol level: it checks Basic auth, the
 * Idempotence-Key of every POST (same key, same answer), the amount format ("30.00" RUB), the
 * receipt (customer e-mail, items summing to the amount), and answers in YooKassa's format. The
 * test plays the payer with `pay` and reads what was asked with `requests`. */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';

export interface FakePayment {
  id: string;
  status: 'pending' | 'waiting_for_capture' | 'succeeded' | 'canceled';
  paid: boolean;
  amount: { value: string; currency: string };
  description: string;
  metadata: Record<string, string>;
  confirmation: { type: 'redirect'; confirmation_url: string; return_url: string };
  created_at: string;
  receipt: unknown;
}

const AMOUNT = /^\d+\.\d{2}$/;

export async function startYooKassa(shopId: string, secretKey: string) {
  const payments = new Map<string, FakePayment>();
  const idempotent = new Map<string, { status: number; body: unknown }>();
  const requests: { method: string; path: string; idempotenceKey?: string; body?: any }[] = [];
  const error = (status: number, code: string, description: string) => ({ status, body: { type: 'error', id: randomUUID(), code, description } });

  function handle(req: IncomingMessage, raw: string): { status: number; body: unknown } {
    const expected = `Basic ${Buffer.from(`${shopId}:${secretKey}`).toString('base64')}`;
    if (req.headers.authorization !== expected) return error(401, 'invalid_credentials', 'Authentication by given credentials failed');
    const path = new URL(req.url!, 'http://x').pathname;
    const key = req.headers['idempotence-key'] as string | undefined;
    const body = raw ? JSON.parse(raw) : undefined;
    requests.push({ method: req.method!, path, idempotenceKey: key, body });
    if (req.method === 'POST') {
      if (!key) return error(400, 'invalid_request', 'Idempotence key is missing');
      const seen = idempotent.get(`${path}:${key}`);
      if (seen) return seen;
    }
    const result = route(req.method!, path, body);
    if (req.method === 'POST' && key) idempotent.set(`${path}:${key}`, result);
    return result;
  }

  function route(method: string, path: string, body: any): { status: number; body: unknown } {
    if (method === 'POST' && path === '/v3/payments') {
      if (!AMOUNT.test(body?.amount?.value ?? '') || body.amount.currency !== 'RUB') return error(400, 'invalid_request', 'Invalid amount');
      const receipt = body.receipt;
      if (!receipt?.customer?.email || !Array.isArray(receipt.items) || receipt.items.length === 0) return error(400, 'invalid_request', 'Receipt is missing or invalid');
      const itemsSum = receipt.items.reduce((n: number, i: any) => n + Number(i.amount.value) * Number(i.quantity), 0);
      if (itemsSum.toFixed(2) !== body.amount.value || receipt.items.some((i: any) => !AMOUNT.test(i.amount.value) || !i.vat_code || !i.description)) {
        return error(400, 'invalid_request', 'Receipt items do not match the amount');
      }
      if (body.confirmation?.type !== 'redirect' || !body.confirmation.return_url) return error(400, 'invalid_request', 'Confirmation is required');
      const id = randomUUID();
      const p: FakePayment = {
        id,
        status: 'pending',
        paid: false,
        amount: body.amount,
        description: body.description,
        metadata: body.metadata ?? {},
        confirmation: { type: 'redirect', confirmation_url: `https://yoomoney.example/checkout/${id}`, return_url: body.confirmation.return_url },
        created_at: new Date().toISOString(),
        receipt,
      };
      payments.set(id, p);
      return { status: 200, body: p };
    }
    const m = /^\/v3\/payments\/([^/]+)(?:\/(capture|cancel))?$/.exec(path);
    const p = m && payments.get(m[1]);
    if (!p) return error(404, 'not_found', 'Payment not found');
    if (method === 'GET' && !m![2]) return { status: 200, body: p };
    if (method === 'POST' && m![2] === 'capture') {
      if (p.status !== 'waiting_for_capture') return error(400, 'invalid_request', `Payment is ${p.status}`);
      if (body?.amount && body.amount.value !== p.amount.value) return error(400, 'invalid_request', 'Capture amount differs');
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
      const { status, body } = handle(req, raw);
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/v3`,
    payments,
    requests,
    /** The payer confirms at YooKassa: the money is held, waiting for capture. */
    pay(id: string) {
      const p = payments.get(id)!;
      p.status = 'waiting_for_capture';
      p.paid = true;
    },
    /** The payer gives up at YooKassa. */
    abandon(id: string) {
      payments.get(id)!.status = 'canceled';
    },
    notification: (event: string, id: string) => ({ type: 'notification', event, object: { ...payments.get(id) } }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
