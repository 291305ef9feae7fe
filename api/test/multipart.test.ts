/** Bad payment/create bodies: truncated or malformed multipart, NUL bytes, unknown, repeated or
 * oversized fields, wrong content types, no boundary. Each gets a 4xx with its code and a Russian
 * message, and changes nothing: no order, no payment, no file left on disk. */
import { ERRORS, type ErrorCode } from '@app/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signUp, startTestApp, type TestApp } from './support/app.ts';
import { multipart, newOrder, type Part } from './support/orders.ts';
import { filesUnder } from './support/uploads.ts';

let t: TestApp;
let cookie = '';
beforeAll(async () => {
  t = await startTestApp();
  cookie = `session=${(await signUp(t)).client.cookies.get('session')}`;
});
afterAll(() => t.close());

const purchase = JSON.stringify(newOrder({ gost_citations: ['Автор. Название источника. – М. : Наука, 2020. – 100 с.'] }));
const text = (n = 2000) => Buffer.from('Текст источника о цифровой экономике. '.repeat(n));
const file = (fileName = 'a.txt', value: Buffer = text()): Part => ({ name: 'files', value, fileName, contentType: 'text/plain' });
const form = (...parts: Part[]) => multipart([{ name: 'purchase_json', value: purchase }, ...parts]);
const B = 'XyZ-boundary';
const raw = (body: string | Buffer) => ({ body: Buffer.from(body), contentType: `multipart/form-data; boundary=${B}` });
const head = `--${B}\r\nContent-Disposition: form-data; name="purchase_json"\r\n\r\n${purchase}\r\n`;

const cases: { name: string; request: { body: Buffer; contentType: string }; status: number; code: ErrorCode }[] = [
  {
    name: 'truncated inside a file',
    request: raw(`${head}--${B}\r\nContent-Disposition: form-data; name="files"; filename="a.txt"\r\n\r\nТекст обрывается`),
    status: 400,
    code: 'malformed_multipart',
  },
  {
    name: 'truncated inside the part headers',
    request: raw(`${head}--${B}\r\nContent-Disposition: form-da`),
    status: 400,
    code: 'malformed_multipart',
  },
  { name: 'truncated before the closing boundary', request: raw(`${head}`), status: 400, code: 'malformed_multipart' },
  {
    name: 'garbage under a multipart content type',
    request: raw(Buffer.from('ÿØÿà\u0000JFIF garbage, no boundary anywhere'.repeat(50))),
    status: 400,
    code: 'malformed_multipart',
  },
  // Such a part is skipped, so the form has no purchase_json.
  {
    name: 'a part without Content-Disposition',
    request: raw(`--${B}\r\nthis is not a header\r\n\r\nvalue\r\n--${B}--\r\n`),
    status: 422,
    code: 'validation_failed',
  },
  { name: 'no boundary', request: { body: form().body, contentType: 'multipart/form-data' }, status: 400, code: 'malformed_multipart' },
  {
    name: 'an empty boundary',
    request: { body: form().body, contentType: 'multipart/form-data; boundary=' },
    status: 400,
    code: 'malformed_multipart',
  },
  {
    name: 'a boundary longer than 70 characters',
    request: { body: form().body, contentType: `multipart/form-data; boundary=${'b'.repeat(71)}` },
    status: 400,
    code: 'malformed_multipart',
  },
  {
    name: 'a NUL byte in a text field',
    request: form({ name: 'promo_code', value: 'AB\u0000CD' }),
    status: 400,
    code: 'invalid_characters',
  },
  {
    name: 'a NUL spelled \\u0000 inside purchase_json',
    request: multipart([{ name: 'purchase_json', value: purchase.replace('Цифровая', 'Цифр\\u0000овая') }]),
    status: 400,
    code: 'invalid_characters',
  },
  { name: 'a NUL byte in a file name', request: form(file('a\u0000.txt')), status: 400, code: 'invalid_characters' },
  { name: 'a NUL byte in a field name', request: form({ name: 'promo\u0000code', value: 'AB' }), status: 400, code: 'invalid_characters' },
  { name: 'an unknown text field', request: form({ name: 'is_admin', value: 'true' }), status: 400, code: 'unknown_field' },
  {
    name: 'an unknown file field',
    request: form({ name: 'avatar', value: text(), fileName: 'a.txt' }),
    status: 400,
    code: 'unknown_field',
  },
  { name: 'text under the files field', request: form({ name: 'files', value: 'not a file' }), status: 400, code: 'unknown_field' },
  { name: 'a prototype field name', request: form({ name: '__proto__', value: 'x' }), status: 400, code: 'unknown_field' },
  { name: 'a field sent twice', request: form({ name: 'purchase_json', value: purchase }), status: 400, code: 'malformed_multipart' },
  {
    name: 'an oversized text field',
    request: form({ name: 'promo_code', value: 'A'.repeat(200 * 1024) }),
    status: 413,
    code: 'body_too_large',
  },
  { name: 'six files', request: form(...[1, 2, 3, 4, 5, 6].map((i) => file(`${i}.txt`))), status: 413, code: 'files_too_large' },
  { name: 'a file with no name', request: form(file('')), status: 415, code: 'file_unsupported' },
  { name: 'an empty file', request: form(file('empty.txt', Buffer.alloc(0))), status: 400, code: 'file_empty' },
  {
    name: 'JSON instead of a form',
    request: { body: Buffer.from(JSON.stringify({ purchase_json: purchase })), contentType: 'application/json' },
    status: 415,
    code: 'unsupported_media_type',
  },
  {
    name: 'plain text instead of a form',
    request: { body: Buffer.from(purchase), contentType: 'text/plain' },
    status: 415,
    code: 'unsupported_media_type',
  },
  {
    name: 'bytes of an unknown type',
    request: { body: text(), contentType: 'application/octet-stream' },
    status: 415,
    code: 'unsupported_media_type',
  },
  {
    name: 'urlencoded instead of a form',
    request: { body: Buffer.from(`purchase_json=${encodeURIComponent(purchase)}`), contentType: 'application/x-www-form-urlencoded' },
    status: 415,
    code: 'unsupported_media_type',
  },
];

it.each(cases)('$name: $status $code', async ({ request, status, code }) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/payment/create/',
    payload: request.body,
    headers: { 'content-type': request.contentType, cookie },
  });
  const body = res.json();
  expect({ status: res.statusCode, code: body.code }).toEqual({ status, code });
  expect(ERRORS[code].status).toBe(status);
  expect(body.detail).toMatch(/[а-яё]/i);
  if (code === 'files_too_large') expect(body.detail).toBe('Файлы слишком большие или их слишком много');
});

it('none of them created anything or left a file behind', async () => {
  const rows = (
    await t.sql(
      'select (select count(*) from orders) as orders, (select count(*) from payments) as payments, (select count(*) from order_files) as files',
    )
  ).rows[0];
  expect(rows).toEqual({ orders: '0', payments: '0', files: '0' });
  expect(filesUnder(t.config.uploadsDir)).toEqual([]);
  expect(filesUnder((t.config.storage as { dir: string }).dir)).toEqual([]);
});
