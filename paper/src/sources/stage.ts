/** The sources stage: the attached files and the works the bibliographic search finds for the outline. */
import type { PaperRun, PaperState, Stage } from '../run/state.ts';
import { need } from '../run/state.ts';
import { searchWorks } from './index.ts';
import { runSourcesOf } from './run-sources.ts';
import type { FoundWork } from './search/types.ts';

function dateRu(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getDate())}.${p(d.getMonth() + 1)}.${d.getFullYear()}`;
}

function withFound(run: PaperRun, state: PaperState, found: FoundWork[]): PaperState {
  const sources = runSourcesOf({ attached: run.attached, found, accessed: dateRu(run.now) });
  return { ...state, sources };
}

export async function findSources(run: PaperRun, state: PaperState): Promise<PaperState> {
  const { input, ctx } = run;
  const outline = need(state.outline, 'the outline');
  let found: FoundWork[] = [];
  const warnings = [...state.warnings];
  if (ctx.search) {
    const want = Math.max(0, (run.demo ? 20 : Math.round(20 + (input.requiredVolume - 80) / 4)) - run.attached.length);
    const outcome = await searchWorks({
      search: ctx.search,
      queries: [outline.topic, ...outline.searchQueries].slice(0, 5),
      topicText: `${outline.topic} ${outline.keywords.join(' ')} ${outline.chapters.map((c) => `${c.title} ${c.subsections.join(' ')}`).join(' ')}`,
      minYear: input.minPublicationYear,
      maxYear: run.now.getFullYear(),
      want,
      signal: run.signal,
    });
    found = outcome.works;
    if (outcome.failures.length) warnings.push(`Поиск литературы прошёл с ошибками (${outcome.failures.length} из ${Math.min(5, 1 + outline.searchQueries.length)} запросов)`);
  }
  return withFound(run, { ...state, warnings }, found);
}

/** Found works are stored, so a resumed run cites the same ones. */
export const sourcesStage: Stage = {
  progress: 'sources',
  run: findSources,
  checkpoint: {
    key: 'sources:found',
    save: (state) => need(state.sources, 'the sources').found,
    restore: (run, state, saved) => (Array.isArray(saved) ? withFound(run, state, saved as FoundWork[]) : undefined),
  },
};
