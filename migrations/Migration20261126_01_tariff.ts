import { Migration } from '@mikro-orm/migrations';

/** One name per idea: the price plan (basic / professional) is the Tariff everywhere, as the
 * specification's sample works call it; "plan" is left to nobody. */
export class Migration20261126_01_tariff extends Migration {
  override up(): void {
    this.addSql(`
      alter table orders rename column plan to tariff;
      alter table papers rename column plan to tariff;
    `);
  }
}
