/** The landing page's sample works: the manifest the page reads, and files that pass our own normocontrol. */
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkDocx, createPdfConverterPool } from '../src/index.ts';
import { readZip } from '../src/zip.ts';
import { parseSample, sampleModel } from '../samples/sample.ts';

const dir = path.resolve(import.meta.dirname, '../samples');
const pool = createPdfConverterPool({ size: 2 });
afterAll(() => pool.close());

interface Card {
  title: string;
  type: string;
  tariff: string;
  price: number;
  annotation: string;
  downloadUrl: string;
  hasBibliography: boolean;
  hasFootnotes: boolean;
  keywords: string[];
  pages: number;
  volume: number | null;
}

describe('samples', async () => {
  const manifest = JSON.parse(await readFile(path.join(dir, 'manifest.json'), 'utf8')) as Card[];
  const sources = (await readdir(path.join(dir, 'src'))).filter((f) => f.endsWith('.md'));

  it('has four cards with exactly the fields of the specification', () => {
    expect(manifest).toHaveLength(4);
    for (const card of manifest) {
      expect(Object.keys(card).sort()).toEqual([
        'annotation',
        'downloadUrl',
        'hasBibliography',
        'hasFootnotes',
        'keywords',
        'pages',
        'price',
        'tariff',
        'title',
        'type',
        'volume',
      ]);
      // A full sample names the volume of the whole work; a demo is a whole demo.
      if (card.type === 'Полный') expect(card.volume).toBeGreaterThanOrEqual(80);
      else expect(card.volume).toBeNull();
      expect(['Демо', 'Полный']).toContain(card.type);
      expect(['Базовый', 'Профессиональный']).toContain(card.tariff);
      const price = { Демо: { Базовый: 30, Профессиональный: 50 }, Полный: { Базовый: 1990, Профессиональный: 4990 } } as Record<
        string,
        Record<string, number>
      >;
      expect(card.price).toBe(price[card.type][card.tariff]);
      expect(card.downloadUrl).toMatch(/^\/samples\/[a-z0-9-]+\.docx$/);
      expect(card.annotation.length).toBeGreaterThan(200);
      expect(card.keywords.length).toBeGreaterThanOrEqual(3);
      if (card.hasBibliography) expect(card.hasFootnotes).toBe(true);
    }
    // Demo and full, basic and professional, footnotes on and off, split bibliography on and off.
    expect(new Set(manifest.map((c) => `${c.type} ${c.tariff}`)).size).toBe(4);
    expect(new Set(manifest.map((c) => c.hasFootnotes))).toEqual(new Set([true, false]));
    expect(new Set(manifest.map((c) => c.hasBibliography))).toEqual(new Set([true, false]));
  });

  it('is generated from the texts in samples/src', async () => {
    expect(sources).toHaveLength(4);
    for (const file of sources) {
      const sample = parseSample(await readFile(path.join(dir, 'src', file), 'utf8'));
      const card = manifest.find((c) => c.downloadUrl === `/samples/${sample.head.slug}.docx`)!;
      expect(card.title).toBe(sample.head.title);
      expect(card.hasFootnotes).toBe(sample.head.useFootnotes);
      const text = [
        ...sample.introduction,
        ...sample.chapters.flatMap((c) => c.subsections.flatMap((s) => s.paragraphs)),
        ...(sample.conclusion ?? []),
      ].join('\n');
      expect(text.length, file).toBeGreaterThan(14_000);
      expect(text).not.toMatch(/lorem|ipsum|TODO/i);
      // Substantive prose: sentences do not repeat.
      const sentences = text.split(/(?<=[.!?])\s+/).filter((s) => s.length > 40);
      expect(new Set(sentences).size, file).toBe(sentences.length);
      expect(sampleModel(sample).model.chapters).toHaveLength(3);
    }
  });

  it('are .docx files that pass normocontrol, at least 10 pages each, marked as not written by the offline writer', async () => {
    await Promise.all(
      manifest.map(async (card) => {
        const docx = await readFile(path.join(dir, path.basename(card.downloadUrl)));
        const pdf = await pool.convert(docx);
        const report = await checkDocx(docx, { pdf });
        expect({ file: card.downloadUrl, issues: report.issues }).toEqual({ file: card.downloadUrl, issues: [] });
        expect(report.stats.pages!, card.downloadUrl).toBeGreaterThanOrEqual(10);
        // The card's pages are the file's.
        expect(card.pages, card.downloadUrl).toBe(report.stats.pages);
        expect(report.stats.footnotes > 0, card.downloadUrl).toBe(card.hasFootnotes);
        if (card.type === 'Полный') expect(report.stats.bibliographyEntries).toBeGreaterThanOrEqual(7);
        const custom = (await readZip(docx, (n) => n === 'docProps/custom.xml')).get('docProps/custom.xml')!.toString();
        expect(custom).toContain('manual');
      }),
    );
  });
});
