/**
 * The fuzzer: malformed requests against every endpoint of the contract (walked from `contract`,
 * so a new endpoint is covered without touching this file), the multipart body of payment/create,
 * the two order sockets, and paths that do not exist. Deterministic: the same seed sends the same
 * requests. Each answer is judged: a 5xx is a failure, and so is a 4xx without a `code` of the
 * contract whose status is the answer's status, or without a Russian `detail`.
 * Used by `npm run fuzz -w api` (fuzz/run.ts) and by a smaller run in the test suite.
 */
import { ERRORS, contract, type ErrorCode } from '@app/contract';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { WebSocket } from 'ws';
import { z, type ZodTypeAny } from 'zod';
import { buildZip } from '../../paper/dev/zip.ts';
import { hashPassword, hashToken, newToken } from '../src/modules/accounts/secrets.ts';
import type { Storage } from '../src/storage/storage.ts';

export interface FuzzTarget {
  app: FastifyInstance;
  sql: (text: string, params?: unknown[]) => Promise<{ rows: any[] }>;
  storage: Storage;
  /** Origins the app trusts (the first is its own). */
  trustedOrigins: string[];
}

export interface FuzzReport {
  sent: number;
  /** Answers by HTTP status, and socket outcomes (`ws <close code>`, `ws message`, `ws upgrade <status>`). */
  byStatus: Record<string, number>;
  serverErrors: number;
  /** Each failure with what reproduces it (seed and request number). */
  failures: string[];
}

// ---------- deterministic randomness ----------

/** mulberry32: small, fast, and the same sequence for the same seed everywhere. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  return {
    next,
    int,
    chance: (p: number) => next() < p,
    pick: <T>(items: readonly T[]): T => items[int(items.length)],
    bytes: (n: number) => Buffer.from(Array.from({ length: n }, () => int(256))),
  };
}
type Random = ReturnType<typeof random>;

const token = (g: Random) => g.bytes(32).toString('base64url');
const uuid = (g: Random) => {
  const h = g.bytes(16).toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
};

// ---------- the world the requests are aimed at ----------

/** Two users and their things: the owner's session is the one the fuzzer sends; the other user's
 * ids are the foreign ones it must never reach. */
export interface FuzzWorld {
  owner: { id: number; token: string; paperId: number; reviewId: number; shareToken: string; linkId: number };
  other: {
    id: number;
    token: string;
    paperId: number;
    reviewId: number;
    shareToken: string;
    linkId: number;
    orderId: string;
    paymentId: string;
  };
}

/** A report as the engine stores it (its schema is checked when it is served). */
const EVIDENCE = {
  title: 'Цифровая трансформация малого бизнеса',
  entries: [],
  works: [],
  summary: { citations: 0, works: 0, fullTexts: 0, repaired: 0, rewritten: 0, removed: 0 },
};

const PASSWORD = 'password123';
let passwordHash: Promise<string> | undefined;

async function createUser(target: FuzzTarget, name: string) {
  passwordHash ??= hashPassword(PASSWORD);
  const { rows } = await target.sql(
    `insert into users (username, email, password_hash, email_verified_at) values ($1, $2, $3, now()) returning id`,
    [name, `${name}@example.ru`, await passwordHash],
  );
  const id = rows[0].id as number;
  const sessionToken = newToken();
  await target.sql(`insert into sessions (user_id, token_hash, expires_at) values ($1, $2, now() + interval '1 day')`, [
    id,
    hashToken(sessionToken),
  ]);
  const paper = await target.sql(
    `insert into papers (user_id, type, tariff, title, annotation, structure, options, docx_key, pdf_key, evidence_key, page_count, paid_at)
     values ($1, 'full', 'basic', 'Цифровая трансформация малого бизнеса', 'Аннотация', '{}', '{"min_publication_year":2015,"required_volume":80,"references":[]}', $2, $3, $4, 80, now()) returning id`,
    [id, `papers/fuzz-${id}/paper.docx`, `papers/fuzz-${id}/preview.pdf`, `papers/fuzz-${id}/evidence`],
  );
  const paperId = paper.rows[0].id as number;
  // Its report and a supervisor's link to it: the link's token is a path value like the ids.
  await target.storage.put(`papers/fuzz-${id}/evidence.json`, Buffer.from(JSON.stringify(EVIDENCE)), 'application/json');
  await target.storage.put(
    `papers/fuzz-${id}/evidence.docx`,
    buildZip([{ name: 'word/document.xml', data: Buffer.from('<w:document/>') }]),
    'application/octet-stream',
  );
  await target.storage.put(`papers/fuzz-${id}/evidence.pdf`, Buffer.from('%PDF-1.4\n%%EOF\n'), 'application/pdf');
  const shareToken = newToken();
  const link = await target.sql(
    `insert into share_links (paper_id, version, token_hash, expires_at) values ($1, 1, $2, now() + interval '30 days') returning id`,
    [paperId, hashToken(shareToken)],
  );
  await target.storage.put(
    `papers/fuzz-${id}/paper.docx`,
    buildZip([{ name: 'word/document.xml', data: Buffer.from('<w:document/>') }]),
    'application/octet-stream',
  );
  await target.storage.put(`papers/fuzz-${id}/preview.pdf`, Buffer.from('%PDF-1.4\n%%EOF\n'), 'application/pdf');
  const review = await target.sql(
    `insert into reviews (user_id, paper_id, rating, comment) values ($1, $2, 5, 'Хорошая работа, спасибо') returning id`,
    [id, paperId],
  );
  return { id, token: sessionToken, paperId, reviewId: review.rows[0].id as number, shareToken, linkId: link.rows[0].id as number };
}

export async function prepareWorld(target: FuzzTarget, name = 'fuzz'): Promise<FuzzWorld> {
  const other = await createUser(target, `${name}_other`);
  const owner = await createUser(target, `${name}_owner`);
  const form = multipartOf([{ name: 'purchase_json', value: JSON.stringify(validPurchase()) }], 'fuzz-boundary');
  const res = await target.app.inject({
    method: 'POST',
    url: '/api/v1/payment/create/',
    payload: form,
    headers: { 'content-type': 'multipart/form-data; boundary=fuzz-boundary', cookie: `session=${other.token}` },
  });
  if (res.statusCode !== 200) throw new Error(`fuzz world: payment/create answered ${res.statusCode} ${res.body}`);
  const { task_id, payment_id } = res.json().data;
  return { owner, other: { ...other, orderId: task_id, paymentId: payment_id } };
}

/** The owner loses the session (logout, password change, account deletion...) to a request that
 * happened to be valid: a new owner takes over, so that later requests are authenticated again. */
async function keepOwner(target: FuzzTarget, world: FuzzWorld, generation: number) {
  const { rows } = await target.sql(
    `select 1 from sessions s join users u on u.id = s.user_id where s.token_hash = $1 and s.revoked_at is null and u.deleted_at is null`,
    [hashToken(world.owner.token)],
  );
  if (rows.length === 0) world.owner = await createUser(target, `fuzz_owner_${generation}`);
}

// ---------- values ----------

const BAD_VALUES: unknown[] = [
  null,
  0,
  -1,
  1.5,
  1e308,
  2 ** 31,
  2 ** 53 + 2,
  true,
  false,
  [],
  {},
  ['a'],
  [[[]]],
  { $ne: '' },
  { $gt: 0 },
  '',
  ' ',
  '\t\n',
  'x'.repeat(10_000),
  '\u0000',
  'a\u0000b',
  '\u202e\u200b',
  '💥'.repeat(300),
  '\ud800',
  'é'.repeat(21),
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '../../etc/passwd',
  '%00',
  '%E0%A4%A',
  '١٢٣٤٥٦',
  '１２３４５６',
  '123456\n',
  ' 123456',
  '12345',
  '1234567',
  'aaa@',
  '@example.ru',
  'юзер@пример.рф',
  `${'a'.repeat(250)}@example.ru`,
  'null',
  'undefined',
  'NaN',
  '-0',
  '1e3',
  '0x10',
  'true',
];

/** Values a valid request would carry, by field name (the fuzzer breaks some of them). */
const GOOD: Record<string, () => unknown> = {
  username: () => 'fuzz_new_user',
  email: () => 'fuzz.new@example.ru',
  password: () => 'newpassword1',
  code: () => '123456',
  username_or_email: () => 'fuzz_owner',
  rating: () => 5,
  comment: () => 'Отличная работа, спасибо большое',
  offset: () => '0',
  limit: () => '10',
  search: () => 'цифровая',
  paper_type: () => 'full',
  order_by: () => 'id_desc',
  only_user_reviews: () => 'true',
};

function goodValue(name: string, schema: ZodTypeAny | undefined): unknown {
  if (GOOD[name]) return GOOD[name]();
  let s: any = schema;
  for (let i = 0; i < 10 && s; i++) {
    if (s instanceof z.ZodString) return 'значение поля';
    if (s instanceof z.ZodNumber) return 1;
    if (s instanceof z.ZodBoolean) return true;
    if (s instanceof z.ZodEnum) return s.options[0];
    s = s._def?.innerType ?? s._def?.schema ?? s._def?.type;
  }
  return 'значение';
}

/** The keys of an object schema, through optional/default/effects wrappers. */
function shapeOf(schema: unknown): Record<string, ZodTypeAny> | null {
  let s: any = schema;
  for (let i = 0; i < 10 && s; i++) {
    if (s instanceof z.ZodObject) return s.shape;
    s = s._def?.innerType ?? s._def?.schema;
  }
  return null;
}

function validPurchase() {
  return {
    kind: 'new',
    title: 'Цифровая трансформация малого бизнеса в регионах России',
    use_footnotes: false,
    separate_bibliography: false,
    min_publication_year: 2015,
    required_volume: 80,
    gost_citations: [],
    user_structure: null,
    model_name: 'basic',
    paper_type: 'demo',
  };
}

// ---------- the contract's routes ----------

interface Route {
  name: string;
  method: string;
  path: string;
  body?: unknown;
  query?: unknown;
  multipart: boolean;
}

function contractRoutes(): Route[] {
  const routes: Route[] = [];
  const walk = (node: Record<string, any>, prefix: string) => {
    for (const [key, value] of Object.entries(node)) {
      if (value && typeof value.method === 'string' && typeof value.path === 'string') {
        routes.push({
          name: `${prefix}${key}`,
          method: value.method,
          path: value.path,
          body: value.body,
          query: value.query,
          multipart: value.contentType === 'multipart/form-data',
        });
      } else if (value && typeof value === 'object') {
        walk(value, `${prefix}${key}.`);
      }
    }
  };
  walk(contract, '');
  return routes;
}

function pathParamValue(g: Random, world: FuzzWorld, name: string): string {
  const own = {
    paperId: world.owner.paperId,
    id: world.owner.reviewId,
    token: world.owner.shareToken,
    linkId: world.owner.linkId,
    version: 1,
  }[name];
  const foreign = {
    paperId: world.other.paperId,
    id: world.other.reviewId,
    paymentId: world.other.paymentId,
    token: world.other.shareToken,
    linkId: world.other.linkId,
  }[name];
  const good = { code: 'HALF', decision: 'pay', paymentId: `sbx_${world.other.paymentId}` }[name];
  const bad = [
    '0',
    '-1',
    '1.5',
    '2147483648',
    '99999999999999999999',
    'abc',
    '1e3',
    ' 1',
    '%20',
    '%00',
    '..%2F..%2F',
    '%E0%A4%A',
    'ёжик',
    'x'.repeat(300),
    '%F0%9F%92%A5',
    'null',
    '[]',
    '{}',
  ];
  return String(g.pick([own, foreign, good, ...bad].filter((v) => v !== undefined)));
}

// ---------- request builders ----------

interface FuzzRequest {
  method: InjectOptions['method'];
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

function cookieHeader(g: Random, world: FuzzWorld): string | undefined {
  return g.pick([
    `session=${world.owner.token}`,
    `session=${world.owner.token}`,
    `session=${world.owner.token}`,
    undefined,
    `session=${token(g)}`,
    `session=${'a'.repeat(4000)}`,
    'session=',
    'session=%E0%A4%A',
    `session=${world.owner.token}; session=${token(g)}`,
    '=;;;==',
    `verification_token=${token(g)}; recovery_token=${'x'.repeat(200)}; session=${world.owner.token}`,
    `session="${world.owner.token}"`,
  ]);
}

function originHeader(g: Random, target: FuzzTarget): string | undefined {
  // Mostly none or our own, so that most requests get past the Origin check to what they break.
  if (g.chance(0.85)) return g.pick([undefined, target.trustedOrigins[0]]);
  return g.pick(['https://evil.example', 'null', 'not a url', 'http://localhost:8000.evil.example', '']);
}

/** encodeURIComponent, except that a lone surrogate goes out as the bytes it would be (invalid UTF-8). */
function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return text.replace(/[\ud800-\udfff]/g, '%ED%A0%80').replace(/[^%\w.~-]/g, (c) => encodeURIComponent(c));
  }
}

function queryString(g: Random, query: unknown): string {
  const shape = shapeOf(query) ?? {};
  const keys = Object.keys(shape);
  const pairs: [string, string][] = [];
  for (const key of keys) if (g.chance(0.7)) pairs.push([key, String(goodValue(key, shape[key]))]);
  const n = g.int(3);
  for (let i = 0; i < n; i++) {
    const key = g.chance(0.7) && keys.length ? g.pick(keys) : g.pick(['unknown', '__proto__', 'constructor', 'a[b]', 'offset[]', '']);
    pairs.push([key, String(g.pick(BAD_VALUES))]);
  }
  if (!pairs.length) return '';
  const encoded = pairs.map(([k, v]) => `${encode(k)}=${g.chance(0.1) ? v : encode(v)}`).join('&');
  return `?${g.chance(0.05) ? encoded + '&%' : encoded}`;
}

function jsonBody(g: Random, world: FuzzWorld, body: unknown): { payload: string; contentType: string } {
  const shape = shapeOf(body);
  const fields: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(shape ?? {})) fields[key] = goodValue(key, schema);
  // Ids of the other user's things: reaching them must fail like any other bad value.
  if ('payment_id' in fields) fields.payment_id = g.pick([world.other.paymentId, uuid(g)]);
  const keys = Object.keys(fields);
  const kind = g.int(10);
  if (kind < 6 && keys.length) {
    // One to three fields broken, or missing.
    for (let i = 0, n = 1 + g.int(3); i < n; i++) {
      const key = g.pick(keys);
      if (g.chance(0.2)) delete fields[key];
      else fields[key] = g.pick(BAD_VALUES);
    }
    if (g.chance(0.2)) fields[g.pick(['unexpected', 'is_admin', 'constructor'])] = g.pick(BAD_VALUES);
    return { payload: JSON.stringify(fields), contentType: 'application/json' };
  }
  // Deep nesting written as text: building it as an object would overflow our own stack first.
  const depth = g.pick([10, 100, 1000, 5000]);
  const nested = g.chance(0.5) ? `${'{"n":'.repeat(depth)}"deep"${'}'.repeat(depth)}` : `${'['.repeat(depth)}${']'.repeat(depth)}`;
  const raw = g.pick<string>([
    '',
    '{',
    '{"a":',
    'null',
    '[]',
    '"text"',
    '42',
    '{"__proto__":{"admin":true}}',
    '{"constructor":{"prototype":{"admin":true}}}',
    JSON.stringify([fields]),
    `${JSON.stringify(fields).slice(0, -1)}${keys.length ? ',' : ''}"nested":${nested}}`,
    `\ufeff${JSON.stringify(fields)}`,
    JSON.stringify(fields).slice(0, Math.max(1, JSON.stringify(fields).length - 3)),
    JSON.stringify({ ...fields, padding: 'p'.repeat(70_000) }),
    Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]).toString('latin1'),
  ]);
  const contentType = g.pick([
    'application/json',
    'application/json',
    'application/json; charset=utf-8',
    'application/json; charset=latin1',
    'APPLICATION/JSON',
    'text/plain',
    'application/x-www-form-urlencoded',
    'application/xml',
    'application/octet-stream',
    'multipart/form-data',
    'multipart/form-data; boundary=x',
    'application/vnd.api+json',
    ';;;',
    '',
  ]);
  return { payload: raw, contentType };
}

interface FormPart {
  name: string;
  value: string | Buffer;
  fileName?: string;
  contentType?: string;
}

function multipartOf(parts: FormPart[], boundary: string): Buffer {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.fileName !== undefined ? `; filename="${p.fileName}"` : ''}`;
    const type = p.contentType
      ? `\r\nContent-Type: ${p.contentType}`
      : p.fileName !== undefined
        ? '\r\nContent-Type: application/octet-stream'
        : '';
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`),
      Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

const SOURCE_TEXT = 'Цифровая трансформация малого бизнеса требует поддержки государства. ';

let bomb: Buffer | undefined;

function fileContent(g: Random): Buffer {
  const docx = () =>
    buildZip([
      { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
      { name: 'word/document.xml', data: Buffer.from(`<w:document>${SOURCE_TEXT}</w:document>`) },
    ]);
  switch (g.int(12)) {
    case 0:
      return Buffer.from(SOURCE_TEXT.repeat(1 + g.int(200)));
    case 1:
      return g.bytes(1 + g.int(5000));
    case 2:
      return Buffer.alloc(0);
    case 3:
      return Buffer.from(`%PDF-1.4\n${'1 0 obj << >> endobj\n'.repeat(g.int(20))}trailer\n%%EOF\n`);
    case 4:
      return Buffer.from(`%PDF-1.7\n${SOURCE_TEXT}`);
    case 5:
      return docx();
    case 6:
      return docx().subarray(0, 40 + g.int(60));
    case 7:
      return buildZip([{ name: 'notes.txt', data: Buffer.from(SOURCE_TEXT) }]);
    case 8:
      return Buffer.concat([Buffer.from(SOURCE_TEXT.repeat(50)), Buffer.from([0]), Buffer.from(SOURCE_TEXT)]);
    case 9:
      return Buffer.from([0xd0, 0xcf, 0x11, 0xe0, ...g.bytes(200)]);
    case 10:
      return (bomb ??= buildZip([{ name: 'word/document.xml', data: Buffer.alloc(50 * 1024 * 1024, 0x20) }]));
    default:
      return Buffer.from(`${SOURCE_TEXT.repeat(20)}${String.fromCharCode(0xe9)}`, 'latin1');
  }
}

function multipartBody(g: Random, world: FuzzWorld): { payload: Buffer; contentType: string } {
  const parts: FormPart[] = [];
  const purchase: Record<string, unknown> = g.chance(0.8)
    ? validPurchase()
    : { kind: 'from_demo', paper_id: g.pick([world.owner.paperId, world.other.paperId, 0, -1]), paper_type: 'full', model_name: 'basic' };
  for (let i = 0, n = g.int(3); i < n; i++) purchase[g.pick(Object.keys(purchase).concat(['unknown']))] = g.pick(BAD_VALUES);
  const files = g.pick([0, 0, 1, 1, 2, 3, 5, 6, 8]);
  purchase.gost_citations = Array.from(
    { length: g.chance(0.8) ? files : g.int(7) },
    (_, i) => `Автор ${i}. Название источника. – М. : Наука, 2020. – 100 с.`,
  );
  if (g.chance(0.9))
    parts.push({
      name: 'purchase_json',
      value: g.chance(0.9) ? JSON.stringify(purchase) : g.pick(['{', '', 'null', '[]', '"x"', `{"title":"\\u0000"}`]),
    });
  if (g.chance(0.2)) parts.push({ name: 'promo_code', value: String(g.pick(['HALF', '', 'x'.repeat(100), 'A\u0000', ...BAD_VALUES])) });
  if (g.chance(0.1)) parts.push({ name: 'from_telegram', value: g.pick(['true', 'false', 'yes', '']) });
  for (let i = 0; i < files; i++) {
    const ext = g.pick(['txt', 'pdf', 'docx', 'TXT', 'exe', 'doc', '', 'pdf.exe', 'txt ']);
    const base = g.pick(['source', 'источник', '../../etc/passwd', 'a"b', 'ф'.repeat(300), 'line\r\nbreak', 'nul\u0000name', '']);
    parts.push({
      name: 'files',
      value: fileContent(g),
      fileName: ext ? `${base}.${ext}` : base,
      contentType: g.pick([undefined, 'text/plain', 'application/pdf', 'image/png']),
    });
  }
  if (g.chance(0.1))
    parts.push({
      name: g.pick(['avatar', 'file', '__proto__', 'purchase_json', 'files', 'x'.repeat(300)]),
      value: g.chance(0.5) ? 'value' : g.bytes(100),
      ...(g.chance(0.5) ? { fileName: 'extra.txt' } : {}),
    });
  if (g.chance(0.002)) parts.push({ name: 'files', value: Buffer.alloc(21 * 1024 * 1024, 'a'), fileName: 'big.txt' });
  for (let i = parts.length - 1; i > 0 && g.chance(0.1); i--) {
    const j = g.int(i + 1);
    [parts[i], parts[j]] = [parts[j], parts[i]];
  }
  const boundary = g.pick(['fuzz-boundary', '----WebKitFormBoundary7MA4YWxkTrZu0gW', 'x', 'a b', 'ё']);
  let payload = multipartOf(parts, boundary);
  // Damage on the wire: cut short, bytes flipped, garbage inserted.
  if (g.chance(0.2)) payload = payload.subarray(0, g.int(payload.length));
  if (g.chance(0.1)) for (let i = 0, n = 1 + g.int(20); i < n && payload.length; i++) payload[g.int(payload.length)] = g.int(256);
  if (g.chance(0.05)) {
    const at = g.int(payload.length + 1);
    payload = Buffer.concat([payload.subarray(0, at), g.bytes(1 + g.int(500)), payload.subarray(at)]);
  }
  const contentType = g.pick([
    `multipart/form-data; boundary=${boundary}`,
    `multipart/form-data; boundary=${boundary}`,
    `multipart/form-data; boundary=${boundary}`,
    `multipart/form-data; boundary="${boundary}"`,
    `multipart/form-data; charset=utf-8; boundary=${boundary}`,
    'multipart/form-data',
    'multipart/form-data; boundary=',
    `multipart/form-data; boundary=${'b'.repeat(100)}`,
    `multipart/mixed; boundary=${boundary}`,
    'application/json',
  ]);
  return { payload, contentType };
}

function httpRequest(g: Random, world: FuzzWorld, target: FuzzTarget, routes: Route[]): FuzzRequest {
  const headers: Record<string, string> = {};
  const cookie = cookieHeader(g, world);
  if (cookie) headers.cookie = cookie;
  const origin = originHeader(g, target);
  if (origin) headers.origin = origin;
  if (g.chance(0.05)) headers['x-forwarded-for'] = g.pick(['not an ip', '1.1.1.1, 2.2.2.2', '::1', '']);
  if (g.chance(0.05)) headers.accept = g.pick(['text/html', '*/*', 'application/xml', '']);

  const kind = g.int(100);
  if (kind < 5) {
    // A path that does not exist, or an existing one spoiled.
    const route = g.pick(routes);
    const url = g.pick([
      `/api/v1/${g.pick(['nope', 'users/me/extra', 'payment', '', '..', '%2e%2e/etc/passwd', 'papers//1/', 'x'.repeat(2000)])}`,
      `${route.path.replace(/:\w+/g, '1')}${g.pick(['x', '/x', '//', '%', '%00', '?%', '#frag', ';jsessionid=1'])}`,
      route.path.replace(/:\w+/g, '%E0%A4%A'),
      // The sockets' paths asked as plain HTTP.
      `${g.pick(['/api/v1/payment/ws/', '/api/v1/users/ws/'])}${g.pick([world.other.orderId, 'abc', ''])}`,
    ]);
    return { method: g.pick(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']), url, headers };
  }
  const route = kind < 25 ? (routes.find((r) => r.multipart) ?? g.pick(routes)) : g.pick(routes);
  const path = route.path.replace(/:(\w+)/g, (_, name: string) =>
    g.chance(0.9) ? encode(pathParamValue(g, world, name)) : pathParamValue(g, world, name),
  );
  const method = g.chance(0.03) ? g.pick(['PUT', 'PATCH', 'DELETE', 'POST', 'GET']) : route.method;
  const url = `${path}${route.query || g.chance(0.1) ? queryString(g, route.query) : ''}`;
  if (route.multipart) {
    const { payload, contentType } = multipartBody(g, world);
    return { method: method as InjectOptions['method'], url, headers: { ...headers, 'content-type': contentType }, payload };
  }
  if (method === 'GET' && g.chance(0.9)) return { method, url, headers };
  const { payload, contentType } = jsonBody(g, world, route.body);
  return {
    method: method as InjectOptions['method'],
    url,
    headers: contentType ? { ...headers, 'content-type': contentType } : headers,
    payload,
  };
}

// ---------- sockets ----------

async function socketCase(g: Random, world: FuzzWorld, target: FuzzTarget): Promise<string> {
  const ownOrder = (await target.sql(`select id from orders where user_id = $1 order by created_at desc limit 1`, [world.owner.id])).rows[0]
    ?.id as string | undefined;
  const id = g.pick([
    ownOrder ?? world.other.orderId,
    world.other.orderId,
    uuid(g),
    world.other.orderId.toUpperCase(),
    'abc',
    '',
    '%00',
    'x'.repeat(500),
    '..%2F..%2F',
    '1',
  ]);
  const path = `${g.pick(['/api/v1/payment/ws/', '/api/v1/users/ws/'])}${id}`;
  const headers: Record<string, string> = {};
  const cookie = cookieHeader(g, world);
  if (cookie) headers.cookie = cookie;
  const origin = originHeader(g, target);
  if (origin) headers.origin = origin;
  let ws: WebSocket;
  try {
    ws = await (target.app as unknown as { injectWS: (p: string, c: object) => Promise<WebSocket> }).injectWS(path, { headers });
  } catch (error) {
    const status = /(\d{3})/.exec(String((error as Error).message))?.[1] ?? 'error';
    return `ws upgrade ${status}`;
  }
  const frames = g.int(4);
  let big = false;
  const outcome = new Promise<string>((resolve) => {
    ws.on('message', () => !big && resolve('ws message'));
    ws.on('close', (code) => resolve(`ws ${code}`));
    ws.on('error', () => undefined);
  });
  for (let i = 0; i < frames && ws.readyState === ws.OPEN; i++) {
    const frame = g.pick(['garbage', '{"status":"completed"}', 'x'.repeat(3000), g.bytes(64), g.bytes(10_000), '\u0000']);
    if (frame.length > 4096) big = true;
    ws.send(frame);
  }
  // Every socket either says something (the current state) or is closed; none stays silent.
  const silent = new Promise<string>((resolve) => setTimeout(() => resolve('ws silent'), 10_000).unref());
  const result = await Promise.race([outcome, silent]);
  ws.terminate();
  return result;
}

// ---------- the run ----------

/** What is wrong with an answer, or null. */
function judge(status: number, body: string): string | null {
  if (status >= 500) return `${status}`;
  if (status < 400) return null;
  let parsed: { detail?: unknown; code?: ErrorCode };
  try {
    parsed = JSON.parse(body);
  } catch {
    return `${status} without a JSON body`;
  }
  const code = parsed?.code;
  if (!code || !(code in ERRORS)) return `${status} without a code of the contract`;
  if (ERRORS[code].status !== status) return `${status} with code ${code}, whose status is ${ERRORS[code].status}`;
  const detail = typeof parsed.detail === 'string' ? parsed.detail : JSON.stringify(parsed.detail ?? '');
  if (!/[а-яё]/i.test(detail)) return `${status} without a Russian detail`;
  return null;
}

export async function runFuzz(
  target: FuzzTarget,
  world: FuzzWorld,
  options: { seed: number; requests: number; serverErrors?: () => number; onProgress?: (sent: number) => void },
): Promise<FuzzReport> {
  const g = random(options.seed);
  const routes = contractRoutes();
  const report: FuzzReport = { sent: 0, byStatus: {}, serverErrors: 0, failures: [] };
  const errorsBefore = options.serverErrors?.() ?? 0;
  for (let i = 0; i < options.requests; i++) {
    if (i % 20 === 0) await keepOwner(target, world, i);
    if (g.chance(0.08)) {
      const outcome = await socketCase(g, world, target);
      report.byStatus[outcome] = (report.byStatus[outcome] ?? 0) + 1;
      if (/^ws (1011|upgrade 5\d\d|silent)/.test(outcome)) report.failures.push(`#${i} (seed ${options.seed}) socket: ${outcome}`);
    } else {
      const request = httpRequest(g, world, target, routes);
      const res = await target.app.inject({
        method: request.method,
        url: request.url,
        headers: request.headers,
        ...(request.payload !== undefined ? { payload: request.payload } : {}),
      });
      report.byStatus[res.statusCode] = (report.byStatus[res.statusCode] ?? 0) + 1;
      const problem = judge(res.statusCode, res.body);
      if (problem) {
        const payload = request.payload === undefined ? '' : ` ${JSON.stringify(String(request.payload).slice(0, 120))}`;
        report.failures.push(
          `#${i} (seed ${options.seed}) ${request.method} ${request.url.slice(0, 150)} [${request.headers['content-type'] ?? ''}]${payload} -> ${problem}: ${res.body.slice(0, 200)}`,
        );
      }
    }
    report.sent++;
    if (report.sent % 1000 === 0) options.onProgress?.(report.sent);
  }
  report.serverErrors = (options.serverErrors?.() ?? 0) - errorsBefore;
  return report;
}

export const fivexx = (report: FuzzReport) =>
  Object.entries(report.byStatus)
    .filter(([status]) => /^5\d\d$|1011|upgrade 5/.test(status))
    .reduce((n, [, count]) => n + count, 0);
