/** Each tariff's provider and model come from the configuration (validated once); what an order
 * costs at the provider (the model's tokens × the configured price, added call by call, a failed
 * generation's calls included) is stored with it and printed by the admin command. The providers
 * are local stand-ins of YandexGPT and GigaChat, which count the tokens they bill. */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGigaChatStandIn, type GigaChatStandIn } from '../../paper/dev/gigachat-stand-in.ts';
import { startYandexStandIn, type YandexStandIn } from '../../paper/dev/yandex-stand-in.ts';
import { ConfigError, loadConfig } from '../src/config.ts';
import { signUp, startTestApp, type TestApp } from './support/app.ts';
import { createPayment, decideInSandbox, newOrder, socketTranscript } from './support/orders.ts';

const BASE = { NODE_ENV: 'test', SECRET_KEY: 'test-secret-key-that-is-long-enough-000000', DATA_DIR: '/tmp' };
const GIGA_KEY = Buffer.from('client:secret').toString('base64');
const PRICES = 'yandexgpt-lite/latest=200/200; GigaChat-2-Max=1950/3900';

describe('the LLM configuration', () => {
  const load = (env: Record<string, string>) => loadConfig({ ...BASE, ...env });
  const error = (env: Record<string, string>) => {
    try {
      load(env);
    } catch (e) {
      expect(e).toBeInstanceOf(ConfigError);
      return (e as Error).message;
    }
    throw new Error('expected a ConfigError');
  };

  it('names a provider, a model and a price per tariff', () => {
    const c = load({
      LLM_PROVIDER_BASIC: 'yandex',
      YANDEX_FOLDER_ID: 'b1gfolder',
      YANDEX_API_KEY: 'AQVN-key',
      LLM_PROVIDER_PROFESSIONAL: 'gigachat',
      GIGACHAT_AUTH_KEY: GIGA_KEY,
      LLM_PRICES: PRICES,
    });
    expect(c.llm!.tariffs.basic).toMatchObject({
      provider: { kind: 'yandex', folderId: 'b1gfolder', apiKey: 'AQVN-key', concurrency: 10 },
      model: 'yandexgpt-lite/latest',
      price: { inputRubPerMillion: 200, outputRubPerMillion: 200 },
    });
    expect(c.llm!.tariffs.professional).toMatchObject({
      provider: { kind: 'gigachat', scope: 'GIGACHAT_API_PERS', concurrency: 1 },
      model: 'GigaChat-2-Max',
      price: { inputRubPerMillion: 1950, outputRubPerMillion: 3900 },
    });
    // Nothing configured: the offline writer; an OpenAI-compatible endpoint as before.
    expect(load({}).llm).toBeNull();
    expect(load({ LLM_PROVIDER_BASIC: '', LLM_BASE_URL: '', GIGACHAT_SCOPE: '' }).llm).toBeNull(); // docker compose's empty variables
    expect(load({ LLM_BASE_URL: 'http://127.0.0.1:1/v1' }).llm!.tariffs.professional).toMatchObject({ model: 'gpt-4o', price: null });
  });

  it('refuses what cannot work, naming the variable', () => {
    expect(error({ LLM_PROVIDER_BASIC: 'yandex', YANDEX_API_KEY: 'k' })).toMatch(/needs YANDEX_FOLDER_ID/);
    expect(error({ LLM_PROVIDER_BASIC: 'yandex', YANDEX_FOLDER_ID: 'f' })).toMatch(/exactly one of YANDEX_API_KEY, YANDEX_IAM_TOKEN/);
    const both = error({ LLM_PROVIDER_PROFESSIONAL: 'gigachat' });
    expect(both).toMatch(/gigachat needs GIGACHAT_AUTH_KEY/);
    expect(both).toMatch(/openai needs LLM_BASE_URL/); // the basic tariff's default provider
    expect(
      error({ LLM_PROVIDER_BASIC: 'gigachat', LLM_PROVIDER_PROFESSIONAL: 'gigachat', GIGACHAT_AUTH_KEY: 'k', GIGACHAT_SCOPE: 'X' }),
    ).toMatch(/GIGACHAT_SCOPE/);
    expect(
      error({
        LLM_PROVIDER_BASIC: 'gigachat',
        LLM_PROVIDER_PROFESSIONAL: 'gigachat',
        GIGACHAT_AUTH_KEY: 'k',
        GIGACHAT_CA_FILE: '/nonexistent/ca.pem',
      }),
    ).toMatch(/GIGACHAT_CA_FILE: cannot read \/nonexistent\/ca.pem \(ENOENT\)/);
    expect(error({ LLM_BASE_URL: 'http://127.0.0.1:1/v1', LLM_PRICES: 'gpt-4o=2.5' })).toMatch(/LLM_PRICES: expected model=input\/output/);
    expect(error({ NODE_ENV: 'production' })).toMatch(/an LLM provider is required in production/);
  });
});

describe('the cost of an order', () => {
  let yandex: YandexStandIn;
  let gigachat: GigaChatStandIn;
  let t: TestApp;
  /** GigaChat refuses the chapter review (400): the professional generation fails for good. */
  let refuseReview = false;
  beforeAll(async () => {
    yandex = await startYandexStandIn({ folderId: 'b1gfolder', apiKey: 'AQVN-key' });
    gigachat = await startGigaChatStandIn({
      authKey: GIGA_KEY,
      scope: 'GIGACHAT_API_PERS',
      behave: (r) => (refuseReview && r.key === 'review:1' ? { status: 400 } : undefined),
    });
    t = await startTestApp(
      {
        LLM_PROVIDER_BASIC: 'yandex',
        YANDEX_BASE_URL: yandex.url,
        YANDEX_FOLDER_ID: 'b1gfolder',
        YANDEX_API_KEY: 'AQVN-key',
        LLM_PROVIDER_PROFESSIONAL: 'gigachat',
        GIGACHAT_BASE_URL: gigachat.url,
        GIGACHAT_OAUTH_URL: gigachat.oauthUrl,
        GIGACHAT_AUTH_KEY: GIGA_KEY,
        LLM_PRICES: PRICES,
        GENERATION_MAX_ATTEMPTS: '2',
      },
      { worker: true },
    );
  });
  afterAll(async () => {
    await t?.close();
    await yandex?.close();
    await gigachat?.close();
  });

  async function generate(tariff: 'basic' | 'professional', name: string, expected = 'completed'): Promise<string> {
    const u = await signUp(t, name);
    const created = await createPayment(u.client, newOrder({ model_name: tariff }));
    const socket = await socketTranscript(t, u.client, `/api/v1/users/ws/${created.body.data.task_id}`);
    await decideInSandbox(u.client, created.body.data.confirmation_url, 'pay');
    const last = (await socket.waitFor((m) => m.some((x) => ['completed', 'failed'].includes(x.status)))).at(-1);
    socket.close();
    expect(last.status).toBe(expected);
    return created.body.data.task_id;
  }
  const priced = (log: { completed: boolean; promptTokens: number; completionTokens: number }[], input: number, output: number) => {
    const done = log.filter((e) => e.completed);
    return {
      calls: done.length,
      promptTokens: done.reduce((n, e) => n + e.promptTokens, 0),
      completionTokens: done.reduce((n, e) => n + e.completionTokens, 0),
      rub: done.reduce((n, e) => n + e.promptTokens * input + e.completionTokens * output, 0) / 1e6,
    };
  };

  it(
    'is the tokens counted at the provider × the configured price, stored and printed by the admin command',
    { timeout: 240_000 },
    async () => {
      const basicId = await generate('basic', 'basic_cost');
      const proId = await generate('professional', 'pro_cost');
      const basic = priced(yandex.log, 200, 200);
      const pro = priced(gigachat.llm.log, 1950, 3900);
      expect(basic.calls).toBeGreaterThan(3);
      expect(pro.calls).toBeGreaterThan(3);

      const rows = await t.sql(`select id, llm_usage, llm_cost_rub from orders where id = any($1)`, [[basicId, proId]]);
      const row = (id: string) => rows.rows.find((r) => r.id === id);
      const { rub: basicRub, ...basicUsage } = basic;
      const { rub: proRub, ...proUsage } = pro;
      expect(row(basicId).llm_usage).toEqual(basicUsage);
      expect(Number(row(basicId).llm_cost_rub)).toBeCloseTo(basicRub, 5);
      expect(row(proId).llm_usage).toEqual(proUsage);
      expect(Number(row(proId).llm_cost_rub)).toBeCloseTo(proRub, 5);
      expect(pro.rub).toBeGreaterThan(basic.rub); // the dearer model

      const admin = (...args: string[]) =>
        promisify(execFile)(process.execPath, [join(import.meta.dirname, '../src/cli/admin.ts'), ...args], {
          env: {
            ...process.env,
            NODE_ENV: 'test',
            DATABASE_URL: t.databaseUrl,
            DATA_DIR: t.config.dataDir,
            SECRET_KEY: t.config.secretKey,
          },
        });
      const one = await admin('order', proId);
      expect(one.stdout).toContain(`model: ${pro.calls} calls`);
      expect(one.stdout).toContain(`cost ${pro.rub.toFixed(2)} ₽`);
      const list = await admin('orders', 'completed');
      expect(list.stdout).toMatch(new RegExp(`${basicId}.*cost:${basic.rub.toFixed(2).replace('.', '\\.')} ₽`));

      // A generation that fails for good was billed too: its calls, over both attempts, are counted.
      const before = gigachat.llm.log.length;
      refuseReview = true;
      const failedId = await generate('professional', 'failed_cost', 'failed');
      const failed = priced(gigachat.llm.log.slice(before), 1950, 3900);
      expect(failed.calls).toBeGreaterThan(3);
      expect(
        gigachat.llm.log
          .slice(before)
          .filter((e) => e.key === 'review:1')
          .map((e) => e.status),
      ).toEqual([400, 400]);
      const [f] = (await t.sql(`select llm_usage, llm_cost_rub from orders where id = $1`, [failedId])).rows;
      expect(f.llm_usage.calls).toBe(failed.calls);
      expect(Number(f.llm_cost_rub)).toBeCloseTo(failed.rub, 5);
      const failedList = (await admin('orders', 'failed')).stdout;
      expect(failedList).toContain(failedId);
      expect(failedList).toContain(`cost:${failed.rub.toFixed(2)} ₽`);
    },
  );
});
