/** Reads codes from the server's mail outbox (<DATA_DIR>/mail/*.eml, RFC 822 from nodemailer). */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '@playwright/test';

function decodeQuotedPrintable(s: string): string {
  const bytes: number[] = [];
  const text = s.replace(/=\r?\n/g, '');
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '=' && /^[0-9A-F]{2}$/i.test(text.slice(i + 1, i + 3))) {
      bytes.push(parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(text[i], 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** The plain-text part of a message, decoded. */
function textPart(eml: string): string {
  const parts = eml.split(/\r?\n--[^\r\n]+\r?\n/);
  const part = parts.find((p) => /content-type:\s*text\/plain/i.test(p)) ?? eml;
  const [head, ...body] = part.split(/\r?\n\r?\n/);
  const raw = body.join('\n\n');
  if (/content-transfer-encoding:\s*quoted-printable/i.test(head)) return decodeQuotedPrintable(raw);
  if (/content-transfer-encoding:\s*base64/i.test(head)) return Buffer.from(raw.replace(/\s+/g, ''), 'base64').toString('utf8');
  return raw;
}

function messagesTo(email: string): string[] {
  const dir = join(process.env.E2E_DATA_DIR!, 'mail');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((f) => readFileSync(join(dir, f), 'utf8'))
    .filter((eml) => new RegExp(`^To:.*${email.replace(/[.+]/g, '\\$&')}`, 'im').test(eml));
}

export function mailCount(email: string): number {
  return messagesTo(email).length;
}

/** Waits for message number `index` (0-based) to `email` and returns its 6-digit code. */
export async function codeFromMail(email: string, index: number): Promise<string> {
  await expect.poll(() => mailCount(email), { message: `e-mail #${index + 1} to ${email}`, timeout: 15_000 }).toBeGreaterThan(index);
  const code = textPart(messagesTo(email)[index]).match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code in the e-mail to ${email}`);
  return code;
}
