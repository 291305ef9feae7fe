/** A user of a running service process over real HTTP, as a browser would be: cookies kept,
 * Origin sent, the e-mail code read from the process's mail outbox. */
import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import type { Outbox } from './app.ts';

export class HttpUser {
  readonly cookies = new Map<string, string>();
  readonly base: string;
  readonly name = `u${randomUUID().slice(0, 8)}`;
  readonly email = `${this.name}@example.ru`;
  constructor(base: string) {
    this.base = base;
  }

  private get cookie() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request(method: string, path: string, body?: unknown): Promise<{ status: number; body: any; bytes: Buffer; headers: Headers }> {
    const form = body instanceof FormData;
    const res = await fetch(`${this.base}${path}`, {
      method,
      redirect: 'manual',
      headers: {
        origin: this.base,
        cookie: this.cookie,
        ...(body !== undefined && !form ? { 'content-type': 'application/json' } : {}),
      },
      body: body === undefined ? undefined : form ? body : JSON.stringify(body),
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const [name, value] = [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)];
      if (value === '' || /max-age=0/i.test(c)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const bytes = Buffer.from(await res.arrayBuffer());
    let parsed: any = bytes.toString();
    try {
      parsed = JSON.parse(parsed);
    } catch {
      // Not JSON: the body stays text.
    }
    return { status: res.status, body: parsed, bytes, headers: res.headers };
  }

  get = (path: string) => this.request('GET', path);
  post = (path: string, body: unknown = {}) => this.request('POST', path, body);

  /** Registers, enters the code from the e-mail, logs in. */
  async signUp(outbox: Outbox, password = 'password123'): Promise<this> {
    const reg = await this.post('/api/v1/registration/register/', { username: this.name, email: this.email, password });
    if (reg.status !== 201) throw new Error(`register: ${reg.status} ${JSON.stringify(reg.body)}`);
    const message = await outbox.waitFor(this.email, () => true);
    const code = /(\d{6})/.exec(message.text ?? '')![1];
    const verified = await this.post('/api/v1/registration/verify-email/', { code });
    if (verified.status !== 200) throw new Error(`verify: ${verified.status}`);
    const login = await this.post('/api/v1/auth/login/', { username_or_email: this.name, password });
    if (login.status !== 200) throw new Error(`login: ${login.status}`);
    return this;
  }

  /** Pays on the sandbox's own page the way the payer's browser does: open it, press «Оплатить». */
  async payInSandbox(confirmationUrl: string): Promise<number> {
    const path = new URL(confirmationUrl).pathname;
    const page = await this.get(path);
    if (page.status !== 200 || !String(page.body).includes('Тестовая оплата')) throw new Error(`sandbox page: ${page.status}`);
    const res = await fetch(`${this.base}${path}pay/`, {
      method: 'POST',
      redirect: 'manual',
      headers: { origin: this.base, cookie: this.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
    });
    return res.status;
  }

  /** The order's generation socket until the order is completed or failed; its last message. */
  async generationEnd(taskId: string): Promise<{ status: string; paper_id: number | null }> {
    const socket = new WebSocket(`${this.base.replace('http', 'ws')}/api/v1/users/ws/${taskId}`, {
      headers: { cookie: this.cookie, origin: this.base },
    });
    try {
      return await new Promise((resolve, reject) => {
        socket.on('message', (data) => {
          const message = JSON.parse(String(data));
          if (['completed', 'failed'].includes(message.status)) resolve(message);
        });
        socket.on('error', reject);
        socket.on('close', (code) => reject(new Error(`socket closed: ${code}`)));
      });
    } finally {
      socket.terminate();
    }
  }
}
