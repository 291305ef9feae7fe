/**
 * A supervisor's read-only link to one version of a paper. Only the SHA-256 of its token is
 * stored: the address is shown to the owner once. It expires, can be revoked, counts how often a
 * guest opened it, and goes with its paper (and so with the account).
 */
import { defineEntity, p, type InferEntity } from '@mikro-orm/postgresql';
import { Paper } from '../papers/entities.ts';

export const ShareLink = defineEntity({
  name: 'ShareLink',
  tableName: 'share_links',
  properties: {
    id: p.integer().primary(),
    paper: () => p.manyToOne(Paper).deleteRule('cascade'),
    /** A bought paper's version; null: a demo (which has no versions). */
    version: p.integer().nullable(),
    tokenHash: p.string().unique(),
    createdAt: p.datetime().onCreate(() => new Date()),
    expiresAt: p.datetime(),
    revokedAt: p.datetime().nullable(),
    openings: p.integer().default(0),
    lastOpenedAt: p.datetime().nullable(),
  },
});
export type ShareLink = InferEntity<typeof ShareLink>;
