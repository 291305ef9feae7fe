/**
 * A purchased full paper's versions and its revision rounds. Version 1 is the paper as delivered;
 * each completed round adds the next one, and nothing of an earlier version is overwritten. A round
 * is an order of kind `revision` (its status, progress, attempts and model cost are the order's);
 * here are its remarks and, once done, what became of each.
 */
import type { PaperOriginality, RevisionScope } from '@app/contract';
import type { NormocontrolReport, RemarkInput, RemarkOutcome } from '@app/paper';
import { defineEntity, p, type InferEntity } from '@mikro-orm/postgresql';
import { Order } from '../orders/entities.ts';
import { Paper, type StoredPaperSource } from '../papers/entities.ts';

export const PaperVersion = defineEntity({
  name: 'PaperVersion',
  tableName: 'paper_versions',
  properties: {
    id: p.integer().primary(),
    paper: () => p.manyToOne(Paper).deleteRule('cascade'),
    number: p.integer(),
    docxKey: p.string(),
    pdfKey: p.string(),
    /** «Лист доработок» of the round that made it (none for version 1). */
    reportKey: p.string().nullable(),
    /** The paper's state as JSON (gzip): what the next round starts from. */
    stateKey: p.string().nullable(),
    pageCount: p.integer().nullable(),
    normocontrol: p.json<NormocontrolReport>().nullable(),
    originality: p.json<PaperOriginality>().nullable(),
    sources: p.json<StoredPaperSource[]>().default('[]'),
    /** «Отчёт об источниках» of this version: the prefix of its files; null for a version made before reports. */
    evidenceKey: p.string().nullable(),
    /** The order that made it: the paper's for version 1, the round's for the others. */
    order: () => p.manyToOne(Order).nullable().deleteRule('set null'),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type PaperVersion = InferEntity<typeof PaperVersion>;

export const Revision = defineEntity({
  name: 'Revision',
  tableName: 'revisions',
  properties: {
    order: () => p.oneToOne(Order).primary().deleteRule('cascade'),
    paper: () => p.manyToOne(Paper).deleteRule('cascade'),
    fromVersion: p.integer(),
    /** One of the rounds included in the purchase (no payment). */
    included: p.boolean(),
    remarks: p.json<RemarkInput[]>(),
    /** The sections it may change; null: the whole paper. */
    scope: p.json<RevisionScope['sections']>().nullable(),
    /** The supervisor's .docx, as uploaded. */
    docxKey: p.string().nullable(),
    outcomes: p.json<RemarkOutcome[]>().nullable(),
    /** The version it made. */
    version: p.integer().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type Revision = InferEntity<typeof Revision>;
