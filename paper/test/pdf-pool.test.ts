/** The LibreOffice pool: parallel converters with their own profiles, time limits, restarts. */
import { Document, Packer, Paragraph } from 'docx';
import { afterEach, describe, expect, it } from 'vitest';
import { createPdfConverterPool } from '../src/index.ts';
import type { PdfConverter } from '../src/index.ts';
import { readPdf } from '../src/pdf/outline.ts';

const docx = () => Packer.toBuffer(new Document({ sections: [{ children: [new Paragraph('Проверка преобразования в PDF.')] }] }));
let pool: PdfConverter | null = null;
afterEach(async () => {
  await pool?.close();
  pool = null;
});

describe('PDF converter pool', () => {
  it('converts in parallel on separate converters', async () => {
    pool = createPdfConverterPool({ size: 2, timeoutMs: 60_000 });
    const input = await docx();
    const pdfs = await Promise.all([pool.convert(input), pool.convert(input), pool.convert(input)]);
    for (const pdf of pdfs) expect((await readPdf(pdf)).pageCount).toBe(1);
    expect(pool.stats).toMatchObject({ conversions: 3, failures: 0 });
  });

  it('kills a conversion over the time limit, restarts the converter, and reports it in Russian', async () => {
    pool = createPdfConverterPool({ size: 1, timeoutMs: 50 });
    const error = await pool.convert(await docx()).catch((e) => e);
    expect(error.code).toBe('pdf_failed');
    expect(error.message).toMatch(/не уложилось в 0 с/);
    expect(pool.stats).toMatchObject({ failures: 1, restarts: 1 });
  });

  it('refuses a broken document and keeps working', async () => {
    pool = createPdfConverterPool({ size: 1, timeoutMs: 60_000 });
    const error = await pool.convert(Buffer.from('это не docx')).catch((e) => e);
    expect(error.message).toBe('Для преобразования в PDF нужен файл .docx');
    const zipButBroken = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 1)]);
    expect((await pool.convert(zipButBroken).catch((e) => e)).message).toMatch(/не создал PDF|LibreOffice/);
    expect((await readPdf(await pool.convert(await docx()))).pageCount).toBe(1);
  });
});
