/**
 * Regenerates the landing page's sample works: typesets every samples/src/*.md with the engine,
 * lays it out with LibreOffice (contents with real page numbers), checks it with normocontrol and
 * writes samples/<slug>.docx and samples/manifest.json.   npm run samples -w paper
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { layoutPaper } from '../src/layout/index.ts';
import { checkDocx } from '../src/normocontrol/check.ts';
import { createPdfConverterPool } from '../src/pdf/pool.ts';
import { manifestEntry, parseSample, sampleModel } from './sample.ts';

const dir = import.meta.dirname;
const files = (await readdir(path.join(dir, 'src'))).filter((f) => f.endsWith('.md')).sort();
const pool = createPdfConverterPool({ size: 2 });
try {
  const entries = await Promise.all(
    files.map(async (file) => {
      const sample = parseSample(await readFile(path.join(dir, 'src', file), 'utf8'));
      const { model } = sampleModel(sample);
      const laid = await layoutPaper(model, pool);
      const report = await checkDocx(laid.docx, { pdf: laid.pdf });
      if (!report.ok)
        throw new Error(`${file}: нормоконтроль: ${report.issues.map((i) => `${i.rule} ${i.message} ${i.where ?? ''}`).join('; ')}`);
      if (laid.pageCount < 10) throw new Error(`${file}: ${laid.pageCount} страниц, нужно не меньше 10`);
      await writeFile(path.join(dir, `${sample.head.slug}.docx`), laid.docx);
      console.log(`${sample.head.slug}.docx: ${laid.pageCount} с., нормоконтроль без нарушений`);
      return manifestEntry(sample.head, laid.pageCount);
    }),
  );
  await writeFile(path.join(dir, 'manifest.json'), `${JSON.stringify(entries, null, 2)}\n`);
  console.log(`manifest.json: ${entries.length} образца`);
} finally {
  await pool.close();
}
