import { Migration } from '@mikro-orm/migrations';

/**
 * What the metrics of the whole fleet (any API process answers /metrics for every worker) are read
 * from at scrape time, kept as small running totals so that a scrape never scans orders:
 * - generation time by stage and tariff: per (stage, tariff) a row per histogram bucket (the count
 *   of runs whose stage took at most `le` seconds and more than the bucket below, and their sum);
 * - model usage by tariff and provider: calls, tokens and rubles, added by every metered call
 *   (backfilled from the orders' own totals, whose provider was not recorded: 'unknown');
 * - why a payment failed: the provider's reason (YooKassa's cancellation_details.reason).
 */
export class Migration20261203_01_metrics extends Migration {
  override up(): void {
    this.addSql(`
      create table metric_stage_seconds (
        stage text not null,
        tariff text not null,
        le double precision not null,
        count bigint not null default 0,
        sum_seconds double precision not null default 0,
        primary key (stage, tariff, le)
      );`);
    this.addSql(`
      create table metric_llm_usage (
        tariff text not null,
        provider text not null,
        calls bigint not null default 0,
        prompt_tokens bigint not null default 0,
        completion_tokens bigint not null default 0,
        cost_rub numeric(18, 6) not null default 0,
        primary key (tariff, provider)
      );`);
    this.addSql(`
      insert into metric_llm_usage (tariff, provider, calls, prompt_tokens, completion_tokens, cost_rub)
      select tariff, 'unknown', sum(coalesce((llm_usage->>'calls')::bigint, 0)), sum(coalesce((llm_usage->>'promptTokens')::bigint, 0)),
             sum(coalesce((llm_usage->>'completionTokens')::bigint, 0)), coalesce(sum(llm_cost_rub), 0)
      from orders where llm_usage is not null group by tariff;`);
    this.addSql(`alter table payments add column failure_code text null;`);
  }
}
