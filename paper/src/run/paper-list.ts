/**
 * A paper's list of sources as the run's state keeps it: data, no functions. Every source its
 * texts cite and every file the user attached, nothing else; described by GOST R 7.0.100-2018,
 * sorted and numbered (bibliography/list.ts), with where each was verified. The references stage builds it
 * once from the final texts; the volume stage measures its drafts with the lists they would have.
 */
import { toSourceMarkers } from '../passages/markers.ts';
import type { Passage } from '../passages/types.ts';
import type { Written } from '../text/types.ts';
import type { RunSource } from '../sources/types.ts';
import { buildBibliography, GROUP_TITLES } from '../bibliography/list.ts';
import { MARKER } from '../bibliography/refs.ts';
import type { PaperBibliography, PaperSourceRef, FoundWork } from '../bibliography/types.ts';

/** The sources the texts cite ("[[p17]]" -> the passage's source). */
function citedSources(written: Written, passages: Map<string, Passage>): Set<string> {
  const ids = new Set<string>();
  for (const paragraphs of [written.introduction, ...written.subsections.values(), written.conclusion ?? []])
    for (const p of paragraphs) for (const m of toSourceMarkers(p, passages).matchAll(MARKER)) ids.add(m[1]);
  return ids;
}

export function listPaperSources(options: {
  sources: RunSource[];
  written: Written;
  /** The passages the texts cite as [[p17]]. */
  passages: Map<string, Passage>;
  /** Split into groups, normative acts first. */
  separate: boolean;
}): PaperBibliography {
  const { sources } = options;
  const cited = citedSources(options.written, options.passages);
  const listed = sources.filter((s) => cited.has(s.id) || s.origin === 'attached');
  const bib = buildBibliography(
    listed.map((s) => s.bib),
    options.separate,
  );
  const byId = new Map(sources.map((s) => [s.id, s]));
  return {
    entries: bib.entries.map((e) => ({
      sourceId: e.id,
      number: e.number,
      text: e.text,
      origin: e.origin,
      ...(bib.groups ? { group: GROUP_TITLES[e.group] } : {}),
    })),
    numberOf: Object.fromEntries(bib.numberOf),
    references: bib.entries.map((e) => referenceOf(e.number, e.text, byId.get(e.id)!, sources)),
  };
}

/** The api's library names its works 'library:<origin>'. */
const isLibraryWork = (work: FoundWork) => work.provider === 'library' || work.provider.startsWith('library:');

/** Where a listed source was verified: its DOI, our own library (harvested from a repository), the
 * repository or database that gave its record, or the user's file; an invented work nowhere. */
function referenceOf(number: number, text: string, source: RunSource, all: RunSource[]): PaperSourceRef {
  if (source.origin === 'attached') {
    const attachedIndex = all.filter((s) => s.origin === 'attached').indexOf(source);
    return { number, text, verifiedBy: 'user_file', url: null, attachedIndex };
  }
  const work = source.work;
  if (work?.invented) return { number, text, verifiedBy: 'invented', url: null };
  if (work?.doi) return { number, text, verifiedBy: 'doi', url: `https://doi.org/${work.doi}` };
  const url = work?.url ?? work?.oaUrl ?? null;
  return { number, text, verifiedBy: work && isLibraryWork(work) ? 'library' : 'repository', url };
}
