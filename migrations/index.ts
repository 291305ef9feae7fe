/** Every migration in order. Listed explicitly so that the runtime (Node's type stripping, vitest,
 * a bundle) never depends on globbing the folder. */
import { Migration20261121_01_accounts } from './Migration20261121_01_accounts.ts';
import { Migration20261121_02_papers_reviews } from './Migration20261121_02_papers_reviews.ts';
import { Migration20261121_03_orders_payments } from './Migration20261121_03_orders_payments.ts';
import { Migration20261125_01_registrations } from './Migration20261125_01_registrations.ts';
import { Migration20261125_02_refunds } from './Migration20261125_02_refunds.ts';
import { Migration20261126_01_tariff } from './Migration20261126_01_tariff.ts';
import { Migration20261126_02_outline } from './Migration20261126_02_outline.ts';
import { Migration20261126_03_library } from './Migration20261126_03_library.ts';
import { Migration20261126_04_sources } from './Migration20261126_04_sources.ts';
import { Migration20261127_01_originality } from './Migration20261127_01_originality.ts';
import { Migration20261127_05_order_cost } from './Migration20261127_05_order_cost.ts';
import { Migration20261127_06_order_title_page } from './Migration20261127_06_order_title_page.ts';
import { Migration20261127_07_quota } from './Migration20261127_07_quota.ts';
import { Migration20261127_08_papers_full_version_index } from './Migration20261127_08_papers_full_version_index.ts';
import { Migration20261128_01_library_reharvest } from './Migration20261128_01_library_reharvest.ts';
import { Migration20261128_02_notification_deliveries } from './Migration20261128_02_notification_deliveries.ts';
import { Migration20261129_01_defence_kits } from './Migration20261129_01_defence_kits.ts';
import { Migration20261201_01_revisions } from './Migration20261201_01_revisions.ts';
import { Migration20261202_01_evidence } from './Migration20261202_01_evidence.ts';
import { Migration20261203_01_metrics } from './Migration20261203_01_metrics.ts';

export const migrations = [
  { name: 'Migration20261121_01_accounts', class: Migration20261121_01_accounts },
  { name: 'Migration20261121_02_papers_reviews', class: Migration20261121_02_papers_reviews },
  { name: 'Migration20261121_03_orders_payments', class: Migration20261121_03_orders_payments },
  { name: 'Migration20261125_01_registrations', class: Migration20261125_01_registrations },
  { name: 'Migration20261125_02_refunds', class: Migration20261125_02_refunds },
  { name: 'Migration20261126_01_tariff', class: Migration20261126_01_tariff },
  { name: 'Migration20261126_02_outline', class: Migration20261126_02_outline },
  { name: 'Migration20261126_03_library', class: Migration20261126_03_library },
  { name: 'Migration20261126_04_sources', class: Migration20261126_04_sources },
  { name: 'Migration20261127_01_originality', class: Migration20261127_01_originality },
  { name: 'Migration20261127_05_order_cost', class: Migration20261127_05_order_cost },
  { name: 'Migration20261127_06_order_title_page', class: Migration20261127_06_order_title_page },
  { name: 'Migration20261127_07_quota', class: Migration20261127_07_quota },
  { name: 'Migration20261127_08_papers_full_version_index', class: Migration20261127_08_papers_full_version_index },
  { name: 'Migration20261128_01_library_reharvest', class: Migration20261128_01_library_reharvest },
  { name: 'Migration20261128_02_notification_deliveries', class: Migration20261128_02_notification_deliveries },
  { name: 'Migration20261129_01_defence_kits', class: Migration20261129_01_defence_kits },
  { name: 'Migration20261201_01_revisions', class: Migration20261201_01_revisions },
  { name: 'Migration20261202_01_evidence', class: Migration20261202_01_evidence },
  { name: 'Migration20261203_01_metrics', class: Migration20261203_01_metrics },
];
