/** A paper that fails the engine's own normocontrol is not delivered: its stages run again once, then the run fails. */
import { afterAll, expect, it } from 'vitest';
import { BASE_INPUT, CATALOGUE } from '../dev/fixtures.ts';
import {
  createLocalSearch,
  createMemoryCheckpoints,
  createOfflineWriter,
  createPdfConverterPool,
  generatePaper,
  PaperError,
} from '../src/index.ts';
import type { Writer } from '../src/index.ts';

const pool = createPdfConverterPool({ size: 1 });
afterAll(() => pool.close());

it('a paper that stays short after its retry fails with normocontrol_failed instead of being delivered', { timeout: 300_000 }, async () => {
  const offline = createOfflineWriter();
  const keys: string[] = [];
  // A model that writes a single paragraph whatever it is asked for: the volume cannot be reached.
  const terse: Writer = {
    kind: 'offline',
    async complete(call) {
      keys.push(call.key);
      const reply = await offline.complete(call);
      return call.task.kind === 'section' || call.task.kind === 'extend' ? { ...reply, text: reply.text.split(/\n\s*\n/)[0] } : reply;
    },
  };
  const error = await generatePaper(
    { ...BASE_INPUT, type: 'full', requiredVolume: 80 },
    {
      writer: terse,
      search: createLocalSearch(CATALOGUE),
      checkpoints: createMemoryCheckpoints(),
      pdf: pool,
      now: new Date('2025-03-01T12:00:00Z'),
      onProgress: () => {},
    },
  ).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(PaperError);
  expect((error as PaperError).code).toBe('normocontrol_failed');
  expect((error as PaperError).message).toMatch(/^Работа не прошла нормоконтроль: Объём работы \d+ с\., а заказано 80 с\./);
  // The volume was corrected again with new writer calls before giving up.
  expect(keys.some((k) => k.startsWith('retry1:extend:'))).toBe(true);
});
