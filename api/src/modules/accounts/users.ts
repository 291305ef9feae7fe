/** Looking up live (not deleted) accounts, case-insensitively (served by the lower() indexes).
 * Every account is verified (a sign-up is a Registration until its code is entered); the filter
 * keeps any older unverified row unusable all the same. */
import { raw, type EntityManager } from '@mikro-orm/postgresql';
import { User } from './entities.ts';

const byEmail = (email: string) => ({ [raw('lower(email)')]: email.trim().toLowerCase() });
const byUsername = (username: string) => ({ [raw('lower(username)')]: username.trim().toLowerCase() });
const live = { deletedAt: null, emailVerifiedAt: { $ne: null } };

export const findByEmail = (em: EntityManager, email: string) => em.findOne(User, { ...byEmail(email), ...live });

export const findByLogin = (em: EntityManager, usernameOrEmail: string) =>
  em.findOne(User, { $or: [byUsername(usernameOrEmail), byEmail(usernameOrEmail)], ...live });

export const findByUsernameOrEmail = (em: EntityManager, username: string, email: string) =>
  em.find(User, { $or: [byUsername(username), byEmail(email)], ...live });
