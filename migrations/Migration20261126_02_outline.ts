import { Migration } from '@mikro-orm/migrations';

/** One name per idea: the engine's plan of a paper is its outline. The stored outline of a demo
 * (what its full version keeps) is renamed, and so are the stored writer calls of runs under way,
 * so that a run resumed after the update does not write its outline again. */
export class Migration20261126_02_outline extends Migration {
  override up(): void {
    this.addSql(`
      alter table papers rename column engine_plan to outline;
      update generation_checkpoints set key = 'llm:outline' where key = 'llm:plan';
      update generation_checkpoints set key = 'llm:outline:repair' where key = 'llm:plan:repair';
    `);
  }
}
