/** Input validation and cancellation: no LibreOffice needed, the run stops before typesetting. */
import { describe, expect, it } from 'vitest';
import { BASE_INPUT, TOPIC } from '../dev/fixtures.ts';
import { createMemoryCheckpoints, createOfflineWriter, generatePaper, PaperError, validateInput } from '../src/index.ts';
import type { PaperInput, PdfConverter } from '../src/index.ts';
import { normalizeOutline } from '../src/planning/write-outline.ts';
import { OutlineDraftReadSchema } from '../src/outline/schema.ts';

const input: PaperInput = BASE_INPUT;
const now = new Date('2025-03-01');
const messageOf = (over: Partial<PaperInput>) => {
  try {
    validateInput({ ...input, ...over });
    return 'ok';
  } catch (error) {
    expect(error).toBeInstanceOf(PaperError);
    return (error as PaperError).message;
  }
};
const noPdf: PdfConverter = {
  stats: { conversions: 0, failures: 0, restarts: 0 },
  convert: () => Promise.reject(new Error('PDF не должен понадобиться')),
  close: async () => {},
};

describe('input', () => {
  it('is checked with Russian messages', () => {
    expect(messageOf({})).toBe('ok');
    expect(messageOf({ topic: 'Коротко' })).toBe('Тема работы должна содержать от 10 до 200 символов');
    expect(messageOf({ separateBibliography: true })).toBe('Раздельный список литературы возможен только при оформлении ссылок сносками');
    expect(messageOf({ requiredVolume: 150 })).toBe('Объём работы должен быть от 80 до 120 страниц');
    expect(messageOf({ minPublicationYear: 2030 })).toBe('Минимальный год публикации должен быть от 1990 до 2025');
    expect(messageOf({ minPublicationYear: 1950 })).toBe('Минимальный год публикации должен быть от 1990 до 2025');
    expect(messageOf({ userStructure: [['Одна глава', []]] })).toBe('Пользовательское оглавление должно содержать ровно 3 главы');
    expect(
      messageOf({
        userStructure: [
          ['Глава первая', ['Коротко']],
          ['Глава вторая', []],
          ['Глава третья', []],
        ],
      }),
    ).toBe('Название подраздела в главе 1 должно содержать от 10 до 200 символов');
    expect(messageOf({ attachedSources: [{ fileName: 'a.txt', citation: 'Ц'.repeat(151), text: 'x' }] })).toBe(
      'ГОСТ-ссылка для файла «a.txt» должна содержать от 10 до 150 символов',
    );
    expect(
      messageOf({
        userStructure: [
          ['Глава первая', ['a', 'b', 'c', 'd', 'e']],
          ['Глава вторая', []],
          ['Глава третья', []],
        ],
      }),
    ).toBe('В главе 1 может быть не более 4 подразделов');
    expect(messageOf({ attachedSources: [{ fileName: 'a.txt', citation: 'коротко', text: 'x' }] })).toBe(
      'ГОСТ-ссылка для файла «a.txt» должна содержать от 10 до 150 символов',
    );
    expect(messageOf({ fromDemo: { version: 1 } as never })).toBe('Данные демо-версии повреждены: начните новый проект');
  });
});

describe('a run', () => {
  it('stops with the aborted error when cancelled while writing', async () => {
    const controller = new AbortController();
    const error = await generatePaper(input, {
      writer: createOfflineWriter(),
      search: null,
      checkpoints: createMemoryCheckpoints(),
      pdf: noPdf,
      signal: controller.signal,
      onProgress: (p) => {
        if (p.stage === 'Написание разделов') controller.abort();
      },
      now,
    }).catch((e) => e);
    expect(error).toBeInstanceOf(PaperError);
    expect(error.code).toBe('aborted');
    expect(error.message).toBe('Генерация остановлена');
  });

  it('keeps the user structure and fills only the chapters given without subsections', async () => {
    const draft = OutlineDraftReadSchema.parse(
      JSON.parse(
        (
          await createOfflineWriter().complete({
            key: 'outline',
            tariff: 'basic',
            messages: [],
            maxTokens: 100,
            task: { kind: 'outline', topic: TOPIC, userStructure: null, minYear: 2015 },
          })
        ).text,
      ),
    );
    const userStructure: [string, string[]][] = [
      ['Теоретические основы темы', []],
      ['Анализ практики в регионах', ['Первый подраздел анализа']],
      ['Предложения по развитию', []],
    ];
    const { outline } = normalizeOutline(draft, { ...input, userStructure });
    expect(outline!.chapters.map((c) => c.title)).toEqual(userStructure.map(([t]) => t));
    expect(outline!.chapters.map((c) => c.subsections.length)).toEqual([3, 1, 3]);
    expect(outline!.chapters[1].subsections).toEqual(['Первый подраздел анализа']);
    expect(normalizeOutline({ ...draft, chapters: [] }, { ...input, userStructure }).problem).toBe('для главы 1 нужны 3 подраздела');
    expect(normalizeOutline({ ...draft, chapters: draft.chapters.slice(0, 2) }, input).problem).toBe('нужно ровно 3 главы, а получено 2');
  });
});
