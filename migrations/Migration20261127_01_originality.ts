import { Migration } from '@mikro-orm/migrations';

/** The paper's originality report (paperOriginality of the contract): null for papers made before. */
export class Migration20261127_01_originality extends Migration {
  override up(): void {
    this.addSql(`alter table papers add column originality jsonb null;`);
  }
}
