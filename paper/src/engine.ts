/**
 * generatePaper: plan -> sources -> sections (parallel) -> review (professional) -> conclusion ->
 * bibliography -> typeset with measured volume -> preview -> normocontrol.
 *
 * A demo is: the title page, the contents of the whole planned structure (the parts not in the
 * demo are listed without page numbers), the introduction and the first chapter with all its
 * subsections, at demo length: about 10-15 pages, and the list of the sources that part cites
 * and of the attached files (when there are any), so that every reference of the demo can be
 * checked. It has no conclusion.
 * A full paper made from a demo (`fromDemo`) keeps the demo's
 * title, annotation, keywords, structure and introduction.
 */
import { buildBibliography } from './bibliography/list.ts';
import type { BibSource } from './bibliography/list.ts';
import { createReferencer, MARKER } from './bibliography/refs.ts';
import type { Inline } from './bibliography/refs.ts';
import { allOrAbort, createCallRunner } from './calls.ts';
import type { CallRunner } from './calls.ts';
import { writeConclusion } from './conclusion/index.ts';
import { PaperError, throwIfAborted } from './errors.ts';
import { introductionTail, writeIntroduction } from './introduction/index.ts';
import { layoutPaper, measurePaper } from './layout/index.ts';
import { checkDocx } from './normocontrol/check.ts';
import { outlineOf } from './outline.ts';
import { cutPdf } from './pdf/outline.ts';
import { runPlan } from './plan/index.ts';
import { PaperPlanSchema } from './plan/schema.ts';
import { createProgress, stageRanges } from './progress.ts';
import { reviewChapter } from './review/index.ts';
import { writeSection } from './sections/index.ts';
import { assignSources, briefsFor, buildRunSources, searchWorks } from './sources/index.ts';
import type { RunSource } from './sources/index.ts';
import type { FoundWork } from './sources/search/types.ts';
import { charsOf } from './text/clean.ts';
import type { DocModel, Para } from './typeset/model.ts';
import type { PageMap } from './typeset/docx.ts';
import type { BibliographyEntry, PaperInput, PaperPlan, PaperResult, RunContext, SectionText } from './types.ts';
import { budgetFor, CHARS_PER_PAGE, topUp, trim, windowFor } from './volume/index.ts';
import type { OutlineBrief } from './writer/types.ts';

const MAX_SOURCE_CHARS = 2_000_000;

/** Checks the input; every problem is a Russian message the customer can act on. */
export function validateInput(input: PaperInput, now: Date): void {
  const fail = (message: string): never => {
    throw new PaperError('invalid_input', message);
  };
  const topic = input.topic?.trim() ?? '';
  if (topic.length < 10 || topic.length > 200) fail('Тема работы должна содержать от 10 до 200 символов');
  if (input.type !== 'demo' && input.type !== 'full') fail('Тип работы должен быть «демо» или «полная»');
  if (input.plan !== 'basic' && input.plan !== 'professional') fail('Тариф должен быть «Обычный» или «Профессиональный»');
  if (input.separateBibliography && !input.useFootnotes) fail('Раздельный список литературы возможен только при оформлении ссылок сносками');
  if (!Number.isInteger(input.minPublicationYear) || input.minPublicationYear < 1900 || input.minPublicationYear > now.getFullYear()) {
    fail(`Минимальный год публикации должен быть от 1900 до ${now.getFullYear()}`);
  }
  if (!Number.isInteger(input.requiredVolume) || input.requiredVolume < 80 || input.requiredVolume > 120) fail('Объём работы должен быть от 80 до 120 страниц');
  if (input.userStructure) {
    if (!Array.isArray(input.userStructure) || input.userStructure.length !== 3) fail('Пользовательское оглавление должно содержать ровно 3 главы');
    for (const [i, ch] of input.userStructure.entries()) {
      if (!Array.isArray(ch) || typeof ch[0] !== 'string' || !Array.isArray(ch[1])) fail(`Глава ${i + 1} оглавления задана неверно`);
      const title = ch[0].trim();
      if (title.length < 1 || title.length > 200) fail(`Название главы ${i + 1} должно содержать от 1 до 200 символов`);
      const subs = ch[1].map((s) => String(s).trim()).filter(Boolean);
      if (subs.length > 4) fail(`В главе ${i + 1} может быть не более 4 подразделов`);
      if (subs.some((s) => s.length > 200)) fail(`Название подраздела в главе ${i + 1} длиннее 200 символов`);
    }
  }
  if (!Array.isArray(input.attachedSources) || input.attachedSources.length > 5) fail('Можно приложить не более 5 источников');
  for (const s of input.attachedSources) {
    if (!s.citation || s.citation.trim().length < 10 || s.citation.length > 500) fail(`ГОСТ-ссылка для файла «${s.fileName}» должна содержать от 10 до 500 символов`);
    if (typeof s.text !== 'string') fail(`Текст файла «${s.fileName}» не извлечён`);
  }
  if (input.fromDemo && !PaperPlanSchema.safeParse(input.fromDemo).success) fail('Данные демо-версии повреждены: начните новый проект');
}

function dateRu(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getDate())}.${p(d.getMonth() + 1)}.${d.getFullYear()}`;
}

/** Drops pages a source cannot have: found works have no pages to cite, a file no more than it has. */
function checkPages(paragraphs: string[], sources: Map<string, RunSource>): string[] {
  return paragraphs.map((p) =>
    p.replace(MARKER, (m, id: string, pages?: string) => {
      const s = sources.get(id);
      if (!s) return '';
      if (!pages) return m;
      const first = Number(/\d+/.exec(pages)?.[0] ?? 0);
      if (!s.pages || first < 1 || first > s.pages.length) return `[[${id}]]`;
      return m;
    }),
  );
}

function citedIds(texts: string[][]): Set<string> {
  const ids = new Set<string>();
  for (const paras of texts) for (const p of paras) for (const m of p.matchAll(MARKER)) ids.add(m[1]);
  return ids;
}

interface Written {
  introduction: string[];
  /** "1.2" -> paragraphs. */
  subsections: Map<string, string[]>;
  conclusion: string[] | null;
}

function inlineText(paras: Para[]): string {
  return paras.map((p) => p.map((x) => (x.kind === 'text' ? x.text : ` (сноска: ${x.text})`)).join('')).join('\n\n');
}

/** Resolves references and assembles what the typesetter lays out. */
function assemble(options: {
  input: PaperInput;
  plan: Omit<PaperPlan, 'introduction'>;
  written: Written;
  sources: RunSource[];
  writer: 'llm' | 'offline';
  year: number;
  ctx: RunContext;
}) {
  const { input, plan, written, sources } = options;
  const demo = input.type === 'demo';
  const byId = new Map(sources.map((s) => [s.id, s]));
  const allTexts = [written.introduction, ...written.subsections.values(), written.conclusion ?? []];
  const cited = citedIds(allTexts);
  // The list: every cited source and every file the user attached; nothing else.
  const listed: BibSource[] = sources.filter((s) => cited.has(s.id) || s.origin === 'attached').map((s) => s.bib);
  const bib = buildBibliography(listed, input.separateBibliography);
  const referencer = createReferencer({ sources: new Map(listed.map((b) => [b.id, b])), numberOf: bib.numberOf, footnotes: input.useFootnotes });
  const resolve = (paras: string[]): Para[] => paras.map((p) => referencer.paragraph(p)).filter((p) => p.length > 0);
  const introduction = resolve(written.introduction);
  const chapters = plan.chapters.map((c, ci) => ({
    number: ci + 1,
    title: c.title,
    written: !demo || ci === 0,
    subsections: c.subsections.map((title, si) => ({
      number: `${ci + 1}.${si + 1}`,
      title,
      paragraphs: resolve(written.subsections.get(`${ci + 1}.${si + 1}`) ?? []),
    })),
  }));
  const conclusion = written.conclusion ? resolve(written.conclusion) : null;
  const model: DocModel = {
    kind: input.type,
    writer: options.writer,
    title: plan.title,
    annotation: plan.annotation,
    keywords: plan.keywords,
    year: options.year,
    titlePage: options.ctx.titlePage,
    introduction,
    chapters,
    conclusion,
    // A demo lists what it cites too (a reference the reader cannot look up would look invented);
    // a demo that cites nothing has no list.
    bibliography:
      demo && bib.entries.length === 0
        ? null
        : {
            entries: bib.entries.map((e) => ({ number: e.number, text: e.text })),
            groups: bib.groups?.map((g) => ({ title: g.title, entries: g.entries.map((e) => ({ number: e.number, text: e.text })) })) ?? null,
          },
  };
  const entries: BibliographyEntry[] = bib.entries.map((e) => ({
    number: e.number,
    text: e.text,
    origin: e.origin,
    ...(bib.groups ? { group: bib.groups.find((g) => g.entries.includes(e))?.title } : {}),
  }));
  const sectionTexts: SectionText[] = [
    { key: 'introduction', heading: 'ВВЕДЕНИЕ', text: inlineText(introduction) },
    ...chapters
      .filter((c) => c.written)
      .flatMap((c) => c.subsections.map((s) => ({ key: s.number, heading: `${s.number} ${s.title}`, text: inlineText(s.paragraphs) }))),
    ...(conclusion ? [{ key: 'conclusion', heading: 'ЗАКЛЮЧЕНИЕ', text: inlineText(conclusion) }] : []),
  ];
  return { model, entries, sectionTexts };
}

export async function generatePaper(input: PaperInput, ctx: RunContext): Promise<PaperResult> {
  const now = ctx.now ?? new Date();
  validateInput(input, now);
  const signal = ctx.signal;
  const demo = input.type === 'demo';
  const professional = input.plan === 'professional';
  const progress = createProgress(ctx.onProgress, stageRanges(input.type, professional));
  const calls: CallRunner = createCallRunner({ writer: ctx.writer, checkpoints: ctx.checkpoints, tariff: input.plan, signal });
  const attached = input.attachedSources.map((s) => ({ ...s, text: s.text.slice(0, MAX_SOURCE_CHARS) }));

  // 1. Plan.
  await progress.stage('plan');
  let basePlan: Omit<PaperPlan, 'introduction'>;
  let keptIntroduction: string | null = null;
  if (input.fromDemo) {
    const { introduction, ...rest } = input.fromDemo;
    basePlan = rest;
    keptIntroduction = introduction || null;
  } else {
    basePlan = await runPlan(input, calls);
  }
  const outline: OutlineBrief = outlineOf(basePlan);
  await progress.part(1);

  // 2. Sources: found works are stored, so a resumed run cites the same ones.
  await progress.stage('sources');
  const warnings: string[] = [];
  let found: FoundWork[] = [];
  const foundKey = 'sources:found';
  const savedFound = await ctx.checkpoints.get(foundKey);
  if (Array.isArray(savedFound)) found = savedFound as FoundWork[];
  else if (ctx.search) {
    const want = Math.max(0, (demo ? 20 : Math.round(20 + (input.requiredVolume - 80) / 4)) - attached.length);
    const outcome = await searchWorks({
      search: ctx.search,
      queries: [basePlan.topic, ...basePlan.searchQueries].slice(0, 5),
      topicText: `${basePlan.topic} ${basePlan.keywords.join(' ')} ${basePlan.chapters.map((c) => `${c.title} ${c.subsections.join(' ')}`).join(' ')}`,
      minYear: input.minPublicationYear,
      maxYear: now.getFullYear(),
      want,
      signal,
    });
    found = outcome.works;
    if (outcome.failures.length) warnings.push(`Поиск литературы прошёл с ошибками (${outcome.failures.length} из ${Math.min(5, 1 + basePlan.searchQueries.length)} запросов)`);
    await ctx.checkpoints.set(foundKey, found);
  }
  const sources = buildRunSources(attached, found, dateRu(now));
  const sourceMap = new Map(sources.map((s) => [s.id, s]));
  const assignment = assignSources(sources, basePlan.chapters, basePlan.keywords);
  const sourcesFor = (number: string) => {
    const [ci, si] = number.split('.').map(Number);
    return briefsFor(sources, assignment.get(number) ?? [], `${basePlan.chapters[ci - 1].title} ${basePlan.chapters[ci - 1].subsections[si - 1]}`);
  };
  await progress.part(1);

  // 3. Writing: the introduction and every subsection in parallel.
  await progress.stage('writing');
  const tailChars = charsOf(introductionTail(outline));
  const budget = budgetFor({ type: input.type, volume: input.requiredVolume, chapters: basePlan.chapters, sourceCount: sources.length, introTailChars: tailChars });
  const numbers = [...budget.subsections.keys()];
  const texts = new Map<string, string[]>();
  let introduction: string[] = keptIntroduction ? keptIntroduction.split(/\n\s*\n/) : [];
  let done = 0;
  const total = numbers.length + (keptIntroduction ? 0 : 1);
  const tick = async () => progress.part(++done / total);
  await allOrAbort(
    [
      ...(keptIntroduction
        ? []
        : [
            async () => {
              introduction = await writeIntroduction(outline, budget.introduction, calls);
              await tick();
            },
          ]),
      ...numbers.map((number) => async () => {
        const [chapter, subsection] = number.split('.').map(Number);
        const paragraphs = await writeSection({ outline, chapter, subsection, targetChars: budget.subsections.get(number)!, sources: sourcesFor(number), calls });
        texts.set(number, checkPages(paragraphs, sourceMap));
        await tick();
      }),
    ],
    signal,
  );
  // Map order = document order, whatever order the calls finished in.
  const ordered = new Map(numbers.map((n) => [n, texts.get(n)!]));

  // 4. Professional: review and revise each written chapter.
  if (professional) {
    await progress.stage('review');
    const chapterNumbers = [...new Set(numbers.map((n) => Number(n.split('.')[0])))];
    let reviewed = 0;
    await allOrAbort(
      chapterNumbers.map((chapter) => async (s: AbortSignal) => {
        await reviewChapter({ outline, chapter, texts: ordered, sourcesFor, calls, signal: s });
        await progress.part(++reviewed / chapterNumbers.length);
      }),
      signal,
    );
    for (const [n, p] of ordered) ordered.set(n, checkPages(p, sourceMap));
  }

  // 5. Conclusion (full paper only).
  let conclusion: string[] | null = null;
  if (!demo) {
    await progress.stage('conclusion');
    conclusion = await writeConclusion(outline, ordered, budget.conclusion, calls);
    await progress.part(1);
  }

  // 6-7. Bibliography, typesetting and volume: lay out, measure, top up or trim, repeat.
  await progress.stage('bibliography');
  const plan: PaperPlan = { ...basePlan, introduction: introduction.join('\n\n') };
  const written: Written = { introduction, subsections: ordered, conclusion };
  const build = () => assemble({ input, plan: basePlan, written, sources, writer: ctx.writer.kind, year: now.getFullYear(), ctx });
  await progress.part(1);
  await progress.stage('typeset');
  const window = windowFor(input.type, input.requiredVolume);
  let measured: { pageCount: number; pages: PageMap } | null = null;
  const maxRounds = 4;
  for (let round = 1; round <= maxRounds; round++) {
    throwIfAborted(signal);
    measured = await measurePaper(build().model, ctx.pdf, { signal });
    await progress.part(round / (maxRounds + 1));
    const pages = measured.pageCount;
    if (pages >= window.aimLow && pages <= window.aimHigh) break;
    if (round === maxRounds) break;
    if (pages < window.aimLow) {
      await topUp({ round, chars: (window.aim - pages) * CHARS_PER_PAGE, outline, texts: ordered, sourcesFor, calls, signal });
      for (const [n, p] of ordered) ordered.set(n, checkPages(p, sourceMap));
    } else {
      trim(ordered, (pages - window.aim) * CHARS_PER_PAGE);
    }
    measured = null;
  }
  const final = build();
  const laid = await layoutPaper(final.model, ctx.pdf, { signal, initialPages: measured?.pages });
  await progress.part(1);

  // 8. Preview: the demo's pages only.
  await progress.stage('preview');
  const pdf = demo ? await cutPdf(laid.pdf, laid.pageCount) : laid.pdf;
  await progress.part(1);

  // 9. Normocontrol of what we produced.
  await progress.stage('normocontrol');
  const normocontrol = await checkDocx(laid.docx, { pdf: laid.pdf });
  await progress.stage('done');

  const structure: Record<string, string[]> = {};
  basePlan.chapters.forEach((c, ci) => {
    structure[`${ci + 1}. ${c.title}`] = c.subsections.map((s, si) => `${ci + 1}.${si + 1} ${s}`);
  });
  const window2 = windowFor(input.type, input.requiredVolume);
  const withinTolerance = laid.pageCount >= window2.min && laid.pageCount <= window2.max;
  if (!withinTolerance) warnings.push(`Объём ${laid.pageCount} с. вне допустимого диапазона ${window2.min}–${window2.max} с.`);
  if (sources.length === 0) warnings.push('Нет ни одного источника: список литературы пуст');
  return {
    title: basePlan.title,
    annotation: basePlan.annotation,
    keywords: basePlan.keywords,
    structure,
    sections: final.sectionTexts,
    bibliography: final.entries,
    docx: laid.docx,
    pdf,
    pageCount: laid.pageCount,
    volume: {
      requested: demo ? null : input.requiredVolume,
      actual: laid.pageCount,
      withinTolerance,
    },
    normocontrol,
    usage: { ...calls.usage },
    plan,
    writer: ctx.writer.kind,
    warnings,
  };
}

export type { Inline };
