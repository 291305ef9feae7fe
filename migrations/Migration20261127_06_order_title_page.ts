import { Migration } from '@mikro-orm/migrations';

/** An order's options gain the title page's details and the AI appendix choice. Orders placed
 * before have no title page and no appendix: their customers were never asked. */
export class Migration20261127_06_order_title_page extends Migration {
  override up(): void {
    this.addSql(
      `update orders set options = jsonb_build_object('title_page', null, 'ai_appendix', false) || options where options->'ai_appendix' is null;`,
    );
  }
}
