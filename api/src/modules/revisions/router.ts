/** HTTP for revisions: a paper's versions and rounds, a new round (multipart), a version's files. Thin: parse, call, answer. */
import { contract, createRevisionFields, REVISION_DOCX_FIELD, REVISION_LIMITS } from '@app/contract';
import { initServer } from '@ts-rest/fastify';
import type { Config } from '../../config.ts';
import { sessionOf, sessionOwnerOf } from '../../http/context.ts';
import type { Jobs } from '../../jobs/queues.ts';
import type { Storage } from '../../storage/storage.ts';
import type { PaymentProvider } from '../payments/providers/types.ts';
import { receiveForm, type FormSpec } from '../orders/upload.ts';
import { fileResponse } from '../papers/router.ts';
import { createRevision, revisionsInfo } from './revisions.ts';
import { openVersionFile } from '../versions/versions.ts';
import { ownPaper } from '../papers/papers.ts';

const s = initServer();

/** The round's form: remarks, scope and pay as text, at most one .docx. */
const REVISION_FORM: FormSpec<typeof createRevisionFields._output> = {
  schema: createRevisionFields,
  textFields: Object.keys(createRevisionFields.shape),
  fileField: REVISION_DOCX_FIELD,
  files: { max: 1, maxBytesEach: REVISION_LIMITS.docxBytes, maxBytesTotal: REVISION_LIMITS.docxBytes, extensions: ['.docx'] },
};

export function revisionsRouter(deps: { config: Config; storage: Storage; provider: PaymentProvider; jobs: Jobs; uploadsDir: string }) {
  return s.router(contract.revisions, {
    list: async ({ params, request }) => ({
      status: 200,
      body: await revisionsInfo(request.em, deps.config, await sessionOwnerOf(request), params.paperId),
    }),
    create: async ({ params, request }) => {
      const session = await sessionOf(request);
      // Before the upload is read: another user's paper costs no transfer and learns nothing.
      const paper = await ownPaper(request.em, session.user.id, params.paperId);
      const form = await receiveForm(request, deps.uploadsDir, REVISION_FORM);
      try {
        const data = await createRevision({ ...deps, em: request.em, log: request.log }, session, paper, {
          ...form.fields,
          files: form.files,
        });
        return { status: 200, body: { ok: true, data } };
      } finally {
        await form.discard();
      }
    },
    versionDocx: async ({ params, request, reply }) =>
      fileResponse(
        reply,
        await openVersionFile(request.em, deps.storage, await sessionOwnerOf(request), params.paperId, params.version, 'docx'),
        'attachment',
      ),
    versionPreview: async ({ params, request, reply }) =>
      fileResponse(
        reply,
        await openVersionFile(request.em, deps.storage, await sessionOwnerOf(request), params.paperId, params.version, 'pdf'),
        'inline',
      ),
    versionReport: async ({ params, request, reply }) =>
      fileResponse(
        reply,
        await openVersionFile(request.em, deps.storage, await sessionOwnerOf(request), params.paperId, params.version, 'report'),
        'attachment',
      ),
  });
}
