/** Configuration: read once from the environment at start, validated, then injected. Nothing else
 * reads process.env. */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  DEFAULT_LLM_MODELS,
  GIGACHAT_SCOPES,
  LLM_PROVIDERS,
  parseLlmPrices,
  type LlmPrice,
  type LlmProvider,
  type LlmProviderName,
} from '@app/paper';
import ipaddr from 'ipaddr.js';
import { z } from 'zod';
import type { FailureLimits } from './modules/limits/failures.ts';
import { parseOaiEndpoints, type OaiEndpoint } from './modules/library/endpoints.ts';
import { parseQuotaPools } from './modules/quota/pools.ts';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** Address ranges that Fastify's trustProxy (proxy-addr) knows by name. */
const PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

const SEARCH_PROVIDERS = ['openalex', 'crossref'] as const;
type SearchProvider = (typeof SEARCH_PROVIDERS)[number];

/** LLM_PRICES (rubles per million tokens per model), each entry that does not read an issue of its own. */
function parsePrices(value: string, ctx: z.RefinementCtx): Record<string, LlmPrice> {
  const { prices, errors } = parseLlmPrices(value);
  for (const message of errors) ctx.addIssue({ code: 'custom', message });
  return prices;
}

/** An empty variable (docker compose's `${VAR:-}`) is an unset one. */
const unsetIfEmpty = <T extends z.ZodTypeAny>(type: T) => z.preprocess((v) => (v === '' ? undefined : v), type);

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
  /** Behind a reverse proxy: the proxies whose X-Forwarded-For tells the client's address
   * (comma-separated addresses, CIDRs or 'loopback', 'linklocal', 'uniquelocal'), or 'true' (any
   * peer: only when nothing but the proxy can reach the server). Unset: the connection's address. */
  TRUST_PROXY: z
    .string()
    .refine(
      (v) =>
        ['true', 'false'].includes(v.trim()) ||
        v.split(',').every((a) => PROXY_NAMES.includes(a.trim()) || ipaddr.isValid(a.trim()) || ipaddr.isValidCIDR(a.trim())),
      "expected 'true', 'false' or addresses, CIDRs, 'loopback', 'linklocal', 'uniquelocal' separated by commas",
    )
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Bearer token of GET /metrics (Prometheus). Unset or empty: there is no /metrics at all. */
  METRICS_TOKEN: unsetIfEmpty(z.string().min(32, 'expected at least 32 characters (a random token)').optional()),

  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Сервис академических работ <no-reply@localhost>'),
  SUPPORT_EMAIL: z.string().email().default('support@example.ru'),
  LEGAL_ENTITY: z.string().default('ИП Иванов Иван Иванович, ИНН 000000000000, ОГРНИП 000000000000000'),
  /** The built web app; served by the API when present. */
  WEB_DIST: z.string().default(join(REPO_ROOT, 'web', 'dist')),
  /** Sample works for the landing page (manifest.json and their files). */
  SAMPLES_DIR: z.string().default(join(REPO_ROOT, 'paper', 'samples')),

  TELEGRAM_BOT_TOKEN: z
    .string()
    .regex(/^\d+:[\w-]+$/, 'expected the token from @BotFather (digits:letters)')
    .optional(),
  TELEGRAM_BOT_USERNAME: z.string().optional(),
  /** A local Bot API server (https://github.com/tdlib/telegram-bot-api) instead of Telegram's. */
  TELEGRAM_API_ROOT: z.string().url().default('https://api.telegram.org'),
  /** Webhook mode when set (Telegram posts updates to this https address); long polling otherwise. */
  TELEGRAM_WEBHOOK_URL: z.string().url().startsWith('https://', 'Telegram posts webhooks to https:// only').optional(),
  /** Telegram sends it in X-Telegram-Bot-Api-Secret-Token; updates without it are refused. */
  TELEGRAM_WEBHOOK_SECRET: z
    .string()
    .regex(/^[\w-]{16,256}$/, 'expected 16-256 characters A-Z, a-z, 0-9, _ and -')
    .optional(),
  /** Where the bot process listens for the webhook (behind the reverse proxy that serves the URL). */
  TELEGRAM_WEBHOOK_PORT: z.coerce.number().int().min(0).max(65535).default(8081),

  /** Unset: the sandbox outside production; production needs it set (the sandbox only with ALLOW_SANDBOX_PAYMENTS). */
  PAYMENT_PROVIDER: unsetIfEmpty(z.enum(['sandbox', 'yookassa']).optional()),
  /** A staging installation in production mode may take its payments in the sandbox (no money). */
  ALLOW_SANDBOX_PAYMENTS: bool.default('false'),
  YOOKASSA_SHOP_ID: z.string().optional(),
  YOOKASSA_SECRET_KEY: z.string().optional(),
  YOOKASSA_API_URL: z.string().url().default('https://api.yookassa.ru/v3'),
  /** 54-FZ receipts (payments and refunds) sent through YooKassa; off when the shop sends them elsewhere. */
  YOOKASSA_RECEIPTS: bool.default('true'),
  /** Minutes an unpaid order waits for its payment before it expires. */
  PAYMENT_TTL_MINUTES: int(30),
  /** How often the worker re-reads unsettled payments and refunds and finishes what a lost
   * notification or a crash left open. */
  RECONCILE_INTERVAL_SECONDS: int(60),

  /** Each tariff's provider: `openai` (any OpenAI-compatible endpoint, LLM_BASE_URL), `yandex`
   * (YandexGPT) or `gigachat`. Without any configured provider papers are written by the offline
   * writer (development only). */
  LLM_PROVIDER_BASIC: unsetIfEmpty(z.enum(LLM_PROVIDERS).default('openai')),
  LLM_PROVIDER_PROFESSIONAL: unsetIfEmpty(z.enum(LLM_PROVIDERS).default('openai')),
  /** Each tariff's model; the default depends on the provider (DEFAULT_LLM_MODELS). */
  LLM_MODEL_BASIC: unsetIfEmpty(z.string().min(1).optional()),
  LLM_MODEL_PROFESSIONAL: unsetIfEmpty(z.string().min(1).optional()),
  /** Rubles per million input/output tokens per model, for the cost of every order. */
  LLM_PRICES: z
    .string()
    .default('')
    .transform((v, ctx) => parsePrices(v, ctx)),
  /** OpenAI-compatible endpoint. */
  LLM_BASE_URL: unsetIfEmpty(z.string().url().optional()),
  LLM_API_KEY: z.string().default('none'),
  LLM_CONCURRENCY: int(4),
  LLM_TIMEOUT_SECONDS: int(120),
  /** YandexGPT (Yandex AI Studio's OpenAI-compatible endpoint): a service account's API key or an IAM token, and its folder. */
  YANDEX_BASE_URL: z.string().url().default('https://llm.api.cloud.yandex.net/v1'),
  YANDEX_FOLDER_ID: unsetIfEmpty(z.string().min(1).optional()),
  YANDEX_API_KEY: unsetIfEmpty(z.string().min(1).optional()),
  YANDEX_IAM_TOKEN: unsetIfEmpty(z.string().min(1).optional()),
  YANDEX_CONCURRENCY: int(10),
  /** GigaChat: the project's authorization key, its scope and the root certificate (PEM file) of
   * the Russian CA its servers are signed with. */
  GIGACHAT_AUTH_KEY: unsetIfEmpty(z.string().min(1).optional()),
  GIGACHAT_SCOPE: unsetIfEmpty(z.enum(GIGACHAT_SCOPES).default('GIGACHAT_API_PERS')),
  GIGACHAT_OAUTH_URL: z.string().url().default('https://ngw.devices.sberbank.ru:9443/api/v2/oauth'),
  GIGACHAT_BASE_URL: z.string().url().default('https://gigachat.devices.sberbank.ru/api/v1'),
  GIGACHAT_CA_FILE: unsetIfEmpty(z.string().min(1).optional()),
  /** Streams at once; default one for an individual (GIGACHAT_API_PERS), ten for a company. */
  GIGACHAT_CONCURRENCY: unsetIfEmpty(z.coerce.number().int().positive().optional()),
  /** Bibliographic databases asked together, comma-separated (`openalex,crossref`), or `none`:
   * a paper then cites only the attached files (development; papers are not held to the minimum
   * of sources). Production defaults to both: development and tests have no network. */
  SOURCES_SEARCH: z
    .string()
    .refine(
      (v) => v.trim() === 'none' || v.split(',').every((p) => SEARCH_PROVIDERS.includes(p.trim() as SearchProvider)),
      "expected 'none' or a comma-separated list of openalex, crossref",
    )
    .optional(),
  /** Sent to OpenAlex and Crossref (their polite pools): the address they write to about our traffic. */
  SOURCES_MAILTO: z.string().email().optional(),
  /** The library's OAI-PMH repositories, harvested on a schedule: comma-separated
   * `origin=https://address[#set]` entries (one entry per set), or `cyberleninka` for CyberLeninka's
   * own endpoint. Unset: no harvest, and the library holds only its development collection. */
  LIBRARY_OAI_ENDPOINTS: z
    .string()
    .default('')
    .transform((v, ctx) => parseOaiEndpoints(v, ctx)),
  /** Pause between two requests to one repository (a polite harvester). */
  LIBRARY_OAI_DELAY_MS: z.coerce.number().int().min(0).default(1000),
  LIBRARY_OAI_RETRIES: z.coerce.number().int().min(0).max(20).default(6),
  /** When the harvest runs (cron, the worker's time zone). */
  LIBRARY_HARVEST_CRON: z
    .string()
    .regex(/^\S+( \S+){4}$/, 'expected a cron expression of five fields')
    .default('30 3 * * *'),
  /** How many times a 429 (honouring Retry-After) or a 5xx is retried before a query fails. */
  SOURCES_MAX_RETRIES: z.coerce.number().int().min(0).max(10).default(3),
  OPENALEX_BASE_URL: z.string().url().default('https://api.openalex.org'),
  /** OpenAlex asks for a (free) key for real use: without it the daily budget is tiny. */
  OPENALEX_API_KEY: z.string().min(1).optional(),
  OPENALEX_TIMEOUT_SECONDS: int(20),
  OPENALEX_MAX_REQUESTS_PER_SECOND: int(10),
  CROSSREF_BASE_URL: z.string().url().default('https://api.crossref.org'),
  CROSSREF_TIMEOUT_SECONDS: int(20),
  /** Crossref's polite pool allows 10 requests a second; 5 leaves room for other users of the address. */
  CROSSREF_MAX_REQUESTS_PER_SECOND: int(5),
  /** The order form's estimate of how many sources a topic has: its own, shorter time limit. */
  SOURCES_ESTIMATE_TIMEOUT_SECONDS: int(8),
  /** Text.ru's API key (text.ru/api-check): full papers' originality is then checked by Text.ru
   * too. Unset or empty: the engine's own check only. */
  TEXTRU_USER_KEY: z
    .union([z.literal(''), z.string().regex(/^[A-Za-z0-9]{16,64}$/, 'expected the key from text.ru/api-check: 16-64 letters and digits')])
    .optional(),
  TEXTRU_BASE_URL: z.string().url().default('https://api.text.ru'),
  /** How long a paper waits for Text.ru's result; then the report falls back to the own check. */
  TEXTRU_TIMEOUT_SECONDS: int(300),
  TEXTRU_POLL_SECONDS: int(10),

  STORAGE: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().default('ru-central1'),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),

  /** Revision rounds included in a full paper's price, and the days after its purchase they are free in. */
  REVISION_ROUNDS_INCLUDED: z.coerce.number().int().min(0).max(100).default(3),
  REVISION_FREE_DAYS: z.coerce.number().int().min(0).max(3650).default(180),

  WORKER_CONCURRENCY: int(2),
  /** `all` mode on one machine (scripts/service.mjs --api N --workers N): the API processes (the
   * first on PORT, the others on PORT+1, PORT+2 ..., behind a balancer) and the worker processes. */
  API_PROCESSES: z.coerce.number().int().min(1).max(32).default(1),
  WORKER_PROCESSES: z.coerce.number().int().min(0).max(64).default(1),
  PDF_POOL_SIZE: int(2),
  /** A generation whose worker has been silent this long is taken over by another worker. */
  GENERATION_STALE_SECONDS: int(120),
  GENERATION_MAX_ATTEMPTS: int(3),

  /** One model quota shared by all workers through PostgreSQL: the concurrent streams of each pool,
   * comma-separated `pool=streams`, where a pool is a provider or provider/model (GigaChat allows
   * 1 stream to individuals and 10 to companies, Yandex AI Studio 10 by default): `gigachat=1`,
   * `yandex=10,gigachat=10`. Unset: no shared quota (LLM_CONCURRENCY per worker process only). */
  LLM_QUOTA: z
    .string()
    .default('')
    .transform((v, ctx) => parseQuotaPools(v, ctx)),
  /** The pool each tariff's calls count against; by default the only pool of LLM_QUOTA. */
  LLM_QUOTA_POOL_BASIC: z.string().optional(),
  LLM_QUOTA_POOL_PROFESSIONAL: z.string().optional(),
  /** A worker silent this long (killed) loses its streams to the others. */
  LLM_QUOTA_LEASE_SECONDS: z.coerce.number().int().min(3).max(600).default(30),
  /** How long a 429 from the provider keeps its pool one stream below what it held. */
  LLM_QUOTA_BACKOFF_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),

  CODE_TTL_MINUTES: int(15),
  CODE_ATTEMPTS: int(5),
  RESEND_SECONDS: int(60),
  SESSION_TTL_DAYS: int(30),
  TELEGRAM_TOKEN_TTL_MINUTES: int(10),
  /** Failed logins into one account (or unknown login name) from one address, in the last minute
   * and the last hour (sliding windows); an attacker at one address never locks the owner out
   * elsewhere. */
  LOGIN_LIMIT_PER_MINUTE: int(10),
  LOGIN_LIMIT_PER_HOUR: int(30),
  /** Failed logins from one address (an IPv6 /64), whatever the login name, in the last minute. */
  LOGIN_ADDRESS_LIMIT_PER_MINUTE: int(30),
  /** Failed logins into one account from all addresses in the last hour: stops a distributed
   * guesser. Larger than LOGIN_LIMIT_PER_HOUR, so that one address cannot reach it. */
  LOGIN_ACCOUNT_LIMIT_PER_HOUR: int(200),
  /** Registrations per address per hour; code e-mails per e-mail address per hour. */
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
  /** Uploads being received (DATA_DIR/uploads, a folder per server process), until they are
   * checked and stored. */
  uploadsDir: string;
  databaseUrl: string | null;
  embeddedPgPort: number;
  secretKey: string;
  cookieSecure: boolean;
  /** Fastify's trustProxy option. */
  trustProxy: boolean | string[];
  logLevel: string;
  /** GET /metrics answers only to `Authorization: Bearer <token>`; null: not served. */
  metrics: { token: string } | null;
  mail: { smtpUrl: string | null; from: string; outboxDir: string };
  supportEmail: string;
  legalEntity: string;
  webDist: string;
  samplesDir: string;
  telegram: {
    botToken: string | null;
    botUsername: string | null;
    apiRoot: string;
    webhook: { url: string; secret: string; host: string; port: number } | null;
  };
  codes: { ttlMinutes: number; attempts: number; resendSeconds: number };
  sessionTtlDays: number;
  telegramTokenTtlMinutes: number;
  limits: {
    /** Failed logins: the subject is the account (or the login name when it names none). */
    login: FailureLimits;
    registerPerHour: number;
    codeRequestsPerHour: number;
  };
  /** Revision rounds included in a purchase, and for how many days after it. */
  revisions: { includedRounds: number; freeDays: number };
  payments: {
    provider: 'sandbox' | 'yookassa';
    yookassa: { shopId: string; secretKey: string; apiUrl: string; receipts: boolean } | null;
    ttlMinutes: number;
    reconcileSeconds: number;
  };
  /** Null: no provider, the offline writer (development only). */
  llm: {
    /** Each tariff's provider, model and price (null: the cost of its calls is not known). */
    tariffs: Record<'basic' | 'professional', { provider: LlmProvider; model: string; price: LlmPrice | null }>;
    timeoutMs: number;
  } | null;
  library: {
    endpoints: OaiEndpoint[];
    delayMs: number;
    retries: number;
    harvestCron: string;
  };
  sources: {
    /** Empty: no outside database. */
    providers: SearchProvider[];
    /** Papers may cite invented works: the library's development collection and the stand-in
     * that answers any topic (inventedSourcesAllowed). */
    invented: boolean;
    mailto: string | null;
    maxRetries: number;
    openalex: { baseUrl: string; apiKey: string | null; timeoutMs: number; maxRequestsPerSecond: number };
    crossref: { baseUrl: string; timeoutMs: number; maxRequestsPerSecond: number };
    estimateTimeoutMs: number;
  };
  /** Text.ru's check of a full paper's originality; null: the engine's own check only. */
  textRu: { userKey: string; baseUrl: string; timeoutMs: number; pollIntervalMs: number } | null;
  storage:
    | { kind: 'local'; dir: string }
    | { kind: 's3'; endpoint: string; region: string; bucket: string; accessKeyId: string; secretAccessKey: string };
  /** The processes `all` mode starts on this machine. */
  processes: { api: number; workers: number };
  worker: {
    concurrency: number;
    pdfPoolSize: number;
    /** The PDF converters' work folders (DATA_DIR/tmp/pdf): removed after every job, and a killed
     * worker's on the next start. */
    pdfTmpDir: string;
    staleSeconds: number;
    maxAttempts: number;
  };
  /** The model quota shared by all workers; null: none. */
  quota: {
    /** Streams per pool. */
    pools: Record<string, number>;
    tariffPools: { basic: string; professional: string };
    leaseSeconds: number;
    backoffSeconds: number;
  } | null;
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
  const dataDir = resolve(e.DATA_DIR);
  const missing = (names: string[]) => names.filter((n) => !e[n as keyof typeof e]);
  if (e.PAYMENT_PROVIDER === 'yookassa' && missing(['YOOKASSA_SHOP_ID', 'YOOKASSA_SECRET_KEY']).length) {
    throw new ConfigError(
      `Invalid configuration:\n  PAYMENT_PROVIDER=yookassa needs ${missing(['YOOKASSA_SHOP_ID', 'YOOKASSA_SECRET_KEY']).join(', ')}`,
    );
  }
  const s3Vars = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'];
  if (e.STORAGE === 's3' && missing(s3Vars).length) {
    throw new ConfigError(`Invalid configuration:\n  STORAGE=s3 needs ${missing(s3Vars).join(', ')}`);
  }
  if (e.TELEGRAM_WEBHOOK_URL && missing(['TELEGRAM_BOT_TOKEN', 'TELEGRAM_WEBHOOK_SECRET']).length) {
    throw new ConfigError(
      `Invalid configuration:\n  TELEGRAM_WEBHOOK_URL needs ${missing(['TELEGRAM_BOT_TOKEN', 'TELEGRAM_WEBHOOK_SECRET']).join(', ')}`,
    );
  }
  const llm = llmOf(e);
  const sourcesSearch = providersOf(e.SOURCES_SEARCH ?? (e.NODE_ENV === 'production' ? SEARCH_PROVIDERS.join(',') : 'none'));
  if (e.NODE_ENV === 'production') {
    const problems = productionProblems(e, { llm: llm !== null, sourcesSearch: sourcesSearch.length > 0 });
    if (problems.length) throw new ConfigError(`Invalid configuration for production:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  }
  const paymentProvider = e.PAYMENT_PROVIDER ?? 'sandbox';
  if (e.LOGIN_ACCOUNT_LIMIT_PER_HOUR <= e.LOGIN_LIMIT_PER_HOUR) {
    throw new ConfigError(
      'Invalid configuration:\n  LOGIN_ACCOUNT_LIMIT_PER_HOUR must be larger than LOGIN_LIMIT_PER_HOUR (otherwise one address can lock an account)',
    );
  }
  const quota = quotaOf(e);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    publicUrl,
    trustedOrigins: [
      new URL(publicUrl).origin,
      ...e.TRUSTED_ORIGINS.split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ],
    dataDir,
    uploadsDir: join(dataDir, 'uploads'),
    databaseUrl: e.DATABASE_URL ?? null,
    embeddedPgPort: e.EMBEDDED_PG_PORT,
    secretKey: e.SECRET_KEY ?? localSecret(dataDir),
    cookieSecure: e.COOKIE_SECURE ?? publicUrl.startsWith('https://'),
    trustProxy: trustProxyOf(e.TRUST_PROXY),
    logLevel: e.LOG_LEVEL,
    metrics: e.METRICS_TOKEN ? { token: e.METRICS_TOKEN } : null,
    mail: { smtpUrl: e.SMTP_URL ?? null, from: e.MAIL_FROM, outboxDir: join(dataDir, 'mail') },
    supportEmail: e.SUPPORT_EMAIL,
    legalEntity: e.LEGAL_ENTITY,
    webDist: resolve(e.WEB_DIST),
    samplesDir: resolve(e.SAMPLES_DIR),
    telegram: {
      botToken: e.TELEGRAM_BOT_TOKEN ?? null,
      botUsername: e.TELEGRAM_BOT_USERNAME ?? null,
      apiRoot: e.TELEGRAM_API_ROOT.replace(/\/$/, ''),
      webhook: e.TELEGRAM_WEBHOOK_URL
        ? { url: e.TELEGRAM_WEBHOOK_URL, secret: e.TELEGRAM_WEBHOOK_SECRET!, host: e.HOST, port: e.TELEGRAM_WEBHOOK_PORT }
        : null,
    },
    codes: { ttlMinutes: e.CODE_TTL_MINUTES, attempts: e.CODE_ATTEMPTS, resendSeconds: e.RESEND_SECONDS },
    sessionTtlDays: e.SESSION_TTL_DAYS,
    telegramTokenTtlMinutes: e.TELEGRAM_TOKEN_TTL_MINUTES,
    limits: {
      login: {
        perAddressPerMinute: e.LOGIN_ADDRESS_LIMIT_PER_MINUTE,
        perSubjectAndAddressPerMinute: e.LOGIN_LIMIT_PER_MINUTE,
        perSubjectAndAddressPerHour: e.LOGIN_LIMIT_PER_HOUR,
        perSubjectPerHour: e.LOGIN_ACCOUNT_LIMIT_PER_HOUR,
      },
      registerPerHour: e.REGISTER_LIMIT_PER_HOUR,
      codeRequestsPerHour: e.CODE_REQUESTS_LIMIT_PER_HOUR,
    },
    revisions: { includedRounds: e.REVISION_ROUNDS_INCLUDED, freeDays: e.REVISION_FREE_DAYS },
    payments: {
      provider: paymentProvider,
      yookassa:
        paymentProvider === 'yookassa'
          ? {
              shopId: e.YOOKASSA_SHOP_ID!,
              secretKey: e.YOOKASSA_SECRET_KEY!,
              apiUrl: e.YOOKASSA_API_URL.replace(/\/$/, ''),
              receipts: e.YOOKASSA_RECEIPTS,
            }
          : null,
      ttlMinutes: e.PAYMENT_TTL_MINUTES,
      reconcileSeconds: e.RECONCILE_INTERVAL_SECONDS,
    },
    llm,
    library: {
      endpoints: e.LIBRARY_OAI_ENDPOINTS,
      delayMs: e.LIBRARY_OAI_DELAY_MS,
      retries: e.LIBRARY_OAI_RETRIES,
      harvestCron: e.LIBRARY_HARVEST_CRON,
    },
    sources: {
      providers: sourcesSearch,
      invented: inventedSourcesAllowed(e),
      mailto: e.SOURCES_MAILTO ?? null,
      maxRetries: e.SOURCES_MAX_RETRIES,
      openalex: {
        baseUrl: e.OPENALEX_BASE_URL.replace(/\/$/, ''),
        apiKey: e.OPENALEX_API_KEY ?? null,
        timeoutMs: e.OPENALEX_TIMEOUT_SECONDS * 1000,
        maxRequestsPerSecond: e.OPENALEX_MAX_REQUESTS_PER_SECOND,
      },
      crossref: {
        baseUrl: e.CROSSREF_BASE_URL.replace(/\/$/, ''),
        timeoutMs: e.CROSSREF_TIMEOUT_SECONDS * 1000,
        maxRequestsPerSecond: e.CROSSREF_MAX_REQUESTS_PER_SECOND,
      },
      estimateTimeoutMs: e.SOURCES_ESTIMATE_TIMEOUT_SECONDS * 1000,
    },
    textRu: e.TEXTRU_USER_KEY
      ? {
          userKey: e.TEXTRU_USER_KEY,
          baseUrl: e.TEXTRU_BASE_URL.replace(/\/$/, ''),
          timeoutMs: e.TEXTRU_TIMEOUT_SECONDS * 1000,
          pollIntervalMs: e.TEXTRU_POLL_SECONDS * 1000,
        }
      : null,
    storage:
      e.STORAGE === 's3'
        ? {
            kind: 's3',
            endpoint: e.S3_ENDPOINT!,
            region: e.S3_REGION,
            bucket: e.S3_BUCKET!,
            accessKeyId: e.S3_ACCESS_KEY_ID!,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
          }
        : { kind: 'local', dir: join(dataDir, 'files') },
    processes: { api: e.API_PROCESSES, workers: e.WORKER_PROCESSES },
    worker: {
      concurrency: e.WORKER_CONCURRENCY,
      pdfPoolSize: e.PDF_POOL_SIZE,
      pdfTmpDir: join(dataDir, 'tmp', 'pdf'),
      staleSeconds: e.GENERATION_STALE_SECONDS,
      maxAttempts: e.GENERATION_MAX_ATTEMPTS,
    },
    quota,
  };
}

/**
 * What production must not start without: every default that simulates something (money, mail,
 * models, sources) or points users at this machine is for development only, and a forgotten
 * setting stops the start instead of giving papers away or losing e-mails.
 */
function productionProblems(e: z.infer<typeof schema>, has: { llm: boolean; sourcesSearch: boolean }): string[] {
  const problems: string[] = [];
  if (!e.SECRET_KEY) problems.push('SECRET_KEY is required in production (32+ characters: the key of codes and tokens)');
  if (!e.PUBLIC_URL) problems.push('PUBLIC_URL is required in production: the address users open (links in e-mails, payment return pages)');
  if (!e.PAYMENT_PROVIDER) {
    problems.push(
      'PAYMENT_PROVIDER is required in production: yookassa (with YOOKASSA_SHOP_ID, YOOKASSA_SECRET_KEY). ' +
        'The sandbox takes no money; only a staging installation may use it, with PAYMENT_PROVIDER=sandbox and ALLOW_SANDBOX_PAYMENTS=true',
    );
  } else if (e.PAYMENT_PROVIDER === 'sandbox' && !e.ALLOW_SANDBOX_PAYMENTS) {
    problems.push(
      'PAYMENT_PROVIDER=sandbox lets anyone «pay» with no money: in production it needs ALLOW_SANDBOX_PAYMENTS=true (staging only)',
    );
  }
  if (!e.SMTP_URL) problems.push('SMTP_URL is required in production: without it e-mails (codes, notifications) are only written to files');
  // The offline writer is for development and tests: a customer must never get its text.
  if (!has.llm) problems.push('an LLM provider is required in production (LLM_BASE_URL, or LLM_PROVIDER_* = yandex | gigachat)');
  if (!has.sourcesSearch && e.LIBRARY_OAI_ENDPOINTS.length === 0) {
    problems.push(
      'SOURCES_SEARCH=none with no LIBRARY_OAI_ENDPOINTS leaves papers no source to cite: set SOURCES_SEARCH (openalex,crossref) or LIBRARY_OAI_ENDPOINTS',
    );
  }
  return problems;
}

/** The shared quota: every tariff names a configured pool (the only one, when there is one). */
function quotaOf(e: z.infer<typeof schema>): Config['quota'] {
  const names = Object.keys(e.LLM_QUOTA);
  const named = { basic: e.LLM_QUOTA_POOL_BASIC, professional: e.LLM_QUOTA_POOL_PROFESSIONAL };
  if (!names.length) {
    if (named.basic || named.professional) {
      throw new ConfigError('Invalid configuration:\n  LLM_QUOTA_POOL_BASIC and LLM_QUOTA_POOL_PROFESSIONAL need LLM_QUOTA');
    }
    return null;
  }
  const pool = (tariff: 'basic' | 'professional') => {
    const variable = `LLM_QUOTA_POOL_${tariff.toUpperCase()}`;
    const name = named[tariff]?.trim() || (names.length === 1 ? names[0] : undefined);
    if (!name) throw new ConfigError(`Invalid configuration:\n  ${variable} must name one of the pools of LLM_QUOTA: ${names.join(', ')}`);
    if (!names.includes(name)) {
      throw new ConfigError(`Invalid configuration:\n  ${variable}: "${name}" is not a pool of LLM_QUOTA (${names.join(', ')})`);
    }
    return name;
  };
  return {
    pools: e.LLM_QUOTA,
    tariffPools: { basic: pool('basic'), professional: pool('professional') },
    leaseSeconds: e.LLM_QUOTA_LEASE_SECONDS,
    backoffSeconds: e.LLM_QUOTA_BACKOFF_SECONDS,
  };
}

/** Each tariff's provider, model and price; null when no provider is configured (the offline writer). */
function llmOf(e: z.infer<typeof schema>): Config['llm'] {
  const names = { basic: e.LLM_PROVIDER_BASIC, professional: e.LLM_PROVIDER_PROFESSIONAL };
  const used = new Set(Object.values(names));
  // Only an OpenAI-compatible provider without its address means "none": the offline writer.
  if (!e.LLM_BASE_URL && !used.has('yandex') && !used.has('gigachat')) return null;
  const problems: string[] = [];
  const providers: Partial<Record<LlmProviderName, LlmProvider>> = {};
  if (used.has('openai')) {
    if (!e.LLM_BASE_URL) problems.push('LLM_PROVIDER_*=openai needs LLM_BASE_URL');
    else providers.openai = { kind: 'openai', baseURL: e.LLM_BASE_URL, apiKey: e.LLM_API_KEY, concurrency: e.LLM_CONCURRENCY };
  }
  if (used.has('yandex')) {
    if (!e.YANDEX_FOLDER_ID) problems.push('LLM_PROVIDER_*=yandex needs YANDEX_FOLDER_ID');
    if (!e.YANDEX_API_KEY === !e.YANDEX_IAM_TOKEN)
      problems.push('LLM_PROVIDER_*=yandex needs exactly one of YANDEX_API_KEY, YANDEX_IAM_TOKEN');
    providers.yandex = {
      kind: 'yandex',
      baseURL: e.YANDEX_BASE_URL,
      folderId: e.YANDEX_FOLDER_ID ?? '',
      ...(e.YANDEX_API_KEY ? { apiKey: e.YANDEX_API_KEY } : { iamToken: e.YANDEX_IAM_TOKEN }),
      concurrency: e.YANDEX_CONCURRENCY,
    };
  }
  if (used.has('gigachat')) {
    if (!e.GIGACHAT_AUTH_KEY) problems.push('LLM_PROVIDER_*=gigachat needs GIGACHAT_AUTH_KEY');
    let ca: string | undefined;
    if (e.GIGACHAT_CA_FILE) {
      try {
        ca = readFileSync(e.GIGACHAT_CA_FILE, 'utf8');
        if (!ca.includes('-----BEGIN CERTIFICATE-----')) problems.push('GIGACHAT_CA_FILE: not a PEM certificate');
      } catch (error) {
        problems.push(`GIGACHAT_CA_FILE: cannot read ${e.GIGACHAT_CA_FILE} (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
      }
    }
    providers.gigachat = {
      kind: 'gigachat',
      authKey: e.GIGACHAT_AUTH_KEY ?? '',
      scope: e.GIGACHAT_SCOPE,
      oauthUrl: e.GIGACHAT_OAUTH_URL,
      baseURL: e.GIGACHAT_BASE_URL,
      ...(ca ? { ca } : {}),
      concurrency: e.GIGACHAT_CONCURRENCY ?? (e.GIGACHAT_SCOPE === 'GIGACHAT_API_PERS' ? 1 : 10),
    };
  }
  if (problems.length) throw new ConfigError(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  const tariff = (t: 'basic' | 'professional') => {
    const model = (t === 'basic' ? e.LLM_MODEL_BASIC : e.LLM_MODEL_PROFESSIONAL) ?? DEFAULT_LLM_MODELS[names[t]][t];
    return { provider: providers[names[t]]!, model, price: e.LLM_PRICES[model] ?? null };
  };
  return { tariffs: { basic: tariff('basic'), professional: tariff('professional') }, timeoutMs: e.LLM_TIMEOUT_SECONDS * 1000 };
}

/**
 * Whether papers may cite invented works (the library's development collection, the stand-in of
 * the databases that answers any topic: paper/src/sources/search/invented.ts), each marked as
 * invented in the paper. Never in production, and never while a real database is configured
 * (repositories to harvest, or SOURCES_SEARCH): the one place this rule lives.
 */
export function inventedSourcesAllowed(e: Pick<z.infer<typeof schema>, 'NODE_ENV' | 'SOURCES_SEARCH' | 'LIBRARY_OAI_ENDPOINTS'>): boolean {
  return e.NODE_ENV !== 'production' && e.LIBRARY_OAI_ENDPOINTS.length === 0 && providersOf(e.SOURCES_SEARCH ?? 'none').length === 0;
}

/** SOURCES_SEARCH as a list of providers, each once. */
function providersOf(value: string): SearchProvider[] {
  if (value.trim() === 'none') return [];
  return [...new Set(value.split(',').map((p) => p.trim() as SearchProvider))];
}

/** TRUST_PROXY as Fastify's trustProxy: true/false or the proxies' addresses. (A hop count is not
 * offered: Fastify cannot check the peer with it and trusts nobody.) */
function trustProxyOf(value: string | undefined): boolean | string[] {
  const v = value?.trim() ?? '';
  if (v === '' || v === 'false') return false;
  if (v === 'true') return true;
  return v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
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
