/** Source files: sniffing and extraction of each type; hostile files are refused with a reason and bounded memory. */
import { spawnSync } from 'node:child_process';
import { Document, Packer, PageBreak, Paragraph, TextRun } from 'docx';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildZip } from '../dev/zip.ts';
import { createPdfConverterPool, extractSourceText, sniffFile } from '../src/index.ts';

const RU = 'Цифровая трансформация малого бизнеса требует поддержки государства и развития компетенций.';

/** windows-1251 bytes of a Russian text (А-я at 0xC0-0xFF, Ё 0xA8, ё 0xB8). */
function cp1251(text: string): Buffer {
  return Buffer.from(
    [...text].map((ch) => {
      const c = ch.codePointAt(0)!;
      if (c >= 0x410 && c <= 0x44f) return c - 0x410 + 0xc0;
      if (c === 0x401) return 0xa8;
      if (c === 0x451) return 0xb8;
      if (c < 0x80) return c;
      return 0x3f;
    }),
  );
}

async function docxWith(pages: string[]): Promise<Buffer> {
  const children = pages.flatMap((p, i) => [
    ...(i ? [new Paragraph({ children: [new PageBreak()] })] : []),
    new Paragraph({ children: [new TextRun(p)] }),
  ]);
  return Packer.toBuffer(new Document({ sections: [{ children }] }));
}

const pool = createPdfConverterPool({ size: 1 });
let docx: Buffer;
let pdf: Buffer;
beforeAll(async () => {
  docx = await docxWith([`Первая страница. ${RU}`, `Вторая страница. ${RU}`, `Третья страница. ${RU}`]);
  pdf = await pool.convert(docx);
});
afterAll(() => pool.close());

const reason = (p: Promise<unknown>) =>
  p.then(
    () => 'принят',
    (e: Error) => e.message,
  );

describe('sniffFile', () => {
  it('accepts each supported type by its content', () => {
    expect(sniffFile(Buffer.from(RU), 'a.txt')).toEqual({ ok: true, kind: 'txt' });
    expect(sniffFile(pdf, 'b.PDF')).toEqual({ ok: true, kind: 'pdf' });
    expect(sniffFile(docx, 'c.docx')).toEqual({ ok: true, kind: 'docx' });
  });

  it('rejects empty, foreign, mismatched and binary files with a Russian reason', () => {
    expect(sniffFile(new Uint8Array(), 'a.txt')).toEqual({ ok: false, reason: 'Файл пустой' });
    expect(sniffFile(Buffer.from('x'), 'a.doc')).toMatchObject({ ok: false, reason: expect.stringContaining('только .txt, .pdf и .docx') });
    expect(sniffFile(docx, 'report.pdf')).toEqual({
      ok: false,
      reason: 'Содержимое файла не соответствует расширению .pdf: это документ Word (.docx)',
    });
    expect(sniffFile(pdf, 'notes.txt')).toMatchObject({ ok: false, reason: expect.stringContaining('это PDF-документ') });
    expect(sniffFile(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0]), 'image.docx')).toMatchObject({
      ok: false,
      reason: expect.stringContaining('изображение'),
    });
    expect(sniffFile(buildZip([{ name: 'a.txt', data: Buffer.from('x') }]), 'a.docx')).toMatchObject({
      ok: false,
      reason: expect.stringContaining('ZIP-архив'),
    });
  });
});

describe('extractSourceText', () => {
  it('reads UTF-8 and windows-1251 text', async () => {
    expect((await extractSourceText({ name: 'a.txt', bytes: Buffer.from(`\uFEFF${RU}`) })).text).toBe(RU);
    const legacy = await extractSourceText({ name: 'b.txt', bytes: cp1251(`Ёлка. ${RU}`) });
    expect(legacy.text).toBe(`Ёлка. ${RU}`);
    expect(legacy.chars).toBe(RU.length + 6);
  });

  it('reads a PDF page by page and a .docx', async () => {
    const fromPdf = await extractSourceText({ name: 'a.pdf', bytes: pdf });
    expect(fromPdf.pages).toBe(3);
    const pages = fromPdf.text.split('\f');
    expect(pages).toHaveLength(3);
    expect(pages[1]).toContain('Вторая страница');
    expect(pages[2].replace(/\s+/g, ' ')).toContain('требует поддержки государства');
    const fromDocx = await extractSourceText({ name: 'a.docx', bytes: docx });
    expect(fromDocx.text).toContain('Третья страница');
    expect(fromDocx.pages).toBeUndefined();
  });

  it('cuts text at the character cap', async () => {
    const r = await extractSourceText({ name: 'long.txt', bytes: Buffer.from(RU.repeat(100)) }, { maxChars: 1000 });
    expect(r).toMatchObject({ chars: 1000, truncated: true });
  });

  it('refuses an empty file and a file whose content does not match its extension', async () => {
    expect(await reason(extractSourceText({ name: 'empty.txt', bytes: new Uint8Array() }))).toBe('Файл пустой');
    expect(await reason(extractSourceText({ name: 'fake.pdf', bytes: docx }))).toBe(
      'Содержимое файла не соответствует расширению .pdf: это документ Word (.docx)',
    );
  });

  it('refuses a 5,000-page PDF without reading its pages', async () => {
    const big = await PDFDocument.create();
    for (let i = 0; i < 5000; i++) big.addPage([200, 200]);
    const bytes = await big.save();
    const before = process.memoryUsage().rss;
    expect(await reason(extractSourceText({ name: 'big.pdf', bytes }))).toBe('В PDF-файле 5000 страниц, допускается не более 500');
    expect(process.memoryUsage().rss - before).toBeLessThan(300 * 1024 * 1024);
  });

  it('refuses a PDF without a text layer', async () => {
    const blank = await PDFDocument.create();
    blank.addPage();
    expect(await reason(extractSourceText({ name: 'scan.pdf', bytes: await blank.save() }))).toMatch(/нет текстового слоя/);
  });

  it('refuses a zip bomb by its declared size, before unpacking', async () => {
    const bomb = buildZip([
      { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
      { name: 'word/document.xml', data: Buffer.alloc(80 * 1024 * 1024, 0x20) },
    ]);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const before = process.memoryUsage().rss;
    expect(await reason(extractSourceText({ name: 'bomb.docx', bytes: bomb }))).toMatch(/слишком большой объём/);
    expect(process.memoryUsage().rss - before).toBeLessThan(150 * 1024 * 1024);
  });

  it('refuses a zip that lies about its sizes, while unpacking', async () => {
    const liar = buildZip([
      { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
      { name: 'word/document.xml', data: Buffer.alloc(30 * 1024 * 1024, 0x20), declaredSize: 1000 },
    ]);
    expect(await reason(extractSourceText({ name: 'liar.docx', bytes: liar }))).toMatch(/не совпадает с заявленным/);
  });

  it('stops a file that takes longer than the time limit, and one that needs too much memory', async () => {
    expect(await reason(extractSourceText({ name: 'a.pdf', bytes: pdf }, { timeoutMs: 1 }))).toMatch(/заняла больше/);
    const huge = Buffer.from('абв '.repeat(2_500_000));
    expect(await reason(extractSourceText({ name: 'huge.txt', bytes: huge }, { maxMemoryMb: 8, maxChars: 100_000_000 }))).toMatch(
      /превышен лимит памяти/,
    );
  });
});

describe('the extraction thread, whatever flags its process runs with', () => {
  // The service runs with V8 flags (scripts/service.mjs); Node refuses those in a worker thread.
  // Under `node --watch` the thread reports its imports on the channel of its answer.
  const extractIn = (args: string[], env: NodeJS.ProcessEnv = {}) =>
    spawnSync(
      process.execPath,
      [
        ...args,
        '--input-type=module',
        '-e',
        `const { extractSourceText } = await import(${JSON.stringify(new URL('../src/index.ts', import.meta.url).href)});
         const r = await extractSourceText({ name: 'a.txt', bytes: Buffer.from(${JSON.stringify(RU)}) });
         console.log(r.text);`,
      ],
      { encoding: 'utf8', env: { ...process.env, ...env }, timeout: 60_000 },
    );

  it.each([
    ['--max-semi-space-size=16 on the command line', ['--max-semi-space-size=16'], {}],
    ['--max-semi-space-size=16 in NODE_OPTIONS (the Docker way)', [], { NODE_OPTIONS: '--max-semi-space-size=16' }],
    ['node --watch (npm run dev)', [], { WATCH_REPORT_DEPENDENCIES: '1' }],
  ])('%s', (_name, args, env) => {
    const run = extractIn(args, env);
    expect(run.stderr).toBe('');
    expect(run.stdout.trim()).toBe(RU);
  });
});
