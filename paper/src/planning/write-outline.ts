/** Writes the outline: keywords, chapters (unless the user gave them), goal and tasks (the annotation is written beside the texts). */
import { PaperError } from '../errors.ts';
import type { CallRunner } from '../writer/types.ts';
import type { PaperInput } from '../input/types.ts';
import type { OutlineWithoutIntroduction } from '../outline/types.ts';
import { OutlineDraftReadSchema, OutlineDraftSchema } from '../outline/schema.ts';
import type { OutlineDraft } from '../outline/schema.ts';
import { outlineMessages, outlineRepairMessages } from './prompt.ts';
import { readStructured } from '../writer/answers.ts';

const clip = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1).trimEnd()}…` : s);

/** Titles without numbers, "Глава 1." prefixes and final periods. */
export function cleanTitle(title: string): string {
  return clip(
    title
      .replace(/^\s*(глава|раздел)\s+\d+[.:]?\s*/i, '')
      .replace(/^\s*\d+(\.\d+)*[.)]?\s+/, '')
      .replace(/[\s.]+$/, '')
      .replace(/\s+/g, ' ')
      .trim(),
    200,
  );
}

/** The paper's title is the customer's topic, tidied. */
export function titleOf(topic: string): string {
  const t = topic.replace(/\s+/g, ' ').trim().replace(/[.]+$/, '');
  return t.charAt(0).toUpperCase() + t.slice(1);
}

/** Checks and tidies a model's outline; returns a Russian problem description when it cannot be used. */
export function normalizeOutline(draft: OutlineDraft, input: PaperInput): { outline?: OutlineWithoutIntroduction; problem?: string } {
  let chapters = draft.chapters.map((c) => ({
    title: cleanTitle(c.title),
    subsections: c.subsections
      .map(cleanTitle)
      .filter((s) => s.length >= 3)
      .slice(0, 4),
  }));
  if (input.userStructure) {
    // The customer's structure is authoritative; only a chapter given without subsections gets the model's.
    chapters = input.userStructure.map(([title, subs], i) => {
      const own = subs.map(cleanTitle).filter(Boolean);
      return { title: cleanTitle(title), subsections: own.length ? own : (chapters[i]?.subsections ?? []) };
    });
    const empty = chapters.findIndex((c) => c.subsections.length === 0);
    if (empty >= 0) return { problem: `для главы ${empty + 1} нужны 3 подраздела` };
  }
  if (chapters.length !== 3) return { problem: `нужно ровно 3 главы, а получено ${chapters.length}` };
  const thin = chapters.findIndex((c) => c.subsections.length < 3 || c.title.length < 3);
  if (thin >= 0 && !input.userStructure) return { problem: `в главе ${thin + 1} должно быть 3–4 подраздела с названиями` };
  const tasks = draft.tasks
    .map((t) => t.trim().replace(/[.;]+$/, ''))
    .filter(Boolean)
    .slice(0, 6);
  if (tasks.length < 3) return { problem: 'нужно 4–6 задач исследования' };
  const keywords = [...new Set(draft.keywords.map((k) => k.trim().replace(/[.;]+$/, '')).filter(Boolean))].slice(0, 8);
  if (keywords.length < 3) return { problem: 'нужно 5–8 ключевых слов' };
  return {
    outline: {
      version: 1,
      topic: input.topic,
      title: titleOf(input.topic),
      annotation: draft.annotation.trim(),
      keywords,
      chapters,
      goal: draft.goal.trim().replace(/[.]+$/, ''),
      tasks,
      object: draft.object.trim().replace(/[.]+$/, ''),
      subject: draft.subject.trim().replace(/[.]+$/, ''),
      methods: draft.methods
        .map((m) => m.trim().replace(/[.;]+$/, ''))
        .filter(Boolean)
        .slice(0, 8),
      searchQueries: draft.searchQueries
        .map((q) => q.trim())
        .filter(Boolean)
        .slice(0, 4),
      // A draft read before English queries were asked for has none.
      searchQueriesEn: (draft.searchQueriesEn ?? [])
        .map((q) => q.trim())
        .filter(Boolean)
        .slice(0, 4),
    },
  };
}

export async function writeOutline(input: PaperInput, calls: CallRunner): Promise<OutlineWithoutIntroduction> {
  const messages = outlineMessages(input.topic, input.userStructure, input.minPublicationYear);
  const task = { kind: 'outline', topic: input.topic, userStructure: input.userStructure, minYear: input.minPublicationYear } as const;
  const json = { name: 'paper_outline', schema: OutlineDraftSchema };
  const first = await calls.call({ key: 'outline', task, messages, maxTokens: 3000, json });
  const a = readStructured(first.text, OutlineDraftReadSchema);
  const na = a.data ? normalizeOutline(a.data, input) : { problem: a.problem };
  if (na.outline) return na.outline;
  // One repair round with the problem spelled out, then give up with a clear reason.
  const second = await calls.call({
    key: 'outline:repair',
    task,
    // The model is told which field is wrong (the technical detail); the user only the Russian.
    messages: outlineRepairMessages(messages, first.text, [na.problem, a.detail].filter(Boolean).join(': ')),
    maxTokens: 3000,
    json,
  });
  const b = readStructured(second.text, OutlineDraftReadSchema);
  const nb = b.data ? normalizeOutline(b.data, input) : { problem: b.problem };
  if (nb.outline) return nb.outline;
  throw new PaperError('llm_failed', `Языковая модель вернула непригодный план работы: ${nb.problem}`, {
    cause: b.detail === undefined ? undefined : new Error(b.detail),
  });
}
