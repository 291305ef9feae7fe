/** Schemas of the web forms. Each wraps the API body with the fields only the form has
 * (confirmations, agreement), so that both sides validate with the same rules and messages. */
import { z } from 'zod';
import * as f from './fields.ts';
import { V } from './messages.ts';

const passwordConfirm = z.string().min(1, V.passwordConfirmRequired);

export const registerForm = z
  .object({
    username: f.username,
    password: f.password,
    password_confirm: passwordConfirm,
    email: f.email,
    agreement: z.literal(true, { errorMap: () => ({ message: V.agreementRequired }) }),
  })
  .refine((v) => v.password === v.password_confirm, { path: ['password_confirm'], message: V.passwordsMustMatch });
export type RegisterForm = z.infer<typeof registerForm>;

export const loginForm = z.object({ username_or_email: f.loginName, password: f.loginPassword });
export type LoginForm = z.infer<typeof loginForm>;

export const codeForm = z.object({ code: f.code });

export const recoveryRequestForm = z.object({ email: f.recoveryEmail });

export const newPasswordForm = z
  .object({ password: f.password, password_confirm: passwordConfirm })
  .refine((v) => v.password === v.password_confirm, { path: ['password_confirm'], message: V.passwordsMustMatch });
export type NewPasswordForm = z.infer<typeof newPasswordForm>;

export const reviewForm = z.object({ rating: f.reviewRating, comment: f.reviewComment });
export type ReviewForm = z.infer<typeof reviewForm>;

/** The custom table of contents dialog: 3 chapters, each with a title and 3-4 subsection drafts. */
export const structureDraftForm = z
  .array(z.object({ title: f.chapterTitle, subsections: z.array(f.subsectionDraft).min(1).max(4) }))
  .length(3);
export type StructureDraft = z.infer<typeof structureDraftForm>;

/** Drops empty subsections, giving the order's user_structure. */
export function structureFromDraft(draft: StructureDraft): [string, string[]][] {
  return draft.map((ch) => [ch.title.trim(), ch.subsections.map((s) => s.trim()).filter((s) => s.length > 0)]);
}
