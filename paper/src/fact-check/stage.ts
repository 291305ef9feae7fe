/**
 * The fact-check stage: the whole paper's texts (introduction, subsections, conclusion) checked
 * for grounding (grounding/check.ts) and corrected until nothing is found (grounding/correct.ts):
 * names the list does not hold, a model's own list of literature, cited pages outside a work's
 * printed range or without the statement's figure or key terms, repeated paragraphs. Then every
 * user's file is cited where a passage of it fits, and a list that fell below its minimum gets
 * back works whose passages fit (a demo with no margin is not failed by a trim). It runs before
 * the volume stage (so the volume is measured on what stays) and again after it, before the list
 * is built; each correction is counted by kind in the run's report.
 */
import { briefOf } from '../outline/brief.ts';
import type { PaperRun, PaperState, Stage } from '../run/state.ts';
import { need } from '../run/state.ts';
import type { Written } from '../run/written.ts';
import { keyAuthorsOf, keyAuthorsSentence, KEY_AUTHORS_LEAD } from '../introduction/authors.ts';
import { minimumSources } from '../sources/minimums.ts';
import { citedPassageIds } from '../passages/markers.ts';
import { checkGrounding, pageText, type GroundingData } from '../grounding/check.ts';
import { addCorrections, applyFindings, citeWhereFits, noCorrections } from '../grounding/correct.ts';
import { allowedNumbers, groundingSources, markerCitations, nameContextOf, sourceFactsOf } from '../grounding/data.ts';
import { unaccountedNames } from '../grounding/names.ts';
import { groundingOf } from '../grounding/numbers.ts';

/** Rounds of check and correction (a correction may uncite a work whose author another sentence names). */
const MAX_ROUNDS = 4;

export async function factCheck(run: PaperRun, state: PaperState): Promise<PaperState> {
  const written = need(state.written, 'the texts');
  const passages = need(state.passages, 'the passages');
  const sources = need(state.sources, 'the sources');
  const outline = briefOf(need(state.outline, 'the outline'));
  const facts = sources.list.map(sourceFactsOf);
  const grounded = groundingSources(facts, passages.list);
  const numbers = groundingOf({ outline, passageText: () => undefined });
  const outlineText = [outline.topic, outline.title, outline.goal, ...outline.tasks, ...outline.chapters.flatMap((c) => [c.title, ...c.subsections])];
  const own = [...outlineText, outline.object, outline.subject, ...outline.keywords, ...passages.list.map((p) => p.text)];
  const attached = new Set(sources.list.filter((s) => s.origin === 'attached').map((s) => s.id));
  const kept = state.keptSubsections ?? new Map<string, string[]>();

  // The introduction's sentence naming the key authors is the engine's own: it is rebuilt below.
  const authorsAt = written.introduction.findIndex((p) => p.startsWith(KEY_AUTHORS_LEAD));
  const keys = ['introduction', ...written.subsections.keys(), ...(written.conclusion ? ['conclusion'] : [])];
  let parts = [
    written.introduction.filter((_, i) => i !== authorsAt),
    ...written.subsections.values(),
    ...(written.conclusion ? [written.conclusion] : []),
  ];
  const citedIn = (texts: string[][]) => new Set(texts.flat().flatMap(citedPassageIds).map((id) => passages.byId.get(id)?.sourceId ?? ''));
  const listedOf = (texts: string[][]) => new Set([...citedIn(texts), ...attached].filter((id) => grounded.has(id)));
  const dataOf = (texts: string[][]): GroundingData => {
    const listed = listedOf(texts);
    return {
      parts: texts.map((paragraphs, i) => ({ key: keys[i], paragraphs })),
      sources: grounded,
      listed,
      citationsIn: markerCitations(passages.byId),
      names: nameContextOf(facts, listed, own),
      allowed: allowedNumbers(outlineText),
      numbering: numbers.numbering,
    };
  };
  const counts = noCorrections();
  const correct = () => {
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const findings = checkGrounding(dataOf(parts)).filter((f) => f.kind !== 'uncited');
      if (!findings.length) return;
      parts = applyFindings(parts, findings, counts);
    }
  };
  correct();

  // Every user's file is cited; a list below its minimum gets back works whose passages fit.
  const wasCited = citedIn([...written.subsections.values()]);
  const subsections = new Map([...written.subsections.keys()].map((n, i) => [n, parts[i + 1]]));
  const open = new Map([...subsections].filter(([n]) => !kept.has(n)));
  const passagesOf = (id: string) => passages.list.filter((p) => p.sourceId === id);
  const textOf = (p: (typeof passages.list)[number]) => pageText({ sources: grounded }, { source: p.sourceId, page: p.page }) ?? p.text;
  const recite = (id: string) => {
    if (!citeWhereFits(open, passagesOf(id), textOf)) return;
    counts.recited++;
    for (const [n, p] of open) subsections.set(n, p);
  };
  const cited = () => citedIn([...subsections.values()]);
  for (const id of attached) if (!cited().has(id)) recite(id);
  const minimum = minimumSources(run.input.type, run.input.requiredVolume);
  const candidates = sources.list
    .filter((s) => s.origin === 'found' && passagesOf(s.id).length)
    .sort((a, b) => Number(wasCited.has(b.id)) - Number(wasCited.has(a.id)));
  for (const s of candidates) {
    if (listedOf([...subsections.values()]).size >= minimum) break;
    if (!cited().has(s.id)) recite(s.id);
  }
  parts = [parts[0], ...subsections.values(), ...parts.slice(1 + subsections.size)];
  correct();

  // The key authors named are authors of listed works.
  let introduction = parts[0];
  if (authorsAt >= 0) {
    const listed = listedOf(parts);
    const sentence = written.introduction[authorsAt];
    const fits = !unaccountedNames(sentence, nameContextOf(facts, listed, [])).length;
    const rebuilt = fits ? sentence : keyAuthorsSentence(keyAuthorsOf(sources.list.filter((s) => listed.has(s.id))));
    if (!fits) counts.names++;
    introduction = rebuilt ? [...introduction.slice(0, authorsAt), rebuilt, ...introduction.slice(authorsAt)] : introduction;
  }
  const next: Written = {
    introduction,
    subsections,
    conclusion: written.conclusion ? parts[parts.length - 1] : null,
  };
  return { ...state, written: next, grounding: addCorrections(state.grounding ?? noCorrections(), counts) };
}

/** Before the volume is fitted, and again before the list is built (the extensions are new text). */
export const factCheckStage: Stage = { progress: 'typeset', run: factCheck };
export const finalFactCheckStage: Stage = { progress: 'typeset', run: factCheck };
