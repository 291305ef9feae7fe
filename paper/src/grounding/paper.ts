/**
 * The grounding of a whole paper corrected (check.ts, correct.ts): the introduction, the
 * subsections and the conclusion checked until nothing is found — names the list does not hold, a
 * model's own list of literature, cited pages outside a work's printed range or without the
 * statement's figure or key terms, repeated paragraphs. Then every user's file is cited where a
 * passage of it fits, and a list that fell below its minimum gets back works whose passages fit
 * (a demo with no margin is not failed by a trim). Each correction is counted by kind.
 */
import { keyAuthorsOf, keyAuthorsSentence, KEY_AUTHORS_LEAD } from '../sources/key-authors.ts';
import type { OutlineBrief } from '../outline/types.ts';
import { citedPassageIds } from '../passages/markers.ts';
import type { PaperPassages } from '../passages/types.ts';
import type { Written } from '../text/types.ts';
import type { RunSources } from '../sources/types.ts';
import { checkGrounding, pageText, type GroundingData } from './check.ts';
import { applyFindings, citeWhereFits, noCorrections } from './correct.ts';
import type { GroundingCounts } from './types.ts';
import { allowedNumbers, groundingSources, markerCitations, nameContextOf, sourceFactsOf } from './data.ts';
import { unaccountedNames } from './names.ts';
import { groundingOf } from './numbers.ts';
import type { GlossaryEntry } from '../writer/types.ts';

/** Rounds of check and correction (a correction may uncite a work whose author another sentence names). */
const MAX_ROUNDS = 4;

/** What the grounding of a paper is checked against: plain data, as the stages have it. */
export interface PaperGroundingInput {
  written: Written;
  passages: PaperPassages;
  sources: RunSources;
  outline: OutlineBrief;
  /** The topic's glossary (the source plan's): a statement on a foreign page is matched through it. */
  glossary?: readonly GlossaryEntry[];
  /** Repeated paragraphs are looked for (not the offline writer's: grounding/check-texts.ts, guardsRepeats). */
  repeats: boolean;
}

/** The paper's texts in the check's order (the introduction's key-authors sentence left out: the engine's own) and how to check them. */
export function paperGrounding(options: PaperGroundingInput) {
  const { written, passages, sources, outline } = options;
  const facts = sources.list.map(sourceFactsOf);
  const grounded = groundingSources(facts, passages.list);
  const numbers = groundingOf({ outline, passageText: () => undefined });
  const outlineText = [
    outline.topic,
    outline.title,
    outline.goal,
    ...outline.tasks,
    ...outline.chapters.flatMap((c) => [c.title, ...c.subsections]),
  ];
  const own = [...outlineText, outline.object, outline.subject, ...outline.keywords, ...passages.list.map((p) => p.text)];
  const attached = new Set(sources.list.filter((s) => s.origin === 'attached').map((s) => s.id));
  const authorsAt = written.introduction.findIndex((p) => p.startsWith(KEY_AUTHORS_LEAD));
  const keys = ['introduction', ...written.subsections.keys(), ...(written.conclusion ? ['conclusion'] : [])];
  const parts = [
    written.introduction.filter((_, i) => i !== authorsAt),
    ...written.subsections.values(),
    ...(written.conclusion ? [written.conclusion] : []),
  ];
  const citedIn = (texts: string[][]) =>
    new Set(
      texts
        .flat()
        .flatMap(citedPassageIds)
        .map((id) => passages.byId.get(id)?.sourceId ?? ''),
    );
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
      repeats: options.repeats,
      glossary: options.glossary,
    };
  };
  return { facts, grounded, attached, authorsAt, keys, parts, citedIn, listedOf, dataOf };
}

/**
 * The paper's texts checked and corrected until the check finds nothing; what was corrected, by
 * kind. Plain data in and out: the fact-check and volume stages run it, and so can a revision.
 */
export function groundPaper(
  options: PaperGroundingInput & {
    /** The list's minimum (sources/minimums.ts). */
    minimum: number;
    /** The works the source plan needs cited: one that lost its citations is cited again where its passage fits. */
    required?: readonly string[];
    /** Subsections kept as the user read them (a demo's chapter 1): nothing is added to them. */
    kept?: Map<string, string[]>;
  },
): { written: Written; counts: GroundingCounts } {
  const { written, passages, sources, minimum } = options;
  const g = paperGrounding(options);
  const { facts, grounded, attached, authorsAt, citedIn, listedOf, dataOf } = g;
  let parts = g.parts;
  const kept = options.kept ?? new Map<string, string[]>();
  const counts = noCorrections();
  const correct = () => {
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const findings = checkGrounding(dataOf(parts)).filter((f) => f.kind !== 'uncited');
      if (!findings.length) return;
      parts = applyFindings(parts, findings, counts);
    }
  };
  correct();

  // Every user's file and every work the plan needs is cited; a list below its minimum gets back works whose passages fit.
  const wasCited = citedIn([...written.subsections.values()]);
  const subsections = new Map([...written.subsections.keys()].map((n, i) => [n, parts[i + 1]]));
  const open = new Map([...subsections].filter(([n]) => !kept.has(n)));
  const passagesOf = (id: string) => passages.list.filter((p) => p.sourceId === id);
  const textOf = (p: (typeof passages.list)[number]) => pageText({ sources: grounded }, { source: p.sourceId, page: p.page }) ?? p.text;
  const recite = (id: string) => {
    if (!citeWhereFits(open, passagesOf(id), textOf, { quote: attached.has(id), glossary: options.glossary })) return;
    counts.recited++;
    for (const [n, p] of open) subsections.set(n, p);
  };
  const cited = () => citedIn([...subsections.values()]);
  for (const id of attached) if (!cited().has(id)) recite(id);
  for (const id of options.required ?? []) if (!cited().has(id) && passagesOf(id).length) recite(id);
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
  return { written: next, counts };
}
