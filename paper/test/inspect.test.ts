/** The upload check made while a file streams in: chunk by chunk, without the whole file in memory. */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Document, Packer, Paragraph } from 'docx';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, describe, expect, it } from 'vitest';
import { buildZip } from '../dev/zip.ts';
import { UploadInspector } from '../src/index.ts';

const dir = mkdtempSync(join(tmpdir(), 'inspect-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const RU = 'Цифровая трансформация малого бизнеса требует поддержки государства. ';

/** Streams `bytes` through an inspector in chunks of `chunk` bytes, as the upload does. */
async function inspect(name: string, bytes: Buffer, chunk = 65_536) {
  const inspector = new UploadInspector(name);
  if (inspector.rejected) return { ok: false, reason: inspector.rejected, at: 0 };
  for (let at = 0; at < bytes.length; at += chunk) {
    const reason = inspector.push(bytes.subarray(at, at + chunk));
    if (reason) return { ok: false, reason, at: at + chunk };
  }
  const path = join(dir, `${Math.random()}`);
  writeFileSync(path, bytes);
  return inspector.finish(path);
}

function cp1251(text: string): Buffer {
  return Buffer.from(
    [...text].map((ch) => {
      const c = ch.codePointAt(0)!;
      return c >= 0x410 && c <= 0x44f ? c - 0x410 + 0xc0 : c < 0x80 ? c : 0x3f;
    }),
  );
}

async function pdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage().drawText('Digital transformation of small business.', { x: 40, y: 700, size: 12, font });
  return Buffer.from(await doc.save());
}

describe('text', () => {
  it('takes UTF-8 cut anywhere between chunks, windows-1251 and UTF-16 with a BOM', async () => {
    const utf8 = Buffer.from(RU.repeat(300) + '😀 ёЁ');
    for (const chunk of [1, 2, 3, 5, 7, 4096, 65_536])
      expect(await inspect('a.txt', utf8, chunk), `chunk ${chunk}`).toEqual({ ok: true, kind: 'txt' });
    expect(await inspect('b.txt', cp1251(RU.repeat(2000)))).toEqual({ ok: true, kind: 'txt' });
    expect(await inspect('c.TXT', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(RU.repeat(100), 'utf16le')]), 3)).toEqual({
      ok: true,
      kind: 'txt',
    });
  });

  it('refuses a NUL byte far past the head, at once', async () => {
    const bytes = Buffer.concat([Buffer.from(RU.repeat(5000)), Buffer.from([0]), Buffer.from(RU.repeat(5000))]);
    const result = await inspect('a.txt', bytes);
    expect(result).toMatchObject({ ok: false, reason: expect.stringContaining('двоичный файл') });
    expect((result as { at: number }).at).toBeLessThan(bytes.length);
  });

  it('refuses a binary file and a text that is neither UTF-8 nor Russian windows-1251', async () => {
    expect(await inspect('a.txt', randomBytes(200_000))).toMatchObject({ ok: false, reason: expect.stringContaining('двоичный файл') });
    // A UTF-8 head with Latin-1 further on: a mix no extractor reads right.
    const mixed = Buffer.concat([Buffer.from(RU.repeat(2000)), Buffer.from('caf\xe9 '.repeat(100), 'latin1')]);
    expect(await inspect('a.txt', mixed)).toMatchObject({ ok: false, reason: expect.stringContaining('UTF-8') });
    // Cut inside the last character.
    const cut = Buffer.from(RU.repeat(10) + 'ё');
    expect(await inspect('a.txt', cut.subarray(0, cut.length - 1))).toMatchObject({ ok: false, reason: expect.stringContaining('UTF-8') });
  });

  it('refuses an empty file and a name with another extension, before any byte', async () => {
    expect(await inspect('a.txt', Buffer.alloc(0))).toEqual({ ok: false, reason: 'Файл пустой' });
    expect(await inspect('program.exe', Buffer.from('MZ'))).toMatchObject({
      ok: false,
      at: 0,
      reason: expect.stringContaining('только .txt, .pdf и .docx'),
    });
    expect(await inspect('noextension', Buffer.from('text'))).toMatchObject({ ok: false, at: 0 });
  });
});

describe('PDF', () => {
  it('takes a whole PDF and refuses one cut short (no %%EOF) or one that is not a PDF', async () => {
    const bytes = await pdf();
    expect(await inspect('a.pdf', bytes, 100)).toEqual({ ok: true, kind: 'pdf' });
    expect(await inspect('a.pdf', bytes.subarray(0, bytes.length - 1100))).toMatchObject({
      ok: false,
      reason: expect.stringContaining('%%EOF'),
    });
    const text = Buffer.from(RU.repeat(5000));
    const early = await inspect('fake.pdf', text);
    expect(early).toMatchObject({ ok: false, reason: 'Содержимое файла не соответствует расширению .pdf: это текстовый файл' });
    expect((early as { at: number }).at).toBeLessThan(text.length); // refused at the head
  });
});

describe('.docx', () => {
  it('takes a real .docx, even one whose document.xml comes after the first 64 KB', async () => {
    const docx = await Packer.toBuffer(new Document({ sections: [{ children: [new Paragraph(RU)] }] }));
    expect(await inspect('a.docx', docx, 1000)).toEqual({ ok: true, kind: 'docx' });
    const late = buildZip([
      { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
      { name: 'word/media/image1.png', data: randomBytes(200_000) },
      { name: 'word/document.xml', data: Buffer.from('<w:document/>') },
    ]);
    expect(await inspect('late.docx', late)).toEqual({ ok: true, kind: 'docx' });
  });

  it('refuses a zip without word/document.xml, a bomb by its declared sizes, and a cut-off zip', async () => {
    const plain = buildZip([{ name: 'notes.txt', data: Buffer.from(RU) }]);
    expect(await inspect('a.docx', plain)).toMatchObject({ ok: false, reason: expect.stringContaining('word/document.xml') });
    const bomb = buildZip([
      { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
      { name: 'word/document.xml', data: Buffer.alloc(80 * 1024 * 1024, 0x20) },
    ]);
    expect(await inspect('bomb.docx', bomb)).toMatchObject({ ok: false, reason: expect.stringContaining('zip-бомба') });
    const docx = await Packer.toBuffer(new Document({ sections: [{ children: [new Paragraph(RU)] }] }));
    expect(await inspect('cut.docx', docx.subarray(0, docx.length - 30))).toMatchObject({
      ok: false,
      reason: expect.stringContaining('повреждён'),
    });
  });
});
