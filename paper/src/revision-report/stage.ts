/**
 * The report stage of a revision round, once the new version is laid out, checked and measured:
 * the form remarks get their outcome from the normocontrol (the rules of what they asked about),
 * every outcome the sections and printed pages it concerns, and the round its «Лист доработок»
 * (report.ts: a .docx of its own).
 */
import type { NormocontrolReport } from '../types.ts';
import type { RemarkKind, RemarkOutcome, RevisionReport } from '../remarks/types.ts';
import type { PaperRun, PaperState, Stage } from '../run/state.ts';
import { need } from '../run/state.ts';
import type { OutlineWithoutIntroduction } from '../outline/types.ts';
import type { PageMap } from '../typeset/types.ts';
import { minimumSources } from '../sources/minimums.ts';
import { sectionNoun } from '../remarks/section-names.ts';
import { revisionReportDocx } from './report.ts';

/** The normocontrol rules that answer a form remark. */
const FORM_RULES: Partial<Record<RemarkKind, { rules: RegExp; what: string }>> = {
  citations: {
    rules: /^(references|footnote\.|bibliography\.)/,
    what: 'ссылки в тексте и сноски (ГОСТ Р 7.0.5-2008), описания и порядок списка источников (ГОСТ Р 7.0.100-2018)',
  },
  headings: { rules: /^(heading\.|toc\.)/, what: 'заголовки, их нумерация, начало глав с новой страницы и содержание (ГОСТ 7.32-2017)' },
  numbering: {
    rules: /^(page\.numbers|heading\.numbering|tables|appendix|toc\.pages)$/,
    what: 'нумерация страниц, разделов, таблиц и приложений (ГОСТ 7.32-2017)',
  },
  layout: { rules: /./, what: 'поля, шрифт, интервалы, отступы, выравнивание, титульный лист и структура (ГОСТ 7.32-2017)' },
};

function formOutcome(o: RemarkOutcome, report: NormocontrolReport): RemarkOutcome {
  const form = FORM_RULES[o.kind];
  if (!form) return o;
  const checked = report.checked.filter((r) => form.rules.test(r));
  const issues = report.issues.filter((i) => form.rules.test(i.rule));
  if (issues.length)
    return { ...o, status: 'not_done', detail: `Нормоконтроль новой версии нашёл нарушения: ${issues.map((i) => i.message).join('; ')}` };
  return {
    ...o,
    status: 'done',
    detail: `Оформление приведено к требованиям и проверено нормоконтролем новой версии: ${form.what} — нарушений нет (проверено правил: ${checked.length})`,
  };
}

/** «п. 2.1 «Название», с. 34–36»: a section, its title and the pages it is on. */
function placeOf(key: string, outline: OutlineWithoutIntroduction, pages: PageMap, pageCount: number): string {
  const order = [
    'introduction',
    ...outline.chapters.flatMap((c, ci) => c.subsections.map((_, si) => `${ci + 1}.${si + 1}`)),
    'conclusion',
    'bibliography',
  ];
  const from = pages.get(key);
  const next = order
    .slice(order.indexOf(key) + 1)
    .map((k) => pages.get(k))
    .find((p) => p !== undefined);
  const to = next === undefined ? pageCount : Math.max(from ?? next, next - (next > (from ?? 0) ? 1 : 0));
  const range = from === undefined ? '' : from === to ? `, с. ${from}` : `, с. ${from}–${to}`;
  const name = sectionNoun(key).nominative;
  if (!/^\d+\.\d+$/.test(key)) return `${name}${range}`;
  const [c, s] = key.split('.').map(Number);
  return `${name} «${outline.chapters[c - 1]?.subsections[s - 1] ?? ''}»${range}`;
}

export async function reportRevision(run: PaperRun, state: PaperState): Promise<PaperState> {
  const revision = need(state.revision, 'the revision');
  const laid = need(state.laid, 'the laid-out paper');
  const normocontrol = need(state.normocontrol, 'the normocontrol');
  const outline = need(state.outline, 'the outline');
  const entries = need(state.bibliography, 'the list of sources').entries.map((e) => e.text);
  const minimum = minimumSources(run.input.type, run.input.requiredVolume);
  const shortList =
    entries.length < minimum && entries.length < revision.base.bibliography.length
      ? ` В списке источников теперь ${entries.length} — меньше ${minimum}, которых обычно требует ВКР: добавьте свежие источники (например, замечанием «добавьте источники за последние 5 лет»).`
      : '';
  const outcomes = revision.outcomes.map((o) => {
    const withForm = formOutcome(o, normocontrol);
    return {
      ...withForm,
      detail: o.kind === 'outdated' && o.status !== 'not_done' ? `${withForm.detail}${shortList}` : withForm.detail,
      where: withForm.sections.map((k) => placeOf(k, outline, laid.pages, laid.pageCount)),
    };
  });
  const report: RevisionReport = {
    outcomes,
    pages: { before: revision.base.pageCount, after: laid.pageCount },
    added: entries.filter((e) => !revision.base.bibliography.includes(e)),
    removed: revision.base.bibliography.filter((e) => !entries.includes(e)),
    normocontrolViolations: normocontrol.issues.length,
    originalityPercent: need(state.originality, 'the originality report').originalityPercent,
  };
  const reportDocx = await revisionReportDocx({
    report,
    title: outline.title,
    at: new Date(revision.at),
    versions: revision.request.versions,
  });
  await run.progress.part(1);
  return { ...state, revision: { ...revision, outcomes, report, reportDocx } };
}

export const revisionReportStage: Stage = { progress: 'report', run: reportRevision };
