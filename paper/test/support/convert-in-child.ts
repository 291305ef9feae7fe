/** A worker stand-in for the pool tests: converts one document with a pool in the folder given
 * as the first argument (the test kills this process in the middle of the conversion). */
import { Document, Packer, Paragraph } from 'docx';
import { createPdfConverterPool } from '../../src/index.ts';

const pool = createPdfConverterPool({ size: 1, tmpDir: process.argv[2], timeoutMs: 120_000 });
const paragraphs = Array.from({ length: 400 }, (_, i) => new Paragraph(`Абзац ${i + 1}: проверка преобразования в PDF.`));
await pool.convert(await Packer.toBuffer(new Document({ sections: [{ children: paragraphs }] })));
await pool.close();
