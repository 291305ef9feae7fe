/** Operator command for promo codes (same environment as `npm start`):
 *   npm run promo -w api -- create <CODE> <percent> [--until 2026-12-31] [--from 2026-11-01] [--limit 100]
 *   npm run promo -w api -- list
 */
import { parseArgs } from 'node:util';
import { openCliDatabase } from './db.ts';
import { AppError } from '../errors.ts';
import { createPromo, listPromos } from '../modules/promo/promo.ts';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { from: { type: 'string' }, until: { type: 'string' }, limit: { type: 'string' } },
});
const [command, code, percent] = positionals;
const { orm } = await openCliDatabase();
const em = orm.em.fork();
const date = (s: string | undefined) => (s ? new Date(s) : null);
try {
  if (command === 'create' && code && percent) {
    const promo = await createPromo(em, {
      code,
      percent: Number(percent),
      validFrom: date(values.from),
      validUntil: date(values.until),
      usageLimit: values.limit ? Number(values.limit) : null,
    });
    console.log(`created ${promo.code}: ${promo.percent}%`);
  } else if (command === 'list') {
    for (const p of await listPromos(em)) {
      const limit = p.usageLimit ? `${p.usedCount}/${p.usageLimit}` : `${p.usedCount}/∞`;
      console.log(`${p.code.padEnd(12)} ${String(p.percent).padStart(3)}%  uses ${limit.padEnd(9)} ${p.validFrom?.toISOString().slice(0, 10) ?? '…'} – ${p.validUntil?.toISOString().slice(0, 10) ?? '…'}`);
    }
  } else {
    console.error('usage: promo create <CODE> <percent> [--from DATE] [--until DATE] [--limit N] | promo list');
    process.exitCode = 2;
  }
} catch (error) {
  console.error(error instanceof AppError ? String(error.detail) : error);
  process.exitCode = 1;
} finally {
  await orm.close();
}
