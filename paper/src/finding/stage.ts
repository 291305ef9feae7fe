/**
 * The finding stage (the run's sources): the attached files and the works the bibliographic databases find for the
 * outline. With a real database configured, a paper that cannot get its minimum of sources fails
 * (the order is refunded) rather than being written on too few; with none (offline development)
 * the shortfall is only recorded as a warning.
 */
import { PaperError } from '../errors.ts';
import type { PaperRun, PaperState, Stage } from '../run/state.ts';
import { need } from '../run/state.ts';
import { searchWorks } from '../sources/find-works.ts';
import { withKeptWorks } from '../demo/kept-chapter.ts';
import { outlookOf } from '../sources/choice.ts';
import { firstRecentYear, minimumSources, providersOf, SEARCH_PER_QUERY, wantedSources } from '../sources/minimums.ts';
import { queriesForOutline } from '../sources/queries.ts';
import { accessDate, runSourcesOf } from '../sources/run-sources.ts';
import type { FoundWork } from '../bibliography/types.ts';

/** The run's sources; a full paper keeps the works its demo's chapter 1 cites. */
function withFound(run: PaperRun, state: PaperState, found: FoundWork[]): PaperState {
  const sources = runSourcesOf({ attached: run.attached, found: withKeptWorks(found, state.keptChapter), accessed: accessDate(run.now) });
  return { ...state, sources };
}

export async function findSources(run: PaperRun, state: PaperState): Promise<PaperState> {
  const { input, ctx } = run;
  const outline = need(state.outline, 'the outline');
  const providers = providersOf(ctx);
  const warnings = [...state.warnings];
  const minimum = minimumSources(input.type, input.requiredVolume);
  const recentFrom = firstRecentYear(run.now);
  if (!providers.length) {
    if (run.attached.length < minimum)
      warnings.push(
        `Поиск литературы не настроен: в списке только приложенные файлы (${run.attached.length}), а нужно не меньше ${minimum}`,
      );
    return withFound(run, { ...state, warnings }, []);
  }
  const queries = queriesForOutline(outline);
  const outcome = await searchWorks({
    providers,
    queries,
    topicText: {
      ru: `${outline.topic} ${outline.keywords.join(' ')} ${outline.chapters.map((c) => `${c.title} ${c.subsections.join(' ')}`).join(' ')} ${outline.searchQueries.join(' ')}`,
      en: queries.en.join(' '),
    },
    topic: outline.topic,
    minYear: input.minPublicationYear,
    maxYear: run.now.getFullYear(),
    perQuery: SEARCH_PER_QUERY,
    want: Math.max(0, wantedSources(input.type, input.requiredVolume) - run.attached.length),
    recentFrom,
    signal: run.signal,
  });
  const found = outcome.works;
  if (outcome.failures.length)
    warnings.push(`Поиск литературы прошёл с ошибками (${outcome.failures.length} из ${outcome.requests} запросов)`);

  const problem = outlookOf({
    works: found,
    attached: run.attached.length,
    type: input.type,
    requiredVolume: input.requiredVolume,
    minYear: input.minPublicationYear,
    now: run.now,
    pdf: true,
  }).shortfall;
  // Only a fixed catalogue (tests, offline development) may fall short: a real search must not.
  const real = providers.some((p) => !p.offline);
  if (problem && real) {
    throw new PaperError(
      'not_enough_sources',
      `Недостаточно научных источников: ${problem}. Попробуйте сформулировать тему шире или указать более ранний год издания.`,
    );
  }
  return withFound(run, { ...state, warnings }, found);
}

/** Found works are stored, so a resumed run cites the same ones. */
export const findingStage: Stage = {
  progress: 'sources',
  run: findSources,
  checkpoint: {
    key: 'sources:found',
    save: (state) => need(state.sources, 'the sources').found,
    restore: (run, state, saved) => (Array.isArray(saved) ? withFound(run, state, saved as FoundWork[]) : undefined),
  },
};
