/** Looking up live (not deleted) accounts, case-insensitively (served by the lower() indexes). */
import { raw, type EntityManager } from '@mikro-orm/postgresql';
import { User } from './entities.ts';

const byEmail = (email: string) => ({ [raw('lower(email)')]: email.trim().toLowerCase() });
const byUsername = (username: string) => ({ [raw('lower(username)')]: username.trim().toLowerCase() });

export const findByEmail = (em: EntityManager, email: string) => em.findOne(User, { ...byEmail(email), deletedAt: null });

export const findByLogin = (em: EntityManager, usernameOrEmail: string) =>
  em.findOne(User, { $or: [byUsername(usernameOrEmail), byEmail(usernameOrEmail)], deletedAt: null });

export const findByUsernameOrEmail = (em: EntityManager, username: string, email: string) =>
  em.find(User, { $or: [byUsername(username), byEmail(email)], deletedAt: null });
