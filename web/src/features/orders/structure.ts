/** The custom table of contents draft of the order form: 3 chapters, 3 subsections each (up to 4). */
import { forms, LIMITS } from '@app/contract';

export type StructureDraft = forms.StructureDraft;

export function emptyDraft(): StructureDraft {
  return Array.from({ length: LIMITS.structure.chapters }, () => ({
    title: '',
    subsections: Array.from({ length: LIMITS.structure.initialSubsections }, () => ''),
  }));
}

/** True when anything at all has been typed. */
export function draftHasContent(draft: StructureDraft): boolean {
  return draft.some((ch) => ch.title.trim() !== '' || ch.subsections.some((s) => s.trim() !== ''));
}

/** Messages by field key: 'ch.0' for a chapter title, 'ch.0.sub.1' for a subsection. */
export function structureErrors(draft: StructureDraft): Record<string, string> {
  const result = forms.structureDraftForm.safeParse(draft);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const [chapter, field, sub] = issue.path;
    const key = field === 'subsections' && typeof sub === 'number' ? `ch.${chapter}.sub.${sub}` : `ch.${chapter}`;
    errors[key] ??= issue.message;
  }
  return errors;
}
