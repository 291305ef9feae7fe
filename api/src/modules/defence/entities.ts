/** A delivered defence kit: the files the order made from its paper, and what they hold. */
import { defineEntity, p, type InferEntity } from '@mikro-orm/postgresql';
import { User } from '../accounts/entities.ts';
import { Order } from '../orders/entities.ts';
import { Paper } from '../papers/entities.ts';

export const DefenceKit = defineEntity({
  name: 'DefenceKit',
  tableName: 'defence_kits',
  properties: {
    id: p.integer().primary(),
    /** The order that made it (one kit per order). */
    order: () => p.manyToOne(Order).unique(),
    paper: () => p.manyToOne(Paper).deleteRule('cascade'),
    user: () => p.manyToOne(User).deleteRule('cascade'),
    slidesKey: p.string(),
    speechKey: p.string(),
    questionsKey: p.string(),
    previewKey: p.string(),
    slides: p.integer(),
    speechWords: p.integer(),
    questions: p.integer(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type DefenceKit = InferEntity<typeof DefenceKit>;
