import { Migration } from '@mikro-orm/migrations';

/** The paper's list of sources as the preview page shows it: number, GOST text, where each source
 * was verified and a link to open it. Papers made before have an empty list. */
export class Migration20261126_04_sources extends Migration {
  override up(): void {
    this.addSql(`alter table papers add column sources jsonb not null default '[]'::jsonb;`);
  }
}
