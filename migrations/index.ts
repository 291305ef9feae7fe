/** Every migration in order. Listed explicitly so that the runtime (Node's type stripping, vitest,
 * a bundle) never depends on globbing the folder. */
import { Migration20261121_01_accounts } from './Migration20261121_01_accounts.ts';

export const migrations = [{ name: 'Migration20261121_01_accounts', class: Migration20261121_01_accounts }];
