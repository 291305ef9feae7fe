/** Resolves the references of the written texts by the paper's list and assembles what the typesetter lays out. */
import type { PaperBibliography } from '../bibliography/types.ts';
import { createReferencer } from '../bibliography/refs.ts';
import type { PaperInput, TitlePageInfo } from '../input/types.ts';
import { toSourceMarkers } from '../passages/markers.ts';
import type { Passage } from '../passages/types.ts';
import type { OutlineWithoutIntroduction } from '../outline/types.ts';
import type { Written } from '../text/types.ts';
import type { RunSource } from '../sources/types.ts';
import { typographRu } from '../text/typography.ts';
import { buildAbstract } from './abstract.ts';
import { aiAppendix, aiAppendixReference } from './ai-appendix.ts';
import { extractTables, tableText } from './tables.ts';
import type { Assembled, PaperCitation, DocBibliography, DocModel, DocSubsection, Para, SectionText } from './types.ts';

/** A heading ends without a period (ГОСТ 7.32-2017, 6.2.3); a clipped title's "…" would run into
 * the contents' leader dots and read as doubled dots. */
const headingTitle = (title: string) => title.replace(/[\s.…]+$/u, '');

/** The text without its footnotes (what the реферат quotes). */
const plainText = (paras: Para[]) => paras.map((p) => p.map((x) => (x.kind === 'text' ? x.text : '')).join('')).join(' ');

function inlineText(paras: Para[]): string {
  return paras.map((p) => p.map((x) => (x.kind === 'text' ? x.text : ` (сноска: ${x.text})`)).join('')).join('\n\n');
}

/** A split list's groups in order (the entries come group by group, normative acts first). */
function groupsOf(bibliography: PaperBibliography): NonNullable<DocBibliography['groups']> {
  const groups: NonNullable<DocBibliography['groups']> = [];
  for (const e of bibliography.entries) {
    const entry = { number: e.number, text: e.text };
    const last = groups.at(-1);
    if (last && last.title === e.group) last.entries.push(entry);
    else groups.push({ title: e.group ?? '', entries: [entry] });
  }
  return groups;
}

/** A subsection's text with its tables where they stand (each after that many paragraphs). */
function subsectionText(s: Pick<DocSubsection, 'paragraphs' | 'tables'>): string {
  const inline = (p: Para) => inlineText([p]);
  const blocks = s.paragraphs.map(inline);
  for (const t of [...(s.tables ?? [])].reverse()) blocks.splice(t.after, 0, tableText(t.table, inline));
  return blocks.join('\n\n');
}

export function assemble(options: {
  input: PaperInput;
  outline: OutlineWithoutIntroduction;
  written: Written;
  sources: RunSource[];
  /** The passages the texts cite as [[p17]]. */
  passages: Map<string, Passage>;
  /** The list of these texts (run/paper-list.ts). */
  bibliography: PaperBibliography;
  writer: 'llm' | 'offline';
  year: number;
  titlePage?: TitlePageInfo;
  producedBy?: string;
}): Assembled {
  const { input, outline, bibliography } = options;
  const demo = input.type === 'demo';
  // A cited passage becomes its source and printed page: "[[p17]]" -> "[[S3, с. 47]]".
  const bySource = (paras: string[]) => paras.map((p) => toSourceMarkers(p, options.passages));
  const written: Written = {
    introduction: bySource(options.written.introduction),
    subsections: new Map([...options.written.subsections].map(([n, paras]) => [n, bySource(paras)])),
    conclusion: options.written.conclusion ? bySource(options.written.conclusion) : null,
  };
  const citations: PaperCitation[] = [];
  let part = 'introduction';
  let paragraph = '';
  const referencer = createReferencer({
    sources: new Map(options.sources.filter((s) => s.id in bibliography.numberOf).map((s) => [s.id, s.bib])),
    numberOf: new Map(Object.entries(bibliography.numberOf)),
    footnotes: input.useFootnotes,
    onCite: (c) => citations.push({ part, paragraph, ...c }),
  });
  // Typography after the references are resolved, on the text only (footnotes are GOST entries already).
  const resolve = (paras: string[]): Para[] =>
    paras
      .map((p) => {
        paragraph = p;
        return referencer.paragraph(p).map((x) => (x.kind === 'text' ? { ...x, text: typographRu(x.text) } : x));
      })
      .filter((p) => p.length > 0);
  // The AI appendix is "А" (the only appendix), and the text refers to it (ГОСТ 7.32-2017, 6.14.1).
  // Works the development stand-in of the databases invented: the appendix says how many are listed.
  const invented = options.sources.filter((s) => s.work?.invented && s.id in bibliography.numberOf).length;
  const appendices = input.aiAppendix ? [aiAppendix('А', { writer: options.writer, sources: bibliography.entries.length, invented })] : [];
  // Tables are numbered through the paper; the text before each refers to it by its number.
  let tableCount = 0;
  const withTables = (raw: string[]) => extractTables(raw, () => ++tableCount, resolve);
  const introduction = [
    ...resolve(written.introduction),
    ...appendices.map((a) => [{ kind: 'text' as const, text: typographRu(aiAppendixReference(a.letter)) }]),
  ];
  const chapters = outline.chapters.map((c, ci) => ({
    number: ci + 1,
    title: headingTitle(c.title),
    written: !demo || ci === 0,
    subsections: c.subsections.map((title, si) => {
      part = `${ci + 1}.${si + 1}`;
      return { number: part, title: headingTitle(title), ...withTables(written.subsections.get(part) ?? []) };
    }),
  }));
  part = 'conclusion';
  const conclusion = written.conclusion ? resolve(written.conclusion) : null;
  // Order details over the run's defaults: what the customer typed wins.
  const titlePage = options.titlePage || input.titlePage ? { ...options.titlePage, ...input.titlePage } : undefined;
  const model: DocModel = {
    kind: input.type,
    writer: options.writer,
    ...(options.producedBy ? { producedBy: options.producedBy } : {}),
    title: outline.title,
    annotation: outline.annotation,
    keywords: outline.keywords,
    year: options.year,
    titlePage,
    introduction,
    chapters,
    conclusion,
    // A demo lists what it cites too (a reference the reader cannot look up would look invented);
    // a demo that cites nothing has no list.
    bibliography:
      demo && bibliography.entries.length === 0
        ? null
        : {
            entries: bibliography.entries.map((e) => ({ number: e.number, text: e.text })),
            groups: input.separateBibliography ? groupsOf(bibliography) : null,
          },
    // A full paper has its реферат (a demo is an excerpt: it has none).
    abstract: demo ? null : buildAbstract(outline, conclusion ? plainText(conclusion) : null),
    appendices: appendices.map((a) => ({ ...a, paragraphs: a.paragraphs.map(typographRu) })),
  };
  const sectionTexts: SectionText[] = [
    { key: 'introduction', heading: 'ВВЕДЕНИЕ', text: inlineText(introduction) },
    ...chapters
      .filter((c) => c.written)
      .flatMap((c) => c.subsections.map((s) => ({ key: s.number, heading: `${s.number} ${s.title}`, text: subsectionText(s) }))),
    ...(conclusion ? [{ key: 'conclusion', heading: 'ЗАКЛЮЧЕНИЕ', text: inlineText(conclusion) }] : []),
  ];
  return { model, sectionTexts, citations };
}
