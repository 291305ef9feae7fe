/** The engine's input, checked against the limits of the order form (the contract's). */
import { LIMITS } from '@app/contract';
import { PaperError } from '../errors.ts';
import type { PaperInput } from './types.ts';
import { OutlineSchema } from '../outline/schema.ts';

/** The longest line of the title page the engine takes (the order form's limits are shorter). */
const TITLE_FIELD_MAX = 300;

/** Checks the input; every problem is a Russian message the customer can act on. */
export function validateInput(input: PaperInput): void {
  const fail = (message: string): never => {
    throw new PaperError('invalid_input', message);
  };
  const { topic: topicLimits, publicationYear: year, volume, structure, structureTitle: title, gostCitation: citation } = LIMITS;
  const topic = input.topic?.trim() ?? '';
  if (topic.length < topicLimits.min || topic.length > topicLimits.max)
    fail(`Тема работы должна содержать от ${topicLimits.min} до ${topicLimits.max} символов`);
  if (input.type !== 'demo' && input.type !== 'full') fail('Тип работы должен быть «демо» или «полная»');
  if (input.tariff !== 'basic' && input.tariff !== 'professional') fail('Тариф должен быть «Обычный» или «Профессиональный»');
  if (input.separateBibliography && !input.useFootnotes)
    fail('Раздельный список литературы возможен только при оформлении ссылок сносками');
  if (!Number.isInteger(input.minPublicationYear) || input.minPublicationYear < year.min || input.minPublicationYear > year.max) {
    fail(`Минимальный год публикации должен быть от ${year.min} до ${year.max}`);
  }
  if (!Number.isInteger(input.requiredVolume) || input.requiredVolume < volume.min || input.requiredVolume > volume.max)
    fail(`Объём работы должен быть от ${volume.min} до ${volume.max} страниц`);
  if (input.userStructure) {
    if (!Array.isArray(input.userStructure) || input.userStructure.length !== structure.chapters)
      fail(`Пользовательское оглавление должно содержать ровно ${structure.chapters} главы`);
    for (const [i, ch] of input.userStructure.entries()) {
      if (!Array.isArray(ch) || typeof ch[0] !== 'string' || !Array.isArray(ch[1])) fail(`Глава ${i + 1} оглавления задана неверно`);
      const chapterTitle = ch[0].trim();
      if (chapterTitle.length < title.min || chapterTitle.length > title.max)
        fail(`Название главы ${i + 1} должно содержать от ${title.min} до ${title.max} символов`);
      // A chapter given without subsections gets the model's (the form always sends some).
      const subs = ch[1].map((s) => String(s).trim()).filter(Boolean);
      if (subs.length > structure.maxSubsections) fail(`В главе ${i + 1} может быть не более ${structure.maxSubsections} подразделов`);
      if (subs.some((s) => s.length < title.min || s.length > title.max))
        fail(`Название подраздела в главе ${i + 1} должно содержать от ${title.min} до ${title.max} символов`);
    }
  }
  if (!Array.isArray(input.attachedSources) || input.attachedSources.length > LIMITS.files.max)
    fail(`Можно приложить не более ${LIMITS.files.max} источников`);
  for (const s of input.attachedSources) {
    const length = s.citation?.trim().length ?? 0;
    if (length < citation.min || length > citation.max)
      fail(`ГОСТ-ссылка для файла «${s.fileName}» должна содержать от ${citation.min} до ${citation.max} символов`);
    if (typeof s.text !== 'string') fail(`Текст файла «${s.fileName}» не извлечён`);
  }
  if (input.aiAppendix !== undefined && typeof input.aiAppendix !== 'boolean') fail('Признак приложения об использовании ИИ задан неверно');
  for (const [key, value] of Object.entries(input.titlePage ?? {})) {
    if (value !== undefined && (typeof value !== 'string' || value.length > TITLE_FIELD_MAX))
      fail(`Поле титульного листа «${key}» должно быть строкой не длиннее ${TITLE_FIELD_MAX} символов`);
  }
  if (input.fromDemo && !OutlineSchema.safeParse(input.fromDemo).success) fail('Данные демо-версии повреждены: начните новый проект');
}
