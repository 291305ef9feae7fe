/**
 * A purchased full paper's revision rounds (the versions they make are modules/versions'). A round
 * is an order of kind `revision` (its status, progress, attempts and model cost are the order's);
 * here are its remarks and, once done, what became of each.
 */
import type { RevisionScope } from '@app/contract';
import type { RemarkInput, RemarkOutcome } from '@app/paper';
import { defineEntity, p, type InferEntity } from '@mikro-orm/postgresql';
import { Order } from '../orders/entities.ts';
import { Paper } from '../papers/entities.ts';

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
