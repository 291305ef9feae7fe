/**
 * The run's state is data: what each stage hands on survives a structured clone (no functions in
 * it), so that a run can be stored and a later round (a revision, the defence kit) can start from it.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { BASE_INPUT, CATALOGUE } from '../dev/fixtures.ts';
import { runStages, STAGES, startRun } from '../src/engine.ts';
import { createLocalSearch, createMemoryCheckpoints, createOfflineWriter, createPdfConverterPool } from '../src/index.ts';
import type { PaperState } from '../src/run/state.ts';

const pool = createPdfConverterPool({ size: 1 });
afterAll(() => pool.close());

describe('the state of a run', () => {
  it('is data after every stage, the list of sources and the passages given to each subsection included', async () => {
    const run = startRun(
      { ...BASE_INPUT, type: 'demo', tariff: 'professional' },
      {
        writer: createOfflineWriter(),
        search: createLocalSearch(CATALOGUE),
        checkpoints: createMemoryCheckpoints(),
        pdf: pool,
        onProgress: () => {},
        now: new Date('2025-03-01T12:00:00Z'),
      },
    );
    const isData = (value: unknown) => {
      try {
        structuredClone(value);
        return true;
      } catch {
        return false;
      }
    };
    let state: PaperState = { warnings: [] };
    const notData: string[] = [];
    for (const [i, stage] of STAGES.entries()) {
      state = await runStages(run, state, [stage], { report: false });
      for (const [part, value] of Object.entries(state)) if (!isData(value)) notData.push(`stage ${i + 1}: ${part}`);
    }
    expect(notData).toEqual([]);
    expect(state.normocontrol?.ok).toBe(true);
    // The list is built once from the final texts, numbered from 1, each entry naming its source.
    const list = state.bibliography!;
    expect(list.entries.length).toBeGreaterThan(0);
    expect(list.entries.map((e) => e.number)).toEqual(list.entries.map((_, i) => i + 1));
    for (const e of list.entries) expect(list.numberOf[e.sourceId]).toBe(e.number);
    // Every subsection the demo writes (its first chapter) has the works and passages it is written from, by id.
    const subsections = state.outline!.chapters[0].subsections.map((_, si) => `1.${si + 1}`);
    expect(Object.keys(state.passages!.assigned)).toEqual(subsections);
    expect(Object.keys(state.plan!.placed)).toEqual(subsections);
    for (const ids of Object.values(state.passages!.assigned)) for (const id of ids) expect(state.passages!.byId.has(id)).toBe(true);
  }, 120_000);
});
