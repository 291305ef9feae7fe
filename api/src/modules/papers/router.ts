/** HTTP for papers. */
import { contract } from '@app/contract';
import { initServer } from '@ts-rest/fastify';
import { sessionOwnerOf } from '../../http/context.ts';
import type { Storage } from '../../storage/storage.ts';
import { contentDisposition, listPapers, openDocx, openPreview, openSourceFile, paperDetail, type AttachedFiles } from './papers.ts';

const s = initServer();

type File = Awaited<ReturnType<typeof openDocx>>;
type HeaderReply = { header(name: string, value: string | number): unknown };

/** A private file: its name for the browser, its length, never cached by shared caches. */
export function fileResponse(reply: HeaderReply, file: File, disposition: 'attachment' | 'inline') {
  reply.header('content-disposition', contentDisposition(file.fileName, disposition));
  reply.header('content-length', file.size);
  reply.header('cache-control', 'private, no-store');
  return { status: 200 as const, body: file.stream };
}

export const papersRouter = (storage: Storage, attachedFilesOf: AttachedFiles) =>
  s.router(contract.papers, {
    list: async ({ query, request }) => {
      const owner = await sessionOwnerOf(request);
      return { status: 200, body: await listPapers(request.sql, owner.userId, query) };
    },
    detail: async ({ params, request }) => ({
      status: 200,
      body: await paperDetail(request.em, await sessionOwnerOf(request), params.paperId),
    }),
    downloadDocx: async ({ params, request, reply }) =>
      fileResponse(reply, await openDocx(request.em, storage, await sessionOwnerOf(request), params.paperId), 'attachment'),
    previewPdf: async ({ params, request, reply }) =>
      fileResponse(reply, await openPreview(request.em, storage, await sessionOwnerOf(request), params.paperId), 'inline'),
    // A download of bytes (application/octet-stream): a user's file is never rendered on our origin.
    sourceFile: async ({ params, request, reply }) =>
      fileResponse(
        reply,
        await openSourceFile({ em: request.em, storage, attachedFilesOf }, await sessionOwnerOf(request), params.paperId, params.number),
        'attachment',
      ),
  });
