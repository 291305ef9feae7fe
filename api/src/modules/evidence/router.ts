/**
 * HTTP for «Отчёт об источниках» (its owner's endpoints) and for a supervisor's links (the owner's
 * list, create and revoke; a guest's page and files by token). Thin: parse, call, answer.
 */
import { contract } from '@app/contract';
import { initServer } from '@ts-rest/fastify';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import { sessionOwnerOf } from '../../http/context.ts';
import type { Storage } from '../../storage/storage.ts';
import { addressKey } from '../limits/address.ts';
import { limitRate } from '../limits/rate-limit.ts';
import { fileResponse } from '../papers/router.ts';
import { openOwnEvidenceFile, ownEvidenceReport } from './evidence.ts';
import { createShareLink, listShareLinks, openSharedFile, openSharedPaper, revokeShareLink } from './shares.ts';

const s = initServer();

export function evidenceRouter(storage: Storage) {
  return s.router(contract.evidence, {
    report: async ({ params, request }) => ({
      status: 200,
      body: await ownEvidenceReport(request.em, storage, await sessionOwnerOf(request), params.paperId, 'shown'),
    }),
    docx: async ({ params, request, reply }) =>
      fileResponse(
        reply,
        await openOwnEvidenceFile(request.em, storage, await sessionOwnerOf(request), params.paperId, 'shown', 'docx'),
        'attachment',
      ),
    pdf: async ({ params, request, reply }) =>
      fileResponse(
        reply,
        await openOwnEvidenceFile(request.em, storage, await sessionOwnerOf(request), params.paperId, 'shown', 'pdf'),
        'inline',
      ),
    versionReport: async ({ params, request }) => ({
      status: 200,
      body: await ownEvidenceReport(request.em, storage, await sessionOwnerOf(request), params.paperId, params.version),
    }),
    versionDocx: async ({ params, request, reply }) =>
      fileResponse(
        reply,
        await openOwnEvidenceFile(request.em, storage, await sessionOwnerOf(request), params.paperId, params.version, 'docx'),
        'attachment',
      ),
    versionPdf: async ({ params, request, reply }) =>
      fileResponse(
        reply,
        await openOwnEvidenceFile(request.em, storage, await sessionOwnerOf(request), params.paperId, params.version, 'pdf'),
        'inline',
      ),
  });
}

/** Requests by token from one address in a minute: a supervisor opens a page and a file or two;
 * a guesser of 256-bit tokens is stopped long before (and would never find one anyway). */
export const SHARED_REQUESTS_PER_MINUTE = 60;

/** Every request by token, answered or not, counts against its address first. */
async function guest(request: FastifyRequest, reply: { header(name: string, value: string): unknown }) {
  await limitRate(request.em, `shared:${addressKey(request.ip)}`, SHARED_REQUESTS_PER_MINUTE, 60);
  // The token is in the address: nothing of it is kept by caches or indexed.
  reply.header('cache-control', 'private, no-store');
  reply.header('x-robots-tag', 'noindex, nofollow');
}

export function sharesRouter(deps: { config: Config; storage: Storage }) {
  return s.router(contract.shares, {
    list: async ({ params, request }) => ({
      status: 200,
      body: { links: await listShareLinks(request.em, await sessionOwnerOf(request), params.paperId) },
    }),
    create: async ({ params, body, request }) => ({
      status: 201,
      body: await createShareLink(
        { em: request.em, publicUrl: deps.config.publicUrl },
        await sessionOwnerOf(request),
        params.paperId,
        body,
      ),
    }),
    revoke: async ({ params, request }) => {
      await revokeShareLink(request.em, await sessionOwnerOf(request), params.paperId, params.linkId);
      return { status: 200, body: { ok: true } };
    },
    open: async ({ params, request, reply }) => {
      await guest(request, reply);
      return { status: 200, body: await openSharedPaper({ sql: request.sql, storage: deps.storage }, params.token) };
    },
    pdf: async ({ params, request, reply }) => {
      await guest(request, reply);
      return fileResponse(reply, await openSharedFile({ sql: request.sql, storage: deps.storage }, params.token, 'paper.pdf'), 'inline');
    },
    evidenceDocx: async ({ params, request, reply }) => {
      await guest(request, reply);
      return fileResponse(
        reply,
        await openSharedFile({ sql: request.sql, storage: deps.storage }, params.token, 'evidence.docx'),
        'attachment',
      );
    },
    evidencePdf: async ({ params, request, reply }) => {
      await guest(request, reply);
      return fileResponse(reply, await openSharedFile({ sql: request.sql, storage: deps.storage }, params.token, 'evidence.pdf'), 'inline');
    },
  });
}
