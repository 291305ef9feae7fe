/**
 * Where full texts are downloaded from: public unicast addresses only (every special range
 * refused, as a literal, as what a name resolves to, and after a redirect), checked on the
 * connection itself, so that a name answering an allowed address and then a private one (DNS
 * rebinding) gets no connection to the private one. A stand-in repository on 127.0.0.1 and a
 * resolver of the test's own; nothing leaves loopback. The tests' loopback exemption opens
 * loopback only.
 */
import type { LookupAddress } from 'node:dns';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadPdf, FULL_TEXT_LIMITS } from '../src/passages/full-texts.ts';
import type { DownloadLimits } from '../src/passages/types.ts';
import { isAllowedAddress } from '../src/passages/public-hosts.ts';
import { makePdf, startPdfServer, type PdfServer } from './support/pdf-server.ts';

/** One address of every special range of IPv4 and IPv6 (IANA's special-purpose registries). */
const SPECIAL = [
  '0.0.0.0', // this network, which Linux connects to this machine
  '0.1.2.3',
  '10.1.2.3',
  '100.64.0.1', // shared (carrier-grade NAT)
  '127.0.0.1',
  '127.8.9.10',
  '169.254.169.254', // link-local: cloud metadata
  '172.16.5.4',
  '172.31.255.254',
  '192.0.0.8', // IETF protocol assignments
  '192.0.2.15', // documentation TEST-NET-1
  '192.88.99.1', // 6to4 relay anycast
  '192.168.1.1',
  '192.175.48.6', // AS112
  '192.52.193.1', // AMT
  '198.18.0.1', // benchmarking
  '198.19.255.1',
  '198.51.100.7', // documentation TEST-NET-2
  '203.0.113.9', // documentation TEST-NET-3
  '224.0.0.251', // multicast
  '239.255.255.250',
  '240.0.0.1', // reserved
  '255.255.255.255', // broadcast
  '::',
  '::1',
  '::ffff:127.0.0.1', // IPv4-mapped
  '::ffff:10.0.0.1',
  '::ffff:192.0.2.1',
  '64:ff9b::a00:1', // NAT64 of 10.0.0.1
  '64:ff9b:1::1',
  '100::1', // discard
  '2001::1', // Teredo
  '2001:2::1', // benchmarking
  '2001:db8::1', // documentation
  '2002:a00:1::1', // 6to4 of 10.0.0.1
  '3fff::1', // documentation (RFC 9637)
  '5f00::1', // segment routing
  'fc00::1', // unique local
  'fd12:3456::1',
  'fe80::1', // link-local
  'fec0::1', // site-local (deprecated)
  'ff02::1', // multicast
];
const PUBLIC = ['77.88.8.8', '5.255.255.242', '8.8.8.8', '2a02:6b8::2:242', '2a00:1450:4010:c0e::64', '::ffff:77.88.8.8'];

const family = (address: string) => (address.includes(':') ? 6 : 4);
/** A resolver of the test's own: each name answers its addresses in turn (the last one repeats). */
function resolver(names: Record<string, string[][]>) {
  const asked: string[] = [];
  const resolve = async (hostname: string): Promise<LookupAddress[]> => {
    asked.push(hostname);
    const answers = names[hostname];
    if (!answers) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    const n = asked.filter((h) => h === hostname).length - 1;
    return answers[Math.min(n, answers.length - 1)].map((address) => ({ address, family: family(address) }));
  };
  return { resolve, asked };
}

let server: PdfServer;
let port: string;
const limits = (over: Partial<DownloadLimits>): DownloadLimits => ({ ...FULL_TEXT_LIMITS, timeoutMs: 3_000, ...over });
const urlOn = (host: string, path: string) => `http://${host}:${port}${path}`;
const hits = (path: string) => server.hits.get(path) ?? 0;

beforeAll(async () => {
  const pdf = await makePdf({ pages: [['Статья', '1']] });
  server = await startPdfServer({ '/article.pdf': pdf, '/second.pdf': pdf, '/third.pdf': pdf });
  port = new URL(server.url('/')).port;
});
afterAll(() => server.close());

describe('addresses a full text may come from', () => {
  it('public unicast only, by the range ipaddr.js names (IPv4-mapped IPv6 read as IPv4)', () => {
    for (const a of SPECIAL) expect(isAllowedAddress(a, { loopback: false }), a).toBe(false);
    for (const a of PUBLIC) expect(isAllowedAddress(a, { loopback: false }), a).toBe(true);
    // The tests' exemption opens loopback, and nothing else.
    const opened = SPECIAL.filter((a) => isAllowedAddress(a, { loopback: true }));
    expect(opened).toEqual(['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']);
  });

  it('every special range is refused before a connection: as a literal and as what a name resolves to', async () => {
    for (const address of SPECIAL) {
      const literal = address.includes(':') ? `[${address}]` : address;
      const direct = await downloadPdf(`http://${literal}:${port}/article.pdf`, limits({}));
      expect(direct, address).toEqual({ ok: false, reason: expect.stringMatching(/is not public$/) });
      const { resolve } = resolver({ 'files.example': [[address]] });
      const named = await downloadPdf(urlOn('files.example', '/article.pdf'), limits({ resolve }));
      expect(named, address).toEqual({ ok: false, reason: `host files.example (${address}) is not public` });
    }
    // A name with a public and a private address is refused whole.
    const { resolve } = resolver({ 'mixed.example': [['77.88.8.8', '10.0.0.1']] });
    expect(await downloadPdf(urlOn('mixed.example', '/article.pdf'), limits({ resolve }))).toEqual({
      ok: false,
      reason: 'host mixed.example (10.0.0.1) is not public',
    });
    expect(hits('/article.pdf')).toBe(0);
  });

  it('loopback answers a test only when the test says so; the answer of the resolver is what is connected to', async () => {
    const { resolve, asked } = resolver({ 'repo.example': [['127.0.0.1']] });
    expect(await downloadPdf(urlOn('repo.example', '/article.pdf'), limits({ resolve }))).toEqual({
      ok: false,
      reason: 'host repo.example (127.0.0.1) is not public',
    });
    expect(hits('/article.pdf')).toBe(0);
    expect((await downloadPdf(urlOn('repo.example', '/article.pdf'), limits({ resolve, loopback: true }))).ok).toBe(true);
    expect(hits('/article.pdf')).toBe(1);
    expect(asked).toEqual(['repo.example', 'repo.example']); // once per connection, no other lookup
    expect(FULL_TEXT_LIMITS.loopback).toBe(false);
  });

  it('a name that answers an allowed address, then a private one, gets no connection to the private one (DNS rebinding)', async () => {
    // 0.0.0.0 reaches this machine's stand-in: only the check keeps the download from it.
    await new Promise<void>((resolve, reject) => connect(Number(port), '0.0.0.0', resolve).on('error', reject).end());
    const before = hits('/second.pdf');
    const { resolve } = resolver({ 'rebind.example': [['127.0.0.1'], ['0.0.0.0']] });
    const test = limits({ resolve, loopback: true });
    expect((await downloadPdf(urlOn('rebind.example', '/second.pdf'), test)).ok).toBe(true);
    expect(await downloadPdf(urlOn('rebind.example', '/second.pdf'), test)).toEqual({
      ok: false,
      reason: 'host rebind.example (0.0.0.0) is not public',
    });
    expect(hits('/second.pdf')).toBe(before + 1);
  });

  it('a redirect to a private address is refused, by name and as a literal', async () => {
    const { resolve } = resolver({ 'repo.example': [['127.0.0.1']], 'metadata.example': [['0.0.0.0']] });
    const test = limits({ resolve, loopback: true });
    const redirect = (to: string) => urlOn('repo.example', `/redirect?to=${encodeURIComponent(to)}`);
    for (const [to, reason] of [
      [urlOn('metadata.example', '/third.pdf'), 'host metadata.example (0.0.0.0) is not public'],
      [urlOn('0.0.0.0', '/third.pdf'), 'host 0.0.0.0 is not public'],
      [urlOn('[::ffff:0.0.0.0]', '/third.pdf'), 'host ::ffff:0:0 is not public'],
      ['http://169.254.169.254/latest/meta-data/', 'host 169.254.169.254 is not public'],
      ['http://10.0.0.1/a.pdf', 'host 10.0.0.1 is not public'],
    ]) {
      expect(await downloadPdf(redirect(to), test), to).toEqual({ ok: false, reason });
    }
    expect(hits('/third.pdf')).toBe(0);
    expect((await downloadPdf(redirect(urlOn('repo.example', '/third.pdf')), test)).ok).toBe(true);
  });
});
