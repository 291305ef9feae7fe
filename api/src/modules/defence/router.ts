/** HTTP for the defence kit: its state and its files, to the paper's owner only. */
import { contract, type DefenceFile } from '@app/contract';
import { initServer } from '@ts-rest/fastify';
import type { FastifyRequest } from 'fastify';
import { sessionOwnerOf } from '../../http/context.ts';
import type { Storage } from '../../storage/storage.ts';
import { contentDisposition } from '../papers/papers.ts';
import { defenceKitStatus, openDefenceFile } from './kit.ts';

const s = initServer();

export function defenceRouter(storage: Storage) {
  type Input = { params: { paperId: number }; request: FastifyRequest; reply: { header(name: string, value: string | number): unknown } };
  const file =
    (name: DefenceFile) =>
    async ({ params, request, reply }: Input) => {
      const opened = await openDefenceFile(request.em, storage, await sessionOwnerOf(request), params.paperId, name);
      reply.header('content-disposition', contentDisposition(opened.fileName, name === 'preview.pdf' ? 'inline' : 'attachment'));
      reply.header('content-length', opened.size);
      reply.header('cache-control', 'private, no-store');
      return { status: 200 as const, body: opened.stream };
    };
  return s.router(contract.defence, {
    kit: async ({ params, request }) => ({
      status: 200,
      body: await defenceKitStatus(request.em, await sessionOwnerOf(request), params.paperId),
    }),
    slides: file('slides.pptx'),
    speech: file('speech.docx'),
    questions: file('questions.docx'),
    preview: file('preview.pdf'),
  });
}
