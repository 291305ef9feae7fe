/** A paper that fails the engine's own normocontrol is not delivered: its stages from the volume on run again once, then the run fails. */
import { afterAll, expect, it } from 'vitest';
import { BASE_INPUT } from '../dev/fixtures.ts';
import { createMemoryCheckpoints, createOfflineWriter, createPdfConverterPool, generatePaper, PaperError } from '../src/index.ts';
import type { PdfConverter } from '../src/index.ts';

const pool = createPdfConverterPool({ size: 1 });
afterAll(() => pool.close());

it(
  'a paper whose list of sources stays empty is typeset and checked again, then fails with normocontrol_failed',
  { timeout: 300_000 },
  async () => {
    let conversions = 0;
    const pdf: PdfConverter = { ...pool, convert: (...args) => (conversions++, pool.convert(...args)) };
    let atFirstCheck: number | null = null;
    // No search and no file: nothing to cite, and a paper with an empty list is not delivered.
    const error = await generatePaper(
      { ...BASE_INPUT, type: 'full', requiredVolume: 80, attachedSources: [] },
      {
        writer: createOfflineWriter(),
        search: null,
        checkpoints: createMemoryCheckpoints(),
        pdf,
        now: new Date('2025-03-01T12:00:00Z'),
        onProgress: (p) => {
          if (p.stage === 'Нормоконтроль' && atFirstCheck === null) atFirstCheck = conversions;
        },
      },
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaperError);
    expect((error as PaperError).code).toBe('normocontrol_failed');
    expect((error as PaperError).message).toBe('Работа не прошла нормоконтроль: Список использованных источников пуст');
    // After the first check the paper was measured and laid out again before the run gave up.
    expect(atFirstCheck).not.toBeNull();
    expect(conversions).toBeGreaterThan(atFirstCheck!);
  },
);
