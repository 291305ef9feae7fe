import { Migration } from '@mikro-orm/migrations';

/** Harvested records were read wrong: the year taken from a deposit date (DSpace's first dc:date)
 * instead of the year of publication, and a GOST-style dc:source cut in the wrong place (journal
 * «Российское предпринимательство. – 2022. – Т. 23»). The repositories' records are not kept, so
 * every endpoint's harvest starts over from its first record: the next harvest reads each record
 * again and stores it as the repository's newer version (its values, year and dedupe key). */
export class Migration20261128_01_library_reharvest extends Migration {
  override up(): void {
    this.addSql(`
      update library_harvests
      set harvested_until = null, resumption_token = null, list_from = null, list_max_datestamp = null,
          list_pages = 0, list_records = 0, updated_at = now();
    `);
  }
}
