import { defineEntity, p, type InferEntity } from '@mikro-orm/postgresql';
import { User } from '../accounts/entities.ts';
import { Paper } from '../papers/entities.ts';

/** A review: one for each paid full paper of its author. */
export const Review = defineEntity({
  name: 'Review',
  tableName: 'reviews',
  properties: {
    id: p.integer().primary(),
    user: () => p.manyToOne(User).deleteRule('cascade'),
    paper: () => p.manyToOne(Paper).unique().deleteRule('cascade'),
    rating: p.integer(),
    comment: p.string(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});
export type Review = InferEntity<typeof Review>;
