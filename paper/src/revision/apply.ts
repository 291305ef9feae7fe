/**
 * A revision round applied to a delivered paper: each remark is classified and placed
 * (remarks/), the sections it concerns are changed the way it asks — and only they: every other
 * section keeps its text to the byte — and what became of it is recorded for the «Лист доработок».
 *
 * Content: a rewrite as the remark says; paragraphs added before the section's closing (more
 * detail, an example, the works a sources remark brings); a table of the figures its passages
 * state; paragraphs trimmed; sentences that repeat the paper dropped; a chapter's conclusions
 * written anew. Sources: sentences citing works older than asked go, and newer works found and
 * read as a paper's are cited instead; foreign, recent or named works are added where they fit.
 * Form is the typesetter's and the normocontrol's (the report stage says what they found); what
 * only the author can give is reported as such and never made up.
 *
 * Every new text goes through the guards of a first writing: figures no cited passage holds go
 * (acceptText), what repeats the paper goes (RepeatGuard), and every cited sentence is checked
 * against its passage (checkChangedSubsections).
 */
import { allOrAbort, withKeyPrefix } from '../calls.ts';
import { writeGlossary } from '../source-plan/glossary.ts';
import { isForeign } from '../bibliography/text.ts';
import { checkChangedSubsections, guardsRepeats } from '../run/check-texts.ts';
import { addClaims, verifyClaims } from '../grounding/claims.ts';
import { groundingOf, numbersIn } from '../grounding/numbers.ts';
import { paragraphsOf, RepeatGuard } from '../grounding/repeats.ts';
import { briefOf } from '../outline/brief.ts';
import { createPassageSearch } from '../passages/bm25.ts';
import { citedPassageIds, markerIds, PASSAGE_MARKER, withoutMarkers } from '../passages/markers.ts';
import type { Passage } from '../passages/types.ts';
import { passageBrief } from '../passages/briefs.ts';
import { classifyRemark } from '../remarks/classify.ts';
import { locateRemark, PaperIndex, type Location } from '../remarks/locate.ts';
import { insideSections, sectionDone, sectionList, sectionListGenitive, sectionNoun } from '../remarks/section-names.ts';
import type { ClassifiedRemark, OutcomeStatus, RemarkInput, RemarkOutcome, SectionKey } from '../remarks/types.ts';
import type { PaperRun, PaperState } from '../run/state.ts';
import { need } from '../run/state.ts';
import type { Written } from '../text/types.ts';
import { acceptText, closingAt, isChapterConclusion, keyPointsOf, writeChapterConclusion } from '../sections/index.ts';
import type { RunSource } from '../sources/types.ts';
import { charsOf } from '../text/clean.ts';
import { sentencesOf } from '../text/sentences.ts';
import { fillSlots, keepTables, slotTables, withoutTables } from '../text/table-slots.ts';
import { figureOf, figureStatements, isTable, MIN_FIGURES_FOR_TABLE, settleTables, tableOf, tableParagraph } from '../text/tables.ts';
import { englishQueryOf } from '../sources/glossary.ts';
import { tokensFor } from '../writer/tokens.ts';
import type { PassageBrief } from '../writer/types.ts';
import { addMessages, rewriteMessages, sectionLabel, tableMessages } from './prompt.ts';
import { findWorks, isForeignSource, isNamedWork, isOlderThan, isSince, withNewWorks, yearOf, type WorkNeed } from './sources.ts';

/** «Раскройте подробнее»: this share of the section more, within these bounds. */
const EXPAND = { share: 0.4, min: 1500, max: 4000 };
/** «Приведите пример»: about this long. */
const EXAMPLE_CHARS = 900;
/** A work a sources remark adds: this much text citing it. */
const CHARS_PER_ADDED_WORK = 450;
/** «Сократите»: this share of the section's prose goes. */
const SHORTEN_SHARE = 0.3;
/** A rewrite that lost more than this share of the text is not an improvement: the text stays. */
const MIN_REWRITE_SHARE = 0.6;
/** Characters a typeset page holds at least (a page with a table or headings holds fewer than the norm). */
const MIN_PAGE_CHARS = 1200;
/** Passages a section is given for an addition. */
const ADD_PASSAGES = 8;

interface Item {
  n: number;
  input: RemarkInput;
  remark: ClassifiedRemark;
  location: Location | null;
}

/** What a remark was planned to do: the sections it changes and, for sources, the works it brings. */
interface Plan {
  item: Item;
  sections: SectionKey[];
  /** Works added for it (sources remarks). */
  works: RunSource[];
  /** Why nothing could be planned, in Russian (not_done). */
  reason?: string;
  /** Nothing to do, and why, in Russian (done: «ссылок на работы до 2020 г. нет»). */
  note?: string;
}

interface Addition {
  plan: Plan;
  instruction: string;
  chars: number;
  passages: PassageBrief[];
}

/** What each section is asked, in the order it is done: drop repeats and old citations, rewrite, add (a table too), trim. */
interface Job {
  key: SectionKey;
  repetition: Plan[];
  outdated: { plan: Plan; year: number }[];
  rewrite: Plan[];
  add: Addition[];
  table: Plan[];
  shorten: Plan[];
}

const KIND_WORDS: Record<ClassifiedRemark['kind'], string> = {
  expand: 'раскрыть подробнее',
  shorten: 'сократить',
  example: 'привести пример',
  table: 'добавить таблицу',
  chapter_conclusion: 'выводы по главе',
  repetition: 'убрать повторы',
  rewrite: 'переработать',
  outdated: 'заменить устаревшие источники',
  foreign: 'добавить зарубежные источники',
  recent: 'добавить новые источники',
  cite_work: 'сослаться на работу',
  citations: 'оформление ссылок',
  headings: 'оформление заголовков',
  numbering: 'нумерация',
  layout: 'оформление по ГОСТ',
  author_data: 'данные автора',
};

const outOfScope = (keys: SectionKey[]) => `Замечание относится к разделу вне выбранной области доработки (${sectionList(keys)})`;
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function sectionsOf(written: Written): Map<SectionKey, string[]> {
  return new Map<SectionKey, string[]>([
    ['introduction', written.introduction],
    ...written.subsections,
    ...(written.conclusion ? [['conclusion', written.conclusion] as [string, string[]]] : []),
  ]);
}

function writtenOf(texts: Map<SectionKey, string[]>, before: Written): Written {
  return {
    introduction: texts.get('introduction') ?? before.introduction,
    subsections: new Map([...before.subsections.keys()].map((k) => [k, texts.get(k)!])),
    conclusion: before.conclusion ? (texts.get('conclusion') ?? before.conclusion) : null,
  };
}

/** The scope as section keys: a chapter («2») stands for its subsections. */
function scopeOf(scope: SectionKey[] | null, index: PaperIndex): Set<SectionKey> | null {
  if (!scope) return null;
  const out = new Set<SectionKey>();
  for (const s of scope) {
    if (/^\d+$/.test(s)) for (const k of index.chapterSections(Number(s))) out.add(k);
    else if (index.keys.includes(s)) out.add(s);
  }
  return out;
}

const sourceIdsOf = (paragraphs: string[], passages: Map<string, Passage>) =>
  new Set(paragraphs.flatMap(citedPassageIds).flatMap((id) => passages.get(id)?.sourceId ?? []));

/** The paragraphs without the sentences citing only `gone` passages, and without those passages in the others' markers. */
function withoutPassages(paragraphs: string[], gone: (id: string) => boolean): string[] {
  const strip = (text: string) =>
    text.replace(PASSAGE_MARKER, (_m, inner: string) => {
      const kept = markerIds(inner).filter((id) => !gone(id));
      return kept.length ? `[[${kept.join(', ')}]]` : '';
    });
  const out = paragraphs.map((p) => {
    const table = tableOf(p);
    if (table) {
      const rows = table.rows.filter((r) => !r.some((c) => citedPassageIds(c).some(gone)));
      return rows.length >= 2 ? tableParagraph({ ...table, rows }) : '';
    }
    return sentencesOf(p)
      .filter((s) => {
        const ids = citedPassageIds(s);
        return !ids.length || ids.some((id) => !gone(id));
      })
      .map(strip)
      .join(' ')
      .trim();
  });
  return settleTables(out.filter(Boolean));
}

/** Whole paragraphs of prose before the closing go, those that cite nothing (or what is cited elsewhere) first. */
function shortened(paragraphs: string[], citedElsewhere: (paragraph: string) => boolean): string[] {
  let left = charsOf(withoutTables(paragraphs)) * SHORTEN_SHARE;
  const closing = closingAt(paragraphs);
  const candidates = paragraphs
    .map((p, i) => ({ p, i }))
    .filter(({ p, i }) => i > 0 && i < closing && !isTable(p) && !isTable(paragraphs[i + 1] ?? ''))
    .sort((a, b) => Number(citedElsewhere(b.p)) - Number(citedElsewhere(a.p)) || b.p.length - a.p.length);
  const gone = new Set<number>();
  for (const c of candidates) {
    if (left <= 0) break;
    gone.add(c.i);
    left -= c.p.length;
  }
  return paragraphs.filter((_, i) => !gone.has(i));
}

/** An example as a reader finds it: a paragraph that says so and cites its source. */
const EXAMPLE = /(?:^|[\s(«])(например|в частности|так,|примером|пример)/iu;
const isExample = (p: string) => EXAMPLE.test(p) && citedPassageIds(p).length > 0;
/** A year is no figure of an example (a work's year stands in its running head). */
const isYear = (n: string) => /^(19|20)\d\d$/.test(n);
/** An example «с цифрами» as a reader checks it: a sentence of it states a number (not a year) that a passage it cites holds. */
function statesCitedFigure(paragraph: string, passages: Map<string, Passage>): boolean {
  return sentencesOf(paragraph).some((sentence) => {
    const held = new Set(citedPassageIds(sentence).flatMap((id) => [...numbersIn(passages.get(id)?.text ?? '')]));
    return [...numbersIn(withoutMarkers(sentence))].some((n) => held.has(n) && !isYear(n));
  });
}
/** A passage as an example «с цифрами» is written from: only its sentences that state a figure. */
const withFiguresOnly = (p: PassageBrief): PassageBrief => ({ ...p, text: sentencesOf(p.text).filter(figureOf).join(' ') });

export async function applyRemarks(run: PaperRun, state: PaperState): Promise<PaperState> {
  const revision = need(state.revision, 'the revision');
  const at = new Date(revision.at);
  const outline = briefOf(need(state.outline, 'the outline'));
  const written = need(state.written, 'the texts');
  const before = sectionsOf(written);
  const index = new PaperIndex({ chapters: outline.chapters, texts: before });
  const scope = scopeOf(revision.request.scope, index);
  const inScope = (k: SectionKey) => !scope || scope.has(k);
  const items: Item[] = revision.request.remarks.map((input, i) => {
    const remark = classifyRemark(input.text, at);
    return { n: i + 1, input, remark, location: locateRemark(input, index) };
  });

  // ---------- where each remark applies ----------
  const plans = new Map<number, Plan>();
  const placed = (item: Item): SectionKey[] | string => {
    const located = item.location?.sections ?? (scope ? [...scope] : null);
    if (!located?.length)
      return 'Не удалось понять, к какому разделу относится замечание: укажите раздел (например, «п. 2.1») или оставьте комментарий к нужному фрагменту в .docx';
    const within = located.filter(inScope);
    if (!within.length) return outOfScope(located);
    return within;
  };
  for (const item of items) {
    const plan: Plan = { item, sections: [], works: [] };
    plans.set(item.n, plan);
    if (item.remark.class !== 'content') continue;
    const where = placed(item);
    if (typeof where === 'string') plan.reason = where;
    else if (item.remark.kind === 'chapter_conclusion') {
      const chapter = item.location?.chapter ?? Number(where.find((k) => /^\d+\./.test(k))?.split('.')[0]);
      const last = chapter ? index.chapterSections(chapter).at(-1) : undefined;
      if (!last) {
        // «Где выводы?» on the introduction or the conclusion: that text is rewritten as asked.
        item.remark = { ...item.remark, kind: 'rewrite' };
        plan.sections = where;
      } else if (!inScope(last))
        plan.reason = `Выводы по главе ${chapter} стоят в конце ${sectionNoun(last).genitive}, вне выбранной области доработки`;
      else plan.sections = [last];
    } else plan.sections = item.remark.kind === 'table' || item.remark.kind === 'example' ? where.filter((k) => /^\d/.test(k)) : where;
    if (!plan.reason && !plan.sections.length) plan.reason = 'Таблицы и примеры даются в главах работы: укажите подраздел';
  }

  // ---------- the works source remarks need ----------
  let current: PaperState = state;
  const sourcesNow = () => need(current.sources, 'the sources');
  const passagesNow = () => need(current.passages, 'the passages');
  const citedSources = (keys: SectionKey[]) => {
    const byId = passagesNow().byId;
    return new Set(keys.flatMap((k) => [...sourceIdsOf(before.get(k) ?? [], byId)]));
  };
  const allSections = index.keys.filter(inScope);
  const sourceItems = items.filter((i) => i.remark.class === 'sources');
  const needs: WorkNeed[] = [];
  const titlesOf = (keys: SectionKey[]) =>
    keys.map((k) => sectionLabel(outline, k).title).filter((t) => t && !/^(Введение|Заключение)$/.test(t));
  for (const item of sourceItems) {
    const r = item.remark;
    const targets = item.location?.sections.filter(inScope) ?? allSections;
    if (r.kind === 'outdated') {
      const old = [...citedSources(targets)].filter((id) => isOlderThan(sourcesNow().byId.get(id), r.year!));
      if (old.length) needs.push({ kind: 'outdated', year: r.year!, want: Math.max(3, old.length), titles: titlesOf(targets) });
    } else if (r.kind === 'recent') needs.push({ kind: 'recent', year: r.year!, want: r.count!, titles: titlesOf(targets) });
    else if (r.kind === 'foreign') needs.push({ kind: 'foreign', want: r.count!, titles: titlesOf(targets) });
    else if (r.kind === 'cite_work' && r.work && !sourcesNow().list.some((s) => s.work && isNamedWork(s.work, r.work!)))
      needs.push({ kind: 'cite_work', work: r.work });
  }
  const saved = await run.ctx.checkpoints.get('revision:found');
  const found = Array.isArray(saved) ? (saved as Awaited<ReturnType<typeof findWorks>>) : await findWorks(run, current, needs, at);
  if (!Array.isArray(saved)) await run.ctx.checkpoints.set('revision:found', found);
  current = await withNewWorks(run, current, found, at);
  const search = createPassageSearch(passagesNow().list);
  const brief = (p: Passage): PassageBrief => passageBrief(p, sourcesNow());
  const queryOf = (k: SectionKey) => `${sectionLabel(outline, k).title} ${outline.topic}`;
  // The works a remark brings may be foreign: their passages are looked for in both languages.
  const bilingualQueryOf = (k: SectionKey) =>
    `${queryOf(k)} ${englishQueryOf(sectionLabel(outline, k).title) ?? ''} ${englishQueryOf(outline.topic) ?? ''}`;
  const citedNow = citedSources(index.keys);
  const citedPassages = new Set([...before.values()].flat().flatMap(citedPassageIds));
  /**
   * The best passages of some sources for a section: of works the paper does not cite yet first
   * (its list keeps its length), and passages it does not cite yet (what is new to say).
   */
  const passagesFor = (k: SectionKey, sourceIds: Set<string>, limit: number, perSource = 3) => {
    const found = search
      .search(bilingualQueryOf(k), limit, {
        only: (p) => sourceIds.has(p.sourceId),
        perSource,
        weight: (p) => (citedNow.has(p.sourceId) ? 1 : 3) * (citedPassages.has(p.id) ? 1 : 2),
      })
      .map((x) => x.passage);
    // A work none of whose passages shares a word with the section still gives its first ones.
    for (const id of sourceIds)
      if (!found.some((p) => p.sourceId === id))
        found.push(
          ...passagesNow()
            .list.filter((p) => p.sourceId === id && !citedPassages.has(p.id))
            .slice(0, perSource),
        );
    return found.slice(0, Math.max(limit, sourceIds.size)).map(brief);
  };
  /** The section among `targets` a source fits best (by its best passage). */
  const bestSection = (sourceId: string, targets: SectionKey[]) =>
    targets
      .map((k) => ({ k, score: search.search(bilingualQueryOf(k), 1, { only: (p) => p.sourceId === sourceId })[0]?.score ?? 0 }))
      .sort((a, b) => b.score - a.score)[0]?.k;

  /** Sections whose passages to write from changed (old works' left out). */
  const reassigned: Record<SectionKey, string[]> = {};

  // ---------- the jobs per section ----------
  const jobs = new Map<SectionKey, Job>();
  const jobOf = (key: SectionKey) => {
    let job = jobs.get(key);
    if (!job) jobs.set(key, (job = { key, repetition: [], outdated: [], rewrite: [], add: [], table: [], shorten: [] }));
    return job;
  };
  const chars = (k: SectionKey) => charsOf(withoutTables(before.get(k) ?? []));
  const ownPassages = (k: SectionKey) => {
    const ids = new Set([...(passagesNow().assigned[k] ?? []), ...(before.get(k) ?? []).flatMap(citedPassageIds)]);
    return [...ids].flatMap((id) => passagesNow().byId.get(id) ?? []).map(brief);
  };
  /** Passages of the section nobody cites yet first, then its own. */
  const freshPassages = (k: SectionKey) => {
    const own = ownPassages(k);
    const fresh = own.filter((p) => !citedPassages.has(p.id));
    const more = search
      .search(queryOf(k), ADD_PASSAGES * 2, { perSource: 2, only: (p) => !citedPassages.has(p.id) && !own.some((o) => o.id === p.id) })
      .map((x) => brief(x.passage));
    const list = [...fresh, ...more].slice(0, ADD_PASSAGES);
    return list.length ? list : own.slice(0, ADD_PASSAGES);
  };
  /** Passages stating figures a section can use: its own, then those of the paper's sources that fit it (a table's, an example's «с цифрами»). */
  const figurePassages = (k: SectionKey) => {
    const states = (p: { text: string }) => figureStatements([p.text]).size > 0;
    const fitting = search.search(queryOf(k), ADD_PASSAGES, { only: states, perSource: 2 }).map((x) => brief(x.passage));
    return [...ownPassages(k).filter(states), ...fitting]
      .filter((p, i, all) => all.findIndex((x) => x.id === p.id) === i)
      .slice(0, ADD_PASSAGES);
  };
  const chapterConclusions: { plan: Plan; chapter: number; key: SectionKey }[] = [];
  for (const plan of plans.values()) {
    const { item } = plan;
    const r = item.remark;
    if (item.remark.class === 'content' && !plan.reason) {
      // An example «с цифрами» is written from passages that state figures: a section without any gets none (no figure is made up).
      if (r.kind === 'example' && r.figures) {
        const without = plan.sections.filter((k) => !figurePassages(k).length);
        plan.sections = plan.sections.filter((k) => !without.includes(k));
        if (!plan.sections.length) {
          plan.reason = `В источниках ${sectionListGenitive(without)} нет числовых данных: пример с цифрами не приведён, придумывать их сервис не станет`;
          continue;
        }
      }
      for (const k of plan.sections) {
        const job = jobOf(k);
        if (r.kind === 'rewrite') job.rewrite.push(plan);
        else if (r.kind === 'repetition') job.repetition.push(plan);
        else if (r.kind === 'shorten') job.shorten.push(plan);
        else if (r.kind === 'table') job.table.push(plan);
        else if (r.kind === 'chapter_conclusion') chapterConclusions.push({ plan, chapter: Number(k.split('.')[0]), key: k });
        else if (r.kind === 'expand')
          job.add.push({
            plan,
            instruction: `Раскрой тему подробнее, как просит руководитель: «${item.input.text}».`,
            chars: Math.round(Math.min(EXPAND.max, Math.max(EXPAND.min, chars(k) * EXPAND.share))),
            passages: freshPassages(k),
          });
        else if (r.kind === 'example')
          job.add.push({
            plan,
            instruction: r.figures
              ? 'Приведи конкретный пример с цифрами из переданных фрагментов: назови показатель и его значение (долю, сумму, число) точно так, ' +
                `как они стоят во фрагменте, и сошлись на этот фрагмент в том же предложении; начни абзац словами «Например,». Замечание: «${item.input.text}».`
              : `Приведи конкретный пример (практику организации, региона или отрасли) из переданных фрагментов со ссылкой на фрагмент; начни абзац словами «Например,». Замечание: «${item.input.text}».`,
            chars: EXAMPLE_CHARS,
            // With figures: the passages stating some, those nobody cites yet first (what is new to say), each told by its figures.
            passages: r.figures
              ? figurePassages(k)
                  .sort((a, b) => Number(citedPassages.has(a.id)) - Number(citedPassages.has(b.id)))
                  .map(withFiguresOnly)
              : freshPassages(k),
          });
      }
      continue;
    }
    if (r.class !== 'sources') continue;
    const targets = item.location?.sections.filter(inScope) ?? allSections;
    if (item.location && !targets.length) {
      plan.reason = outOfScope(item.location.sections);
      continue;
    }
    const sources = sourcesNow();
    if (r.kind === 'outdated') {
      const isOld = (id: string) => isOlderThan(sources.byId.get(id), r.year!);
      const concerned = targets.filter((k) => [...sourceIdsOf(before.get(k) ?? [], passagesNow().byId)].some(isOld));
      plan.sections = concerned;
      if (!concerned.length) {
        plan.note = `${targets.length === allSections.length ? 'В работе' : capital(insideSections(targets))} нет ссылок на работы, изданные до ${r.year} г.`;
        continue;
      }
      const newer = new Set(sources.list.filter((s) => isSince(s, r.year!)).map((s) => s.id));
      const replacing = concerned.map((k) => ({ k, passages: passagesFor(k, newer, ADD_PASSAGES) }));
      if (replacing.some((x) => !x.passages.length)) {
        plan.reason = `В библиографических базах не нашлось работ по теме ${sectionListGenitive(concerned)}, изданных с ${r.year} г.: ссылки оставлены, чтобы положения текста не остались без источника`;
        plan.sections = [];
        continue;
      }
      for (const { k, passages } of replacing) {
        jobOf(k).outdated.push({ plan, year: r.year! });
        // What the section is written from later (the volume's extensions): no old work, the new ones.
        const own = (reassigned[k] ?? passagesNow().assigned[k] ?? []).filter((id) => !isOld(passagesNow().byId.get(id)?.sourceId ?? ''));
        reassigned[k] = [...new Set([...own, ...passages.map((p) => p.id)])];
        // What goes is the sentences citing only old works (withoutPassages): what replaces them is as long.
        const was = before.get(k) ?? [];
        const removed = charsOf(was) - charsOf(withoutPassages(was, (id) => isOld(passagesNow().byId.get(id)?.sourceId ?? '')));
        jobOf(k).add.push({
          plan,
          instruction: `Вместо положений из работ, изданных до ${r.year} г., изложи положения переданных фрагментов более новых работ и сошлись на каждый из них.`,
          chars: Math.max(300, Math.min(4000, Math.round(removed * 0.9))),
          passages,
        });
      }
      plan.works = [...new Set(replacing.flatMap((x) => x.passages.map((p) => passagesNow().byId.get(p.id)!.sourceId)))].map((id) =>
        sources.byId.get(id)!,
      );
    } else if (r.kind === 'foreign' || r.kind === 'recent') {
      const fits = (s: RunSource) => (r.kind === 'foreign' ? isForeignSource(s) : isSince(s, r.year!));
      // Works the paper does not cite yet first, then those it cites elsewhere (the sections asked about do not).
      const inTargets = citedSources(targets);
      const candidates = sources.list
        .filter((s) => fits(s) && !inTargets.has(s.id) && passagesNow().list.some((p) => p.sourceId === s.id))
        .sort((a, b) => Number(citedNow.has(a.id)) - Number(citedNow.has(b.id)));
      const works = candidates.slice(0, r.count!);
      plan.works = works;
      if (!works.length) {
        plan.reason =
          r.kind === 'foreign'
            ? 'В библиографических базах не нашлось зарубежных работ по теме, которых ещё нет в работе'
            : `В библиографических базах не нашлось работ по теме, изданных с ${r.year} г., которых ещё нет в работе`;
        continue;
      }
      const bySection = new Map<SectionKey, RunSource[]>();
      for (const w of works) {
        const k =
          bestSection(
            w.id,
            targets.filter((t) => t !== 'conclusion'),
          ) ?? targets[0];
        bySection.set(k, [...(bySection.get(k) ?? []), w]);
      }
      plan.sections = index.keys.filter((k) => bySection.has(k));
      for (const [k, ws] of bySection)
        jobOf(k).add.push({
          plan,
          instruction: `Дополни текст положениями ${r.kind === 'foreign' ? 'зарубежных' : 'новых'} работ из переданных фрагментов и сошлись на каждую: ${ws.map((w) => w.label).join('; ')}.`,
          chars: CHARS_PER_ADDED_WORK * ws.length + 300,
          passages: passagesFor(k, new Set(ws.map((w) => w.id)), ws.length * 3),
        });
    } else if (r.kind === 'cite_work') {
      const work = sources.list.find((s) => s.work && r.work && isNamedWork(s.work, r.work));
      if (!work || !passagesNow().list.some((p) => p.sourceId === work.id)) {
        plan.reason = `Работа «${r.work?.title ?? r.work?.said ?? item.input.text}» не найдена в библиографических базах, поэтому не добавлена: описание, которого нет в базах, в список не вносится. Пришлите её DOI или файл — добавим ссылку`;
        continue;
      }
      plan.works = [work];
      const k = item.location
        ? targets[0]
        : (bestSection(
            work.id,
            targets.filter((t) => t !== 'conclusion'),
          ) ?? targets[0]);
      plan.sections = [k];
      jobOf(k).add.push({
        plan,
        instruction: `Изложи положения работы «${work.label}» из переданных фрагментов и сошлись на неё.`,
        chars: CHARS_PER_ADDED_WORK + 300,
        passages: passagesFor(k, new Set([work.id]), 3, 3),
      });
    }
  }

  // ---------- the jobs, section by section in parallel ----------
  const calls = withKeyPrefix(run.calls, 'remark:');
  const passages = passagesNow();
  const grounding = groundingOf({ outline, passageText: (id) => passages.byId.get(id)?.text });
  const summaryGrounding = groundingOf({
    outline,
    passageText: (id) => passages.byId.get(id)?.text,
    also: [...written.subsections.values()].flat(),
  });
  const groundingFor = (k: SectionKey) => (/^\d/.test(k) ? grounding : summaryGrounding);
  const texts = new Map(before);
  const sourceOf = (id: string) => passages.byId.get(id)?.sourceId;
  const llm = guardsRepeats(run);
  /** Paragraphs of section `k` without the sentences that repeat another section (as the paper stood). */
  const withoutRepeatsOfOthers = (k: SectionKey, paragraphs: string[]): string[] => {
    const guard = new RepeatGuard(sourceOf);
    for (const [key, p] of before) if (key !== k) guard.keep(p);
    return paragraphsOf(guard.filter(paragraphs).text);
  };
  /**
   * New paragraphs without what the paper (as it stood) already says. A repeated sentence citing a
   * work no text cites yet gives its citation to the sentence of this section it repeats (`own`:
   * the section's text with it); another section's text never changes.
   */
  const unrepeated = (k: SectionKey, added: string[], ownText: string[]): { added: string[]; own: string[] } => {
    if (!llm || !added.length) return { added, own: ownText };
    const guard = new RepeatGuard(sourceOf);
    let own = ownText;
    let held: ReturnType<RepeatGuard['keep']> | null = null;
    for (const [key, p] of before) {
      const text = guard.keep(key === k ? ownText : p);
      if (key === k) held = text;
    }
    const kept = paragraphsOf(guard.filter(added).text);
    if (held?.touched) own = paragraphsOf(held);
    return { added: kept, own };
  };
  let done = 0;
  const total = jobs.size + chapterConclusions.length;
  const tick = async () => run.progress.part(++done / Math.max(1, total));

  async function runJob(job: Job): Promise<void> {
    const k = job.key;
    const { title } = sectionLabel(outline, k);
    let text = [...texts.get(k)!];
    // The chapter's conclusions close its last subsection: a rewrite leaves them as they are.
    const conclusionsAt = text.findIndex(isChapterConclusion);
    const conclusions = conclusionsAt < 0 ? [] : text.slice(conclusionsAt);
    if (conclusionsAt >= 0) text = text.slice(0, conclusionsAt);
    if (job.repetition.length) text = withoutRepeatsOfOthers(k, text);
    for (const o of job.outdated) {
      const isOld = (id: string) => isOlderThan(sourcesNow().byId.get(passages.byId.get(id)?.sourceId ?? ''), o.year);
      text = withoutPassages(text, isOld);
    }
    if (job.rewrite.length) {
      const slotted = slotTables(text);
      const target = charsOf(withoutTables(text));
      const slottedText = slotted.paragraphs.join('\n\n');
      const instructions = job.rewrite.map((p) => p.item.input.text);
      const sources = ownPassages(k);
      const reply = await calls.call({
        key: `rewrite:${k}`,
        task: {
          kind: 'remark',
          mode: 'rewrite',
          outline,
          section: k,
          title,
          text: slottedText,
          instructions,
          targetChars: target,
          sources,
        },
        messages: rewriteMessages({
          outline,
          section: k,
          text: slottedText,
          instructions,
          targetChars: target,
          sources,
          tables: slotted.tables.length > 0,
        }),
        maxTokens: tokensFor(target),
      });
      const accepted = keepTables(
        acceptText(fillSlots(reply.text, slotted.tables), { dropTitle: title, grounding: groundingFor(k) }),
        slotted.tables,
        text.length,
      );
      // A rewrite without the sentences that repeat other sections.
      const fresh = llm ? withoutRepeatsOfOthers(k, accepted) : accepted;
      if (charsOf(fresh) >= target * MIN_REWRITE_SHARE) text = fresh;
    }
    const closing = closingAt(text);
    const tail = withoutTables(text.slice(0, closing + 1))
      .join('\n\n')
      .slice(-1500);
    const [added, table] = await Promise.all([
      job.add.length ? addTo(k, title, tail, job.add, text) : Promise.resolve({ added: [], own: text }),
      job.table.length ? tableFor(k, title, tail, job.table) : Promise.resolve([]),
    ]);
    // The section's own text may have taken a citation of a work an addition repeated it with.
    const at = closingAt(added.own);
    text = [...added.own.slice(0, at), ...added.added, ...table, ...added.own.slice(at)];
    if (job.shorten.length) {
      const elsewhere = new Set([...before].filter(([key]) => key !== k).flatMap(([, p]) => [...sourceIdsOf(p, passages.byId)]));
      text = shortened(text, (p) => [...sourceIdsOf([p], passages.byId)].every((id) => elsewhere.has(id)));
    }
    texts.set(k, [...text, ...conclusions]);
    await tick();
  }

  async function addTo(
    k: SectionKey,
    title: string,
    tail: string,
    additions: Addition[],
    ownText: string[],
  ): Promise<{ added: string[]; own: string[] }> {
    const sources = [...new Map(additions.flatMap((a) => a.passages).map((p) => [p.id, p])).values()];
    const instructions = additions.map((a) => a.instruction);
    const addChars = additions.reduce((n, a) => n + a.chars, 0);
    for (const attempt of [1, 2]) {
      const reply = await calls.call({
        key: `add:${k}${attempt > 1 ? `:${attempt}` : ''}`,
        task: { kind: 'remark', mode: 'add', outline, section: k, title, text: tail, instructions, targetChars: addChars, sources },
        messages: addMessages({ outline, section: k, tail, instructions, addChars, sources }),
        maxTokens: tokensFor(addChars),
      });
      const accepted = settleTables(withoutTables(acceptText(reply.text, { dropTitle: title, grounding: groundingFor(k) })));
      const kept = unrepeated(k, accepted, ownText);
      // A model that refused or answered off the point is asked once more.
      if (kept.added.length || kept.own !== ownText) return { ...kept, added: asMuchAsAsked(kept.added, addChars) };
    }
    return { added: [], own: ownText };
  }

  async function tableFor(k: SectionKey, title: string, tail: string, asked: Plan[]): Promise<string[]> {
    // The figures a table compares.
    const sources = figurePassages(k);
    if (figureStatements(sources.map((p) => p.text)).size < MIN_FIGURES_FOR_TABLE) return [];
    const instructions = asked.map((p) => p.item.input.text);
    const reply = await calls.call({
      key: `table:${k}`,
      task: { kind: 'remark', mode: 'table', outline, section: k, title, text: tail, instructions, targetChars: 900, sources },
      messages: tableMessages({ outline, section: k, tail, instructions, sources }),
      maxTokens: tokensFor(1500),
    });
    const accepted = settleTables(acceptText(reply.text, { dropTitle: title, grounding }));
    const at = accepted.findIndex(isTable);
    if (at < 0) return [];
    // The paragraph that introduces the table and the table: what the section gains.
    return at > 0 ? accepted.slice(at - 1, at + 1) : [`Данные источников сопоставлены в таблице ниже.`, accepted[at]];
  }

  // The foreign passages the round is to cite have their terms in the paper's glossary (asked for
  // those it lacks), so a statement on one is checked as the paper's first writing was.
  const paperPlan = current.plan ?? { placed: {}, works: [], glossary: [] };
  const addedTerms = await writeGlossary({
    key: 'glossary:revision',
    topic: run.input.topic,
    passages: [...jobs.values()]
      .flatMap((job) => job.add.flatMap((a) => a.passages.map((p) => passagesNow().byId.get(p.id)!)))
      .filter((p) => isForeign(p.text)),
    calls: run.calls,
    known: new Set(paperPlan.glossary.map((e) => e.en)),
  });
  current = { ...current, plan: { ...paperPlan, glossary: [...paperPlan.glossary, ...addedTerms] } };
  await allOrAbort(
    [...jobs.values()].map((job) => () => runJob(job)),
    run.signal,
  );
  // A chapter's conclusions sum up its subsections as they now read.
  await allOrAbort(
    chapterConclusions.map(({ chapter, key }) => async () => {
      const digests = index.chapterSections(chapter).map((k) => ({
        number: k,
        title: sectionLabel(outline, k).title,
        digest: keyPointsOf(texts.get(k)!.filter((p) => !isChapterConclusion(p))),
      }));
      const conclusions = await writeChapterConclusion({ outline, chapter, digests, grounding, calls });
      if (!conclusions.length) return;
      const text = texts.get(key)!;
      const at = text.findIndex(isChapterConclusion);
      texts.set(key, [...(at < 0 ? text : text.slice(0, at)), ...conclusions]);
      await tick();
    }),
    run.signal,
  );

  // ---------- every cited sentence of a changed text checked, as in a first writing ----------
  const subsections = new Map([...written.subsections.keys()].map((k) => [k, texts.get(k)!]));
  const checked = await checkChangedSubsections(run, current, subsections, 'revised', written.subsections);
  let claims = checked.claims;
  for (const [k, p] of checked.texts) texts.set(k, p);
  for (const k of ['introduction', 'conclusion'])
    if (before.has(k) && texts.get(k) !== before.get(k)) {
      const v = await verifyClaims({
        key: `verify:revised:${k}`,
        repairKey: `repair:revised:${k}`,
        paragraphs: texts.get(k)!,
        passages: passages.byId,
        calls: run.calls,
        judge: run.ctx.writer.kind === 'llm' ? 'model' : 'lexical',
        glossary: current.plan?.glossary,
      });
      texts.set(k, v.paragraphs);
      claims = addClaims(claims, v.counts);
    }

  // ---------- what became of each remark ----------
  const changed = index.keys.filter((k) => texts.get(k)!.join('\n') !== before.get(k)!.join('\n'));
  const outcomes = items.map((item) =>
    outcomeOf(plans.get(item.n)!, { before, after: texts, passages: passages.byId, sources: sourcesNow().byId, listed: citedNow }),
  );
  // What the remarks that asked for more text added: the paper may grow past its window by that much.
  const grownChars = [...jobs.values()]
    .filter(asksForSize)
    .map((j) => j.key)
    .concat(chapterConclusions.map((c) => c.key))
    .reduce((n, k) => n + Math.max(0, charsOf(texts.get(k)!) - charsOf(before.get(k)!)), 0);
  const keptSubsections = new Map(
    [...written.subsections.keys()]
      .filter((k) => !changed.includes(k) || (jobs.has(k) && settled(jobs.get(k)!)))
      .map((k) => [k, texts.get(k)!]),
  );
  const trimmableSubsections = new Set([...keptSubsections.keys()].filter((k) => changed.includes(k) && !asksForSize(jobs.get(k)!)));
  return {
    ...current,
    passages: { ...passages, assigned: { ...passages.assigned, ...reassigned } },
    claims,
    written: writtenOf(texts, written),
    keptSubsections,
    trimmableSubsections,
    extraPages: grownChars > 0 ? Math.ceil(grownChars / MIN_PAGE_CHARS) + 1 : 0,
    revision: { ...revision, outcomes, added: found, changed },
  };
}

/** A section whose remarks set its size (more, an example, a table, works added; shorter): the paper's window widens by what they added. */
const asksForSize = (job: Job) =>
  job.shorten.length > 0 || job.table.length > 0 || job.add.some((a) => a.plan.item.remark.kind !== 'outdated');

/**
 * A section the later stages neither lengthen nor re-cite: its size set by a remark, or its sources
 * (the grounding's re-citing of works for the list's minimum must not bring back the old works a
 * remark removed). The latter may still be shortened by the volume stage (trimmableSubsections):
 * a paper-wide «устаревшие источники» leaves no other section to bring the paper into its window.
 * Only a section rewritten or cleared of repeats may be resized either way and re-cited.
 */
const settled = (job: Job) => asksForSize(job) || job.outdated.length > 0;

/** What an addition may exceed what it was asked by: the paper grows by what the remarks asked, not by what the model wrote. */
const OVERSHOOT = 1.3;

/** An addition cut to about what was asked: whole paragraphs from its end, those citing a source last. */
function asMuchAsAsked(paragraphs: string[], asked: number): string[] {
  const out = [...paragraphs];
  const limit = asked * OVERSHOOT;
  while (charsOf(out) > limit && out.length > 1) {
    const at = out.findLastIndex((p) => !citedPassageIds(p).length);
    if (at < 0) break;
    out.splice(at, 1);
  }
  return out;
}

interface Texts {
  before: Map<SectionKey, string[]>;
  after: Map<SectionKey, string[]>;
  passages: Map<string, Passage>;
  sources: Map<string, RunSource>;
  /** The sources the paper cited before the round: its list of sources as delivered. */
  listed: Set<string>;
}

/** «работа 2024 г.», «зарубежные работы», «работа Иванов И. И. Название (2021)»: the works a sources remark brought, in number. */
function worksSaid(kind: ClassifiedRemark['kind'], works: RunSource[]): string {
  const one = works.length === 1;
  if (kind === 'foreign') return one ? 'зарубежная работа' : 'зарубежные работы';
  if (kind === 'cite_work') return `работа ${works[0].label}`;
  const years = works.map(yearOf).filter((y): y is number => y !== undefined);
  const [from, to] = [Math.min(...years), Math.max(...years)];
  const when = !years.length ? '' : from === to ? ` ${from} г.` : ` ${from}–${to} гг.`;
  return `${one ? 'работа' : 'работы'}${when}`;
}

/**
 * Where works were cited (`where`: «в п. 2.1», «там же»), and whether the list had them: «в п. 2.1
 * процитирована работа 2024 г., добавленная в список источников», or «в п. 2.1 впервые процитирована
 * работа 2024 г., уже бывшая в списке».
 */
function citedSaid(kind: ClassifiedRemark['kind'], where: string, works: RunSource[], listed: boolean): string {
  const one = works.length === 1;
  const cited = listed ? (one ? 'впервые процитирована' : 'впервые процитированы') : one ? 'процитирована' : 'процитированы';
  const list = listed
    ? one
      ? 'уже бывшая в списке'
      : 'уже бывшие в списке'
    : one
      ? 'добавленная в список источников'
      : 'добавленные в список источников';
  return `${where} ${cited} ${worksSaid(kind, works)}, ${list}${one ? '' : `: ${works.length}`}`;
}

/** What a remark's own check finds in the new texts: done, partly, not at all; in Russian. */
function outcomeOf(plan: Plan, t: Texts): RemarkOutcome {
  const { item } = plan;
  const r = item.remark;
  const base = {
    n: item.n,
    text: item.input.text,
    origin: item.input.origin,
    ...(item.input.anchor ? { anchor: item.input.anchor } : {}),
    kind: r.kind,
    class: r.class,
    sections: plan.sections,
    where: [],
  };
  const result = (status: OutcomeStatus, detail: string): RemarkOutcome => ({ ...base, status, detail });
  if (r.class === 'author')
    return result(
      'author',
      `Требует данных автора: ${r.needs}. Такие сведения может дать только автор работы; сервис не подставляет вымышленные данные — добавьте их сами или пришлите, и мы встроим их в текст.`,
    );
  if (r.class === 'form') return result('done', 'Оформление проверяется нормоконтролем новой версии');
  if (plan.reason) return result('not_done', plan.reason);
  if (plan.note) return result('done', plan.note);
  const citedIn = (m: Map<SectionKey, string[]>, k: SectionKey) => sourceIdsOf(m.get(k) ?? [], t.passages);
  if (r.kind === 'foreign' || r.kind === 'recent' || r.kind === 'cite_work') {
    // Each section's works cited there for the first time, those new to the list apart from those it had.
    const said: string[] = [];
    const brought = new Set<string>();
    for (const k of plan.sections) {
      const had = citedIn(t.before, k);
      const has = citedIn(t.after, k);
      const works = plan.works.filter((w) => has.has(w.id) && !had.has(w.id));
      const groups = [false, true].map((listed) => ({ listed, works: works.filter((w) => t.listed.has(w.id) === listed) }));
      groups
        .filter((g) => g.works.length)
        .forEach((g, i) => said.push(citedSaid(r.kind, i ? 'там же' : sectionNoun(k).inside, g.works, g.listed)));
      for (const w of works) brought.add(w.id);
    }
    if (!brought.size)
      return result('not_done', capital(plan.sections.map((k) => `${sectionNoun(k).nominative}: ссылку добавить не удалось`).join('; ')));
    const detail = capital(said.join('; '));
    const wanted = r.kind === 'cite_work' ? 1 : r.count!;
    return brought.size >= wanted ? result('done', detail) : result('partial', `${detail}; больше подходящих работ в базах не нашлось`);
  }
  const chars = (m: Map<SectionKey, string[]>, k: SectionKey) => charsOf(withoutTables(m.get(k) ?? []));
  const per = plan.sections.map((k) => {
    const b = t.before.get(k) ?? [];
    const a = t.after.get(k) ?? [];
    const changed = a.join('\n') !== b.join('\n');
    const name = sectionNoun(k);
    switch (r.kind) {
      case 'expand': {
        const more = chars(t.after, k) - chars(t.before, k);
        return more >= chars(t.before, k) * 0.1
          ? { ok: true, says: `${sectionDone(k, 'дополнен')} (+${more} знаков)` }
          : { ok: false, says: `${name.nominative}: пригодного дополнения получить не удалось` };
      }
      case 'shorten': {
        const less = chars(t.before, k) - chars(t.after, k);
        return less >= chars(t.before, k) * 0.15
          ? { ok: true, says: `${sectionDone(k, 'сокращён')} на ${less} знаков` }
          : { ok: false, says: `${name.nominative}: сокращать нечего без потери ссылок` };
      }
      case 'example': {
        const examples = a.filter((p) => !b.includes(p) && isExample(p));
        if (!examples.length) return { ok: false, says: `${name.nominative}: пример с источником получить не удалось` };
        if (!r.figures) return { ok: true, says: `${name.inside} добавлен пример со ссылкой на источник` };
        return examples.some((p) => statesCitedFigure(p, t.passages))
          ? { ok: true, says: `${name.inside} добавлен пример с цифрами из цитируемого источника` }
          : {
              ok: false,
              says: `${name.nominative}: пример с цифрами получить не удалось — в добавленном примере нет чисел из цитируемого фрагмента источника`,
            };
      }
      case 'table':
        return a.filter(isTable).length > b.filter(isTable).length
          ? { ok: true, says: `${name.inside} добавлена таблица по данным источников` }
          : {
              ok: false,
              says: `${name.nominative}: в источниках раздела нет сопоставимых числовых данных — таблицу с придуманными цифрами не составляем`,
            };
      case 'chapter_conclusion':
        return a.some(isChapterConclusion) && changed
          ? { ok: true, says: `выводы по главе ${k.split('.')[0]} написаны заново в конце ${name.genitive}` }
          : { ok: false, says: `выводы по главе ${k.split('.')[0]} получить не удалось` };
      case 'repetition': {
        const dropped = b.join(' ').length - a.join(' ').length;
        return {
          ok: true,
          says:
            dropped > 0
              ? `из ${name.genitive} удалены предложения, повторяющие другие разделы`
              : `${name.inside} повторов с другими разделами не найдено`,
        };
      }
      case 'rewrite':
        return changed
          ? { ok: true, says: `${sectionDone(k, 'переработан')} с учётом замечания` }
          : { ok: false, says: `${name.nominative}: переработать не удалось` };
      default: {
        // outdated: the only kind left (form, author-only and the works' remarks are answered above).
        const old = [...citedIn(t.after, k)].filter((id) => isOlderThan(t.sources.get(id), r.year!));
        return old.length
          ? { ok: false, says: `${name.inside} остались ссылки на работы, изданные до ${r.year} г.: ${old.length}` }
          : { ok: true, says: `${name.inside} ссылки на работы, изданные до ${r.year} г., заменены более новыми` };
      }
    }
  });
  const ok = per.filter((p) => p.ok).length;
  const says = per.map((p) => p.says).join('; ');
  return result(ok === per.length ? 'done' : ok ? 'partial' : 'not_done', capital(says) || KIND_WORDS[r.kind]);
}
