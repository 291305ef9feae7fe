/** Field schemas with the specification's Russian messages. The web forms and the API use these. */
import { z } from 'zod';
import { LIMITS, PAPER_TYPES, TARIFFS } from './rules.ts';
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
