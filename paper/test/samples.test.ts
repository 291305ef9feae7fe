/**
 * The landing page's sample works (written by `npm run samples -w api`, committed): the manifest
 * the page reads, and files that pass our own normocontrol, whose figures are the cards'.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { PRICES, SAMPLE_TARIFF_LABELS, TARIFFS } from '@app/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { checkDocx, createPdfConverterPool } from '../src/index.ts';
import { readZip } from '../src/zip.ts';
import { DEMO_PAGES } from '../src/run/budget.ts';

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
  sources: number;
  writtenBy: string;
}

describe('samples', async () => {
  const manifest = JSON.parse(await readFile(path.join(dir, 'manifest.json'), 'utf8')) as Card[];

  it('has four cards with exactly the fields of the specification and the figures of their papers', () => {
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
        'sources',
        'tariff',
        'title',
        'type',
        'volume',
        'writtenBy',
      ]);
      // A full sample is a whole work of its volume; a demo is a whole demo.
      if (card.type === 'Полный') {
        expect(card.volume).toBeGreaterThanOrEqual(80);
        expect(Math.abs(card.pages - card.volume!), card.downloadUrl).toBeLessThanOrEqual(card.volume! * 0.05);
      } else {
        expect(card.volume).toBeNull();
        expect(card.pages).toBeGreaterThanOrEqual(DEMO_PAGES.min);
        expect(card.pages).toBeLessThanOrEqual(DEMO_PAGES.max);
      }
      expect(['Демо', 'Полный']).toContain(card.type);
      const tariff = TARIFFS.find((t) => SAMPLE_TARIFF_LABELS[t] === card.tariff);
      expect(tariff, card.tariff).toBeDefined();
      expect(card.price).toBe(PRICES[card.type === 'Демо' ? 'demo' : 'full'][tariff!]);
      expect(card.downloadUrl).toMatch(/^\/samples\/[a-z0-9-]+\.docx$/);
      expect(card.annotation.length).toBeGreaterThan(200);
      expect(card.keywords.length).toBeGreaterThanOrEqual(3);
      // Shown to visitors: plain Russian, never a file of the repository.
      expect(card.writtenBy.length).toBeGreaterThan(20);
      expect(card.writtenBy).not.toMatch(/[/\\]|\.ts\b/);
      if (card.hasBibliography) expect(card.hasFootnotes).toBe(true);
    }
    // Demo and full, basic and professional, footnotes on and off, split bibliography on and off.
    expect(new Set(manifest.map((c) => `${c.type} ${c.tariff}`)).size).toBe(4);
    expect(new Set(manifest.map((c) => c.hasFootnotes))).toEqual(new Set([true, false]));
    expect(new Set(manifest.map((c) => c.hasBibliography))).toEqual(new Set([true, false]));
  });

  it('are .docx files that pass normocontrol, with the pages and sources their cards claim and the configuration that wrote them', async () => {
    await Promise.all(
      manifest.map(async (card) => {
        const docx = await readFile(path.join(dir, path.basename(card.downloadUrl)));
        const pdf = await pool.convert(docx);
        const report = await checkDocx(docx, { pdf });
        expect({ file: card.downloadUrl, issues: report.issues }).toEqual({ file: card.downloadUrl, issues: [] });
        expect(card.pages, card.downloadUrl).toBe(report.stats.pages);
        expect(card.sources, card.downloadUrl).toBe(report.stats.bibliographyEntries);
        expect(report.stats.footnotes > 0, card.downloadUrl).toBe(card.hasFootnotes);
        const custom = (await readZip(docx, (n) => n === 'docProps/custom.xml')).get('docProps/custom.xml')!.toString();
        // Written by a model (the real one or its simulation), never the offline writer, and says by which configuration.
        expect(custom).toContain('<vt:lpwstr>llm</vt:lpwstr>');
        expect(custom).toContain(`<vt:lpwstr>${card.writtenBy}</vt:lpwstr>`);
      }),
    );
  });
});
