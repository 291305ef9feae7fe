import { createRevisionFormData, type CreateRevisionForm } from '@app/contract';
import { tsr } from '@/lib/api-client';

/** POST a revision round (multipart). Resolves with every status; the caller maps it. */
export const createRevision = (paperId: number, form: CreateRevisionForm) =>
  tsr.revisions.create.mutate({ params: { paperId }, body: createRevisionFormData(form) });
