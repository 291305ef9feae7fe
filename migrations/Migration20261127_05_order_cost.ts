import { Migration } from '@mikro-orm/migrations';

/** What an order cost at the model's provider, added up call by call (failed attempts included):
 * the calls and their input and output tokens, and their price in rubles (tokens × the configured
 * price per model; null when no price was configured). Orders generated before have neither. */
export class Migration20261127_05_order_cost extends Migration {
  override up(): void {
    this.addSql(`
      alter table orders add column llm_usage jsonb null;
      alter table orders add column llm_cost_rub numeric(14, 6) null;
    `);
  }
}
