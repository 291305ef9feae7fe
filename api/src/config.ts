/** Configuration: read once from the environment at start, validated, then injected. Nothing else
 * reads process.env. */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
const int = (def: number) => z.coerce.number().int().positive().default(def);

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8000),
  /** Address users open; links in e-mails and payment return URLs are built from it. */
  PUBLIC_URL: z.string().url().optional(),
  /** Extra origins allowed for state-changing requests (comma-separated), e.g. the Vite dev server. */
  TRUSTED_ORIGINS: z.string().default(''),
  DATA_DIR: z.string().default(join(REPO_ROOT, '.data')),
  /** Without it, an embedded PostgreSQL is started with its data in DATA_DIR/pg. */
  DATABASE_URL: z.string().url().optional(),
  EMBEDDED_PG_PORT: z.coerce.number().int().default(5433),
  /** Secret for code and token MACs. Required in production; in development one is kept in DATA_DIR. */
  SECRET_KEY: z.string().min(32).optional(),
  COOKIE_SECURE: bool.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),

  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Сервис академических работ <no-reply@localhost>'),
  SUPPORT_EMAIL: z.string().email().default('support@example.ru'),
  LEGAL_ENTITY: z.string().default('ИП Иванов Иван Иванович, ИНН 000000000000, ОГРНИП 000000000000000'),
  /** The built web app; served by the API when present. */
  WEB_DIST: z.string().default(join(REPO_ROOT, 'web', 'dist')),
  /** Sample works for the landing page (manifest.json and their files). */
  SAMPLES_DIR: z.string().default(join(REPO_ROOT, 'paper', 'samples')),

  TELEGRAM_BOT_TOKEN: z.string().optional(),
  TELEGRAM_BOT_USERNAME: z.string().optional(),

  CODE_TTL_MINUTES: int(15),
  CODE_ATTEMPTS: int(5),
  RESEND_SECONDS: int(60),
  SESSION_TTL_DAYS: int(30),
  TELEGRAM_TOKEN_TTL_MINUTES: int(10),
  /** Requests per minute from one address on login / per hour on registration and codes. */
  LOGIN_LIMIT_PER_MINUTE: int(10),
  REGISTER_LIMIT_PER_HOUR: int(20),
  CODE_REQUESTS_LIMIT_PER_HOUR: int(10),
});

export type Env = Record<string, string | undefined>;

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  publicUrl: string;
  trustedOrigins: string[];
  dataDir: string;
  databaseUrl: string | null;
  embeddedPgPort: number;
  secretKey: string;
  cookieSecure: boolean;
  logLevel: string;
  mail: { smtpUrl: string | null; from: string; outboxDir: string };
  supportEmail: string;
  legalEntity: string;
  webDist: string;
  samplesDir: string;
  telegram: { botToken: string | null; botUsername: string | null };
  codes: { ttlMinutes: number; attempts: number; resendSeconds: number };
  sessionTtlDays: number;
  telegramTokenTtlMinutes: number;
  limits: { loginPerMinute: number; registerPerHour: number; codeRequestsPerHour: number };
}

export class ConfigError extends Error {}

/** Reads and validates the configuration. Throws ConfigError listing every bad variable. */
export function loadConfig(env: Env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production' && !e.SECRET_KEY) throw new ConfigError('Invalid configuration:\n  SECRET_KEY is required in production');
  const dataDir = resolve(e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    publicUrl,
    trustedOrigins: [new URL(publicUrl).origin, ...e.TRUSTED_ORIGINS.split(',').map((s) => s.trim()).filter(Boolean)],
    dataDir,
    databaseUrl: e.DATABASE_URL ?? null,
    embeddedPgPort: e.EMBEDDED_PG_PORT,
    secretKey: e.SECRET_KEY ?? localSecret(dataDir),
    cookieSecure: e.COOKIE_SECURE ?? publicUrl.startsWith('https://'),
    logLevel: e.LOG_LEVEL,
    mail: { smtpUrl: e.SMTP_URL ?? null, from: e.MAIL_FROM, outboxDir: join(dataDir, 'mail') },
    supportEmail: e.SUPPORT_EMAIL,
    legalEntity: e.LEGAL_ENTITY,
    webDist: resolve(e.WEB_DIST),
    samplesDir: resolve(e.SAMPLES_DIR),
    telegram: { botToken: e.TELEGRAM_BOT_TOKEN ?? null, botUsername: e.TELEGRAM_BOT_USERNAME ?? null },
    codes: { ttlMinutes: e.CODE_TTL_MINUTES, attempts: e.CODE_ATTEMPTS, resendSeconds: e.RESEND_SECONDS },
    sessionTtlDays: e.SESSION_TTL_DAYS,
    telegramTokenTtlMinutes: e.TELEGRAM_TOKEN_TTL_MINUTES,
    limits: {
      loginPerMinute: e.LOGIN_LIMIT_PER_MINUTE,
      registerPerHour: e.REGISTER_LIMIT_PER_HOUR,
      codeRequestsPerHour: e.CODE_REQUESTS_LIMIT_PER_HOUR,
    },
  };
}

/** A development secret kept in the data directory, so that codes survive a restart. */
function localSecret(dataDir: string): string {
  const file = join(dataDir, 'secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
