import type { PaperPlan } from './types.ts';
import type { OutlineBrief } from './writer/types.ts';

export function outlineOf(plan: Omit<PaperPlan, 'introduction'>): OutlineBrief {
  return {
    topic: plan.topic,
    title: plan.title,
    keywords: plan.keywords,
    chapters: plan.chapters,
    goal: plan.goal,
    tasks: plan.tasks,
    object: plan.object,
    subject: plan.subject,
    methods: plan.methods,
  };
}

/** The outline as the prompts show it. */
export function outlineText(o: OutlineBrief): string {
  return o.chapters
    .map((c, i) => `${i + 1} ${c.title}\n${c.subsections.map((s, j) => `  ${i + 1}.${j + 1} ${s}`).join('\n')}`)
    .join('\n');
}

export function planSummary(o: OutlineBrief): string {
  return (
    `Тема: «${o.title}».\nЦель: ${o.goal}.\nЗадачи:\n${o.tasks.map((t, i) => `${i + 1}) ${t};`).join('\n')}\n` +
    `Объект: ${o.object}. Предмет: ${o.subject}.\nСодержание:\n${outlineText(o)}`
  );
}

/** ~1 token per 3 characters of Russian; room for a model that overshoots a little. */
export function tokensFor(chars: number): number {
  return Math.min(16_000, Math.ceil((chars / 2.6) * 1.3) + 200);
}
