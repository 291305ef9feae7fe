import { Migration } from '@mikro-orm/migrations';

/** What a completed generation cost: the model's usage (calls, input and output tokens) and its
 * price in rubles (tokens × the configured price per model; null when no price was configured).
 * Orders completed before have neither. */
export class Migration20261127_05_order_cost extends Migration {
  override up(): void {
    this.addSql(`
      alter table orders add column llm_usage jsonb null;
      alter table orders add column llm_cost_rub numeric(12, 4) null;
    `);
  }
}
