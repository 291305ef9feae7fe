import { Migration } from '@mikro-orm/migrations';

/** A demo's bought full version is found by its source_paper_id: the papers list asks for it on
 * every demo row, and without an index each ask read the whole papers table (15 ms a page with
 * 40,000 papers; 0.1 ms with it). Deleting a paper (on delete set null) looks it up the same way. */
export class Migration20261127_08_papers_full_version_index extends Migration {
  override up(): void {
    this.addSql(`create index papers_source_paper_idx on papers (source_paper_id) where source_paper_id is not null;`);
  }
}
