/**
 * A purchased full paper's versions. Version 1 is the paper as delivered; each completed revision
 * round adds the next one, and nothing of an earlier version is overwritten.
 */
import type { PaperOriginality } from '@app/contract';
import type { NormocontrolReport } from '@app/paper';
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
