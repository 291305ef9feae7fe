/** Production that forgets a setting does not start: nothing that simulates money, mail, models or
 * sources, and no address of this machine, reaches users silently. Development needs nothing. */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, type Env } from '../src/config.ts';
import { SERVICE_COMMAND } from './support/processes.ts';

/** A complete production configuration. */
const PRODUCTION: Env = {
  NODE_ENV: 'production',
  SECRET_KEY: 'production-secret-key-that-is-long-enough-0',
  PUBLIC_URL: 'https://papers.example.ru',
  PAYMENT_PROVIDER: 'yookassa',
  YOOKASSA_SHOP_ID: '123456',
  YOOKASSA_SECRET_KEY: 'live_secret',
  SMTP_URL: 'smtps://user:pass@smtp.example.ru',
  LLM_PROVIDER_BASIC: 'yandex',
  LLM_PROVIDER_PROFESSIONAL: 'yandex',
  YANDEX_FOLDER_ID: 'b1gfolder',
  YANDEX_API_KEY: 'AQVN-key',
  DATABASE_URL: 'postgres://app:app@db.example.ru:5432/app',
};

const refusal = (env: Env): string => {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error('the configuration was accepted');
};
const without = (...names: string[]) => Object.fromEntries(Object.entries(PRODUCTION).filter(([k]) => !names.includes(k)));

describe('production', () => {
  it('starts with everything real: YooKassa, SMTP, a model, the bibliographic databases, no invented works', () => {
    const c = loadConfig(PRODUCTION);
    expect(c.payments.provider).toBe('yookassa');
    expect(c.mail.smtpUrl).toBe(PRODUCTION.SMTP_URL);
    expect(c.llm).not.toBeNull();
    expect(c.sources.providers).toEqual(['openalex', 'crossref']);
    expect(c.sources.invented).toBe(false);
  });

  it('refuses to start without a payment provider (the sandbox gives every paper away)', () => {
    expect(refusal(without('PAYMENT_PROVIDER', 'YOOKASSA_SHOP_ID', 'YOOKASSA_SECRET_KEY'))).toMatch(
      /PAYMENT_PROVIDER is required in production: yookassa .* ALLOW_SANDBOX_PAYMENTS=true/,
    );
    expect(refusal({ ...PRODUCTION, PAYMENT_PROVIDER: '' })).toMatch(/PAYMENT_PROVIDER is required in production/); // compose's ${VAR:-}
  });

  it('takes the sandbox only from a staging installation that says so (ALLOW_SANDBOX_PAYMENTS=true)', () => {
    expect(refusal({ ...PRODUCTION, PAYMENT_PROVIDER: 'sandbox' })).toMatch(
      /PAYMENT_PROVIDER=sandbox lets anyone «pay» with no money: in production it needs ALLOW_SANDBOX_PAYMENTS=true/,
    );
    expect(refusal({ ...PRODUCTION, PAYMENT_PROVIDER: 'sandbox', ALLOW_SANDBOX_PAYMENTS: 'false' })).toMatch(/ALLOW_SANDBOX_PAYMENTS/);
    expect(loadConfig({ ...PRODUCTION, PAYMENT_PROVIDER: 'sandbox', ALLOW_SANDBOX_PAYMENTS: 'true' }).payments.provider).toBe('sandbox');
  });

  it('refuses to start without SMTP (mail only written to files), a public address, a model or any source of works', () => {
    expect(refusal(without('SMTP_URL'))).toMatch(/SMTP_URL is required in production/);
    expect(refusal(without('PUBLIC_URL'))).toMatch(/PUBLIC_URL is required in production/);
    expect(refusal(without('LLM_PROVIDER_BASIC', 'LLM_PROVIDER_PROFESSIONAL'))).toMatch(/an LLM provider is required in production/);
    expect(refusal({ ...PRODUCTION, SOURCES_SEARCH: 'none' })).toMatch(/SOURCES_SEARCH=none with no LIBRARY_OAI_ENDPOINTS/);
    // Our own library alone is a real source; invented works stay out of production.
    const library = loadConfig({ ...PRODUCTION, SOURCES_SEARCH: 'none', LIBRARY_OAI_ENDPOINTS: 'cyberleninka' });
    expect(library.sources.providers).toEqual([]);
    expect(library.sources.invented).toBe(false);
  });

  it('lists everything that is missing at once', () => {
    const message = refusal({ NODE_ENV: 'production' });
    for (const name of ['SECRET_KEY', 'PUBLIC_URL', 'PAYMENT_PROVIDER', 'SMTP_URL', 'an LLM provider']) expect(message).toContain(name);
  });

  it('the service process refuses to start and says why (exit 2: not restarted)', () => {
    const run = spawnSync(process.execPath, [SERVICE_COMMAND, 'server'], {
      env: { ...process.env, ...without('PAYMENT_PROVIDER', 'YOOKASSA_SHOP_ID', 'YOOKASSA_SECRET_KEY') },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/Invalid configuration for production:\n {2}PAYMENT_PROVIDER is required in production/);
  });
});

describe('development', () => {
  it('needs nothing: the sandbox, the mail outbox, the offline writer, invented works', () => {
    const c = loadConfig({ DATA_DIR: '/tmp/config-test-never-written', SECRET_KEY: 'development-secret-key-long-enough-00000' });
    expect(c.payments.provider).toBe('sandbox');
    expect(c.mail.smtpUrl).toBeNull();
    expect(c.llm).toBeNull();
    expect(c.sources.invented).toBe(true);
  });
});

describe('metrics', () => {
  it('METRICS_TOKEN: unset or empty serves no /metrics; a short token is refused', () => {
    expect(loadConfig(PRODUCTION).metrics).toBeNull();
    expect(loadConfig({ ...PRODUCTION, METRICS_TOKEN: '' }).metrics).toBeNull();
    expect(refusal({ ...PRODUCTION, METRICS_TOKEN: 'short-token' })).toMatch(/METRICS_TOKEN.*at least 32 characters/);
    const token = 'm'.repeat(32);
    expect(loadConfig({ ...PRODUCTION, METRICS_TOKEN: token }).metrics).toEqual({ token });
  });
});
