/** The outline as the writers are told it. */
import type { OutlineBrief, OutlineWithoutIntroduction } from './types.ts';

export function briefOf(outline: OutlineWithoutIntroduction): OutlineBrief {
  return {
    topic: outline.topic,
    title: outline.title,
    keywords: outline.keywords,
    chapters: outline.chapters,
    goal: outline.goal,
    tasks: outline.tasks,
    object: outline.object,
    subject: outline.subject,
    methods: outline.methods,
  };
}

/** The outline as the prompts show it. */
export function outlineText(o: OutlineBrief): string {
  return o.chapters.map((c, i) => `${i + 1} ${c.title}\n${c.subsections.map((s, j) => `  ${i + 1}.${j + 1} ${s}`).join('\n')}`).join('\n');
}

export function outlineSummary(o: OutlineBrief): string {
  return (
    `Тема: «${o.title}».\nЦель: ${o.goal}.\nЗадачи:\n${o.tasks.map((t, i) => `${i + 1}) ${t};`).join('\n')}\n` +
    `Объект: ${o.object}. Предмет: ${o.subject}.\nСодержание:\n${outlineText(o)}`
  );
}
