/** Accounts: pending registrations, users, sessions, recovery codes, Telegram bind tokens. */
import { defineEntity, p, type InferEntity } from '@mikro-orm/postgresql';

/**
 * A sign-up waiting for its e-mail code. Each registration keeps its own login, password and code
 * flow, so that a second registration of the same e-mail can never change the first; the user row
 * is created only when the code of this registration's flow is entered.
 */
export const Registration = defineEntity({
  name: 'Registration',
  tableName: 'registrations',
  properties: {
    /** Random, so that the code hash is bound to this registration before the row exists. */
    id: p.uuid().primary(),
    username: p.string(),
    email: p.string(),
    passwordHash: p.string(),
    /** sha256 of the `verification_token` cookie of the one browser flow that may enter the code. */
    flowTokenHash: p.string().unique(),
    codeHash: p.string(),
    attemptsLeft: p.integer(),
    sentAt: p.datetime(),
    expiresAt: p.datetime(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type Registration = InferEntity<typeof Registration>;

/** Every live row is a verified account (a sign-up is a Registration until its code is entered). */
export const User = defineEntity({
  name: 'User',
  tableName: 'users',
  properties: {
    id: p.integer().primary(),
    /** Null once the account is deleted (personal data removed; the row stays for payment records). */
    username: p.string().nullable(),
    email: p.string().nullable(),
    passwordHash: p.string().nullable(),
    emailVerifiedAt: p.datetime().nullable(),
    telegramUid: p.string().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    deletedAt: p.datetime().nullable(),
  },
});
export type User = InferEntity<typeof User>;

export const Session = defineEntity({
  name: 'Session',
  tableName: 'sessions',
  properties: {
    id: p.integer().primary(),
    user: () => p.manyToOne(User).deleteRule('cascade'),
    /** sha256 of the cookie token: a database leak gives no usable session. */
    tokenHash: p.string().unique(),
    createdAt: p.datetime().onCreate(() => new Date()),
    expiresAt: p.datetime(),
    revokedAt: p.datetime().nullable(),
    userAgent: p.string().nullable(),
  },
});
export type Session = InferEntity<typeof Session>;

export type CodePurpose = 'recovery';

/** The e-mail code flow of an account for one purpose (one row per user and purpose, reused);
 * today only password recovery (registration codes live in their Registration). The browser holds
 * the flow token in a cookie; the 6-digit code is stored only as a keyed hash. */
export const EmailCode = defineEntity({
  name: 'EmailCode',
  tableName: 'email_codes',
  properties: {
    id: p.integer().primary(),
    user: () => p.manyToOne(User).deleteRule('cascade'),
    purpose: p.string().$type<CodePurpose>(),
    flowTokenHash: p.string().unique(),
    codeHash: p.string(),
    attemptsLeft: p.integer(),
    sentAt: p.datetime(),
    expiresAt: p.datetime(),
    verifiedAt: p.datetime().nullable(),
    consumedAt: p.datetime().nullable(),
  },
});
export type EmailCode = InferEntity<typeof EmailCode>;

export const TelegramBindToken = defineEntity({
  name: 'TelegramBindToken',
  tableName: 'telegram_bind_tokens',
  properties: {
    id: p.integer().primary(),
    user: () => p.manyToOne(User).deleteRule('cascade'),
    tokenHash: p.string().unique(),
    expiresAt: p.datetime(),
    usedAt: p.datetime().nullable(),
  },
});
export type TelegramBindToken = InferEntity<typeof TelegramBindToken>;

export const accountEntities = [Registration, User, Session, EmailCode, TelegramBindToken];
