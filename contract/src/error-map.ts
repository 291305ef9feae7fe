/** Russian messages for zod's generic issues (wrong type, unknown field, ...), so that a malformed
 * request gets a Russian `detail` even where a field has no message of its own. */
import { z, ZodIssueCode, type ZodErrorMap } from 'zod';

export const ruErrorMap: ZodErrorMap = (issue, ctx) => {
  switch (issue.code) {
    case ZodIssueCode.invalid_type:
      if (issue.received === 'undefined') return { message: 'Поле обязательно' };
      return { message: issue.expected === 'integer' ? 'Ожидается целое число' : 'Неверный тип значения' };
    case ZodIssueCode.unrecognized_keys:
      return { message: `Неизвестные поля: ${issue.keys.join(', ')}` };
    case ZodIssueCode.invalid_enum_value:
    case ZodIssueCode.invalid_literal:
    case ZodIssueCode.invalid_union_discriminator:
      return { message: 'Недопустимое значение' };
    case ZodIssueCode.invalid_union:
      return { message: 'Недопустимое значение' };
    case ZodIssueCode.too_small:
      return { message: issue.type === 'array' ? 'Слишком мало элементов' : 'Слишком короткое значение' };
    case ZodIssueCode.too_big:
      return { message: issue.type === 'array' ? 'Слишком много элементов' : 'Слишком длинное значение' };
    case ZodIssueCode.invalid_string:
      return { message: 'Неверный формат строки' };
    default:
      return { message: ctx.defaultError === 'Required' ? 'Поле обязательно' : 'Некорректное значение' };
  }
};

/** Installs the Russian map for every schema in this process. */
export function useRussianZodMessages(): void {
  z.setErrorMap(ruErrorMap);
}
