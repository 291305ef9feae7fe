/** HTTP for papers. */
import { contract } from '@app/contract';
import { initServer } from '@ts-rest/fastify';
import { sessionOf } from '../../http/context.ts';
import type { Storage } from '../../storage/storage.ts';
import { contentDisposition, listPapers, openDocx, openPreview, paperDetail } from './papers.ts';

const s = initServer();

export const papersRouter = (storage: Storage) =>
  s.router(contract.papers, {
    list: async ({ query, request }) => ({ status: 200, body: await listPapers(request.em, await sessionOf(request), query) }),
    detail: async ({ params, request }) => ({ status: 200, body: await paperDetail(request.em, await sessionOf(request), params.paperId) }),
    downloadDocx: async ({ params, request, reply }) => {
      const file = await openDocx(request.em, storage, await sessionOf(request), params.paperId);
      reply.header('content-disposition', contentDisposition(file.fileName, 'attachment'));
      reply.header('content-length', file.size);
      reply.header('cache-control', 'private, no-store');
      return { status: 200, body: file.stream };
    },
    previewPdf: async ({ params, request, reply }) => {
      const file = await openPreview(request.em, storage, await sessionOf(request), params.paperId);
      reply.header('content-disposition', contentDisposition(file.fileName, 'inline'));
      reply.header('content-length', file.size);
      reply.header('cache-control', 'private, no-store');
      return { status: 200, body: file.stream };
    },
  });
