/** Honest progress: named Russian stages with percent ranges; the percent never goes back. */
import type { ProgressEvent, Progress, StageId } from './types.ts';

export const STAGES = {
  outline: 'Составление плана работы',
  sources: 'Подбор источников',
  writing: 'Написание разделов',
  review: 'Рецензирование и доработка глав',
  conclusion: 'Написание заключения',
  typeset: 'Вёрстка и проверка объёма',
  preview: 'Подготовка предпросмотра',
  normocontrol: 'Нормоконтроль',
  originality: 'Проверка оригинальности',
  evidence: 'Отчёт об источниках',
  defence: 'Подготовка к защите',
  revision: 'Доработка по замечаниям',
  report: 'Лист доработок',
  done: 'Готово',
} as const satisfies Record<StageId, string>;

export function createProgress(
  onProgress: (p: ProgressEvent) => void | Promise<void>,
  ranges: Partial<Record<StageId, [number, number]>>,
): Progress {
  let current: StageId = 'outline';
  let last = -1;
  const emit = async (percent: number) => {
    const p = Math.max(last, Math.min(100, Math.round(percent)));
    if (p === last) return;
    last = p;
    await onProgress({ stage: STAGES[current], percent: p });
  };
  return {
    async stage(id) {
      current = id;
      const range = ranges[id] ?? [last, last];
      last = Math.max(last, -1);
      await onProgress({ stage: STAGES[id], percent: Math.max(last, range[0]) });
      last = Math.max(last, range[0]);
    },
    async part(fraction) {
      const range = ranges[current];
      if (!range) return;
      await emit(range[0] + (range[1] - range[0]) * Math.min(1, Math.max(0, fraction)));
    },
  };
}

export function stageRanges(type: 'demo' | 'full', professional: boolean): Partial<Record<StageId, [number, number]>> {
  // The conclusion is written with the sections (writing/stage.ts).
  const writingEnd = type === 'full' ? (professional ? 64 : 74) : professional ? 66 : 76;
  const ranges: Partial<Record<StageId, [number, number]>> = {
    outline: [0, 8],
    sources: [8, 12],
    writing: [12, writingEnd],
  };
  let at = writingEnd;
  if (professional) {
    const end = type === 'full' ? 74 : 76;
    ranges.review = [at, end];
    at = end;
  }
  ranges.typeset = [at, 92];
  ranges.preview = [92, 95];
  ranges.normocontrol = [95, 97];
  ranges.originality = [97, 98];
  ranges.evidence = [98, 99];
  ranges.done = [100, 100];
  return ranges;
}

/** A revision round: the remarks applied, then the paper laid out and checked as a new one. */
export function revisionRanges(): Partial<Record<StageId, [number, number]>> {
  return {
    revision: [0, 60],
    typeset: [60, 88],
    preview: [88, 91],
    normocontrol: [91, 95],
    originality: [95, 97],
    evidence: [97, 98],
    report: [98, 99],
    done: [100, 100],
  };
}
