/** Field schemas with the specification's Russian messages. The web forms and the API use these. */
import { z } from 'zod';
import { LIMITS, MINISTRIES, PAPER_TYPES, TARIFFS, WORK_KINDS } from './rules.ts';
import { V } from './messages.ts';

const requiredString = (required: string) => z.string({ required_error: required, invalid_type_error: required });

export const username = requiredString(V.usernameRequired)
  .min(1, V.usernameRequired)
  .min(LIMITS.username.min, V.usernameMin)
  .max(LIMITS.username.max, V.usernameMax)
  .regex(/^[\p{L}0-9_]+$/u, V.usernamePattern);

export const password = requiredString(V.passwordRequired)
  .min(1, V.passwordRequired)
  .min(LIMITS.password.min, V.passwordMin)
  .max(LIMITS.password.max, V.passwordMax);

export const email = requiredString(V.emailRequired)
  .trim()
  .min(1, V.emailRequired)
  .max(LIMITS.email.max, V.emailInvalid)
  .email(V.emailInvalid);

export const recoveryEmail = requiredString(V.recoveryEmailRequired)
  .trim()
  .min(1, V.recoveryEmailRequired)
  .max(LIMITS.email.max, V.recoveryEmailInvalid)
  .email(V.recoveryEmailInvalid);

/** Login form: any non-empty login or e-mail; only presence is checked before the server answers. */
export const loginName = requiredString(V.loginRequired).trim().min(1, V.loginRequired).max(LIMITS.email.max, V.loginRequired);
export const loginPassword = requiredString(V.loginPasswordRequired).min(1, V.loginPasswordRequired).max(128, V.passwordMax);

export const code = requiredString(V.codeMin)
  .regex(/^\d*$/, V.codeDigits)
  .min(LIMITS.code.length, V.codeMin)
  .max(LIMITS.code.length, V.codeMax);

export const topic = requiredString(V.topicRequired)
  .trim()
  .min(1, V.topicRequired)
  .min(LIMITS.topic.min, V.topicMin)
  .max(LIMITS.topic.max, V.topicMax);

export const gostCitation = requiredString(V.gostRequired)
  .trim()
  .min(1, V.gostRequired)
  .min(LIMITS.gostCitation.min, V.gostMin)
  .max(LIMITS.gostCitation.max, V.gostMax);

export const chapterTitle = requiredString(V.chapterRequired)
  .trim()
  .min(1, V.chapterRequired)
  .min(LIMITS.structureTitle.min, V.chapterMin)
  .max(LIMITS.structureTitle.max, V.chapterMax);

export const subsectionTitle = z
  .string()
  .trim()
  .min(LIMITS.structureTitle.min, V.subsectionMin)
  .max(LIMITS.structureTitle.max, V.subsectionMax);

/** A subsection title in the form: empty is allowed (dropped on submit), otherwise 10-200. */
export const subsectionDraft = z.union([z.literal(''), subsectionTitle]);

/** User structure as the order sends it: 3 chapters, each [title, non-empty subsections (1-4)]. */
export const userStructure = z
  .array(z.tuple([chapterTitle, z.array(subsectionTitle).min(1).max(LIMITS.structure.maxSubsections)]))
  .length(LIMITS.structure.chapters);
export type UserStructure = z.infer<typeof userStructure>;

export const publicationYear = z
  .number({ invalid_type_error: V.yearRange, required_error: V.yearRange })
  .int(V.yearRange)
  .min(LIMITS.publicationYear.min, V.yearRange)
  .max(LIMITS.publicationYear.max, V.yearRange);

export const volume = z
  .number({ invalid_type_error: V.volumeRange, required_error: V.volumeRange })
  .int(V.volumeRange)
  .min(LIMITS.volume.min, V.volumeRange)
  .max(LIMITS.volume.max, V.volumeRange);

export const paperType = z.enum(PAPER_TYPES);
/** A Tariff on the wire. The specification names it `model_name` in a purchase and
 * `generation_model` in a paper: two wire names, one field. */
export const tariff = z.enum(TARIFFS);

export const reviewRating = z
  .number({ invalid_type_error: V.reviewRating, required_error: V.reviewRating })
  .int(V.reviewRating)
  .min(LIMITS.review.ratingMin, V.reviewRating)
  .max(LIMITS.review.ratingMax, V.reviewRating);

export const reviewComment = z
  .string({ required_error: V.reviewComment, invalid_type_error: V.reviewComment })
  .trim()
  .min(LIMITS.review.commentMin, V.reviewComment)
  .max(LIMITS.review.commentMax, V.reviewComment);

export const promoCode = z.string().trim().min(1).max(LIMITS.promo.inputMax, 'Промокод не найден');

/** Russian labels of the title page's fields, as the form shows them and the messages name them. */
export const TITLE_PAGE_LABELS = {
  university: 'Вуз',
  faculty: 'Факультет (институт)',
  department: 'Кафедра',
  student: 'ФИО студента',
  group: 'Группа',
  supervisor: 'Научный руководитель',
  head_of_department: 'Заведующий кафедрой',
  city: 'Город',
} as const;
type TitleTextField = keyof typeof TITLE_PAGE_LABELS;
/** The longest text of each title page field (the form's inputs use it too). */
export const TITLE_PAGE_MAX: Record<TitleTextField, number> = {
  university: LIMITS.titlePage.university,
  faculty: LIMITS.titlePage.faculty,
  department: LIMITS.titlePage.department,
  student: LIMITS.titlePage.student,
  group: LIMITS.titlePage.group,
  supervisor: LIMITS.titlePage.supervisor,
  head_of_department: LIMITS.titlePage.headOfDepartment,
  city: LIMITS.titlePage.city,
};

/** Printable text on one line: no control characters and no markup brackets. */
const PRINTABLE = /^[^\p{Cc}<>{}]*$/u;
/** A person as a title page names them: "Иванов И. И.", "Анна-Мария Петрова". */
const PERSON = /^[\p{L}\s.\-']*$/u;

/** An optional line of the title page: trimmed, empty means not given (the placeholder is printed). */
function titleText(key: TitleTextField, person = false) {
  const label = TITLE_PAGE_LABELS[key];
  const base = z
    .string({ invalid_type_error: V.titleFieldChars(label) })
    .trim()
    .max(TITLE_PAGE_MAX[key], V.titleFieldMax(label, TITLE_PAGE_MAX[key]))
    .regex(PRINTABLE, V.titleFieldChars(label));
  return (person ? base.regex(PERSON, V.personName(label)) : base).optional();
}

export const ministry = z.enum(MINISTRIES);
export const workKind = z.enum(WORK_KINDS);

/** The title page's details an order may give; every field may be left out. */
export const titlePage = z
  .object({
    ministry: ministry.optional(),
    work_kind: workKind.optional(),
    university: titleText('university'),
    faculty: titleText('faculty'),
    department: titleText('department'),
    student: titleText('student', true),
    group: titleText('group'),
    supervisor: titleText('supervisor'),
    head_of_department: titleText('head_of_department', true),
    city: titleText('city'),
  })
  .strict();
export type TitlePage = z.infer<typeof titlePage>;
export type TitlePageInput = z.input<typeof titlePage>;
