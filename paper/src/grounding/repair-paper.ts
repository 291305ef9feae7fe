/**
 * The paper-wide side of repair.ts, as the fact-check and volume stages run it: the statements of
 * the written subsections that the paper's grounding check fails (a name no listed work accounts
 * for, a figure not on the cited page, a page that does not support it, a page outside the work)
 * rewritten from their passages, one call per subsection, before the corrections remove what is
 * left (paper.ts); and the works the source plan needs that no text cites any more, each given a
 * statement retelling its planned passage in its home subsection.
 */
import { allOrAbort } from '../calls.ts';
import type { CallRunner } from '../writer/types.ts';
import type { Passage } from '../passages/types.ts';
import { passageBrief } from '../passages/briefs.ts';
import type { Written } from '../text/types.ts';
import type { SourcePlan } from '../source-plan/types.ts';
import { sentencesOf } from '../text/sentences.ts';
import { isTable } from '../text/tables.ts';
import { checkGrounding, pageText } from './check.ts';
import { paperGrounding, type PaperGroundingInput } from './paper.ts';
import { repairStatements, type RepairItem } from './repair.ts';

/** Why the check failed a statement, as the writer asked to repair it is told. */
const WHY = {
  name: 'в утверждении назван автор или работа, которых нет в списке источников и во фрагменте',
  figure: 'в утверждении есть число, которого нет на цитируемой странице',
  support: 'цитируемый фрагмент этого не говорит',
  page: 'ссылка указывает на страницу, которой нет в работе',
} as const;

type Repairable = keyof typeof WHY;

interface Context extends PaperGroundingInput {
  plan: SourcePlan;
  calls: CallRunner;
  /** Names this round's calls: `repair:<version>:<number>`, `recite:<version>`. */
  version: string;
  /** Subsections kept as the user read them (a demo's chapter 1): not changed. */
  kept?: Map<string, string[]>;
  signal?: AbortSignal;
}

/** The passage a failed statement is rewritten from: the one it cites, or (that page is not the work's) its work's planned one. */
function passageFor(citedId: string | undefined, number: string, ctx: Context, pageOk: boolean): Passage | undefined {
  const cited = citedId ? ctx.passages.byId.get(citedId) : undefined;
  if (cited && pageOk) return cited;
  const work = cited?.sourceId;
  const planned = (ctx.plan.placed[number] ?? []).find((w) => w.source === work)?.passages[0];
  return planned ? ctx.passages.byId.get(planned) : undefined;
}

export async function repairPaper(ctx: Context): Promise<{ written: Written; repaired: number }> {
  const g = paperGrounding(ctx);
  const kept = ctx.kept ?? new Map<string, string[]>();
  const data = g.dataOf(g.parts);
  const findings = checkGrounding(data).filter(
    (f): f is typeof f & { part: number; paragraph: number; sentence: number } =>
      f.kind in WHY && f.part !== undefined && f.paragraph !== undefined && f.sentence !== undefined,
  );
  const subsections = [...ctx.written.subsections.keys()];
  const bySubsection = new Map<string, { at: [number, number]; item: RepairItem }[]>();
  for (const f of findings) {
    const number = g.keys[f.part];
    if (!ctx.written.subsections.has(number) || kept.has(number)) continue;
    const paragraph = g.parts[f.part][f.paragraph];
    if (isTable(paragraph)) continue;
    const list = bySubsection.get(number) ?? [];
    if (list.some((x) => x.at[0] === f.paragraph && x.at[1] === f.sentence)) continue;
    const statement = sentencesOf(paragraph)[f.sentence];
    const cited = f.citation?.ref ?? /\[\[(p\d+)/.exec(statement)?.[1];
    const passage = passageFor(cited, number, ctx, f.kind !== 'page');
    if (!passage) continue;
    const page = pageText({ sources: g.grounded }, { source: passage.sourceId, page: passage.page });
    if (page === undefined) continue;
    list.push({
      at: [f.paragraph, f.sentence],
      item: { n: list.length + 1, statement, why: WHY[f.kind as Repairable], passage: passageBrief(passage, ctx.sources), page },
    });
    bySubsection.set(number, list);
  }
  const texts = new Map(ctx.written.subsections);
  let repaired = 0;
  await allOrAbort(
    [...bySubsection].map(([number, list]) => async () => {
      const fixed = await repairStatements({
        key: `repair:${ctx.version}:${number}`,
        items: list.map((x) => x.item),
        calls: ctx.calls,
        glossary: ctx.glossary ?? [],
        allowed: data.allowed,
        numbering: data.numbering,
      });
      if (!fixed.size) return;
      const paragraphs = [...g.parts[subsections.indexOf(number) + 1]];
      for (const { at, item } of list) {
        const text = fixed.get(item.n);
        if (!text) continue;
        const sentences = sentencesOf(paragraphs[at[0]]);
        sentences[at[1]] = text;
        paragraphs[at[0]] = sentences.join(' ');
        repaired++;
      }
      texts.set(number, paragraphs);
    }),
    ctx.signal,
  );
  return { written: { ...ctx.written, subsections: texts }, repaired };
}

/**
 * The works the plan needs that no text cites: each gets a statement written from its planned
 * passage (one call, `recite:<version>`), checked like any, at `insertAt` of its home subsection.
 */
export async function reciteWorks(
  ctx: Context & { insertAt: (paragraphs: string[]) => number },
): Promise<{ written: Written; recited: number }> {
  const g = paperGrounding(ctx);
  const kept = ctx.kept ?? new Map<string, string[]>();
  const cited = g.citedIn(g.parts);
  const missing = ctx.plan.works.filter((id) => !cited.has(id) && !g.attached.has(id));
  const homes = new Map<string, { number: string; passage: Passage }>();
  for (const [number, works] of Object.entries(ctx.plan.placed)) {
    if (kept.has(number) || !ctx.written.subsections.has(number)) continue;
    for (const w of works)
      if (missing.includes(w.source) && (w.home || !homes.has(w.source))) {
        const passage = ctx.passages.byId.get(w.passages[0]);
        if (passage) homes.set(w.source, { number, passage });
      }
  }
  const items = [...homes].flatMap(([, { passage }], i): RepairItem[] => {
    const page = pageText({ sources: g.grounded }, { source: passage.sourceId, page: passage.page });
    return page === undefined
      ? []
      : [
          {
            n: i + 1,
            statement: '',
            why: 'напиши предложение, которое пересказывает этот фрагмент, для подраздела работы',
            passage: passageBrief(passage, ctx.sources),
            page,
          },
        ];
  });
  const { allowed, numbering } = g.dataOf(g.parts);
  const fixed = await repairStatements({
    key: `recite:${ctx.version}`,
    items,
    calls: ctx.calls,
    glossary: ctx.glossary ?? [],
    allowed,
    numbering,
  });
  const texts = new Map(ctx.written.subsections);
  let recited = 0;
  [...homes].forEach(([, { number }], i) => {
    const statement = fixed.get(i + 1);
    if (!statement) return;
    const paragraphs = [...texts.get(number)!];
    // At the end of the paragraph before the subsection's closing (after it, a table); a subsection with no text gets it as its text.
    const at = Math.max(0, Math.min(paragraphs.length, ctx.insertAt(paragraphs)) - 1);
    const into = paragraphs[at] as string | undefined;
    if (into === undefined) paragraphs.push(statement);
    else if (isTable(into)) paragraphs.splice(at + 1, 0, statement);
    else paragraphs[at] = `${into} ${statement}`;
    texts.set(number, paragraphs);
    recited++;
  });
  return { written: { ...ctx.written, subsections: texts }, recited };
}
