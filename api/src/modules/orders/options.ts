/**
 * An order's stored options, checked on read with the contract's field schemas. Orders stored
 * before the title page and the AI appendix were offered have neither: no title page, and no
 * appendix (their customers were never asked).
 */
import { fields, LIMITS } from '@app/contract';
import { z } from 'zod';
import type { Order, OrderOptions } from './entities.ts';

const orderOptionsSchema = z.object({
  use_footnotes: z.boolean(),
  separate_bibliography: z.boolean(),
  min_publication_year: fields.publicationYear,
  required_volume: fields.volume,
  gost_citations: z.array(fields.gostCitation).max(LIMITS.files.max),
  user_structure: fields.userStructure.nullable(),
  title_page: fields.titlePage.nullable().default(null),
  ai_appendix: z.boolean().default(false),
}) satisfies z.ZodType<OrderOptions, z.ZodTypeDef, unknown>;

/** The order's options as stored, parsed by their schema: the one reading of the column. Damaged
 * options throw (a bug to see, not a choice to make silently): such an order cannot be written. */
export function orderOptionsOf(order: Pick<Order, 'id' | 'options'>): OrderOptions {
  const parsed = orderOptionsSchema.safeParse(order.options);
  if (!parsed.success)
    throw new Error(
      `Order ${order.id}: stored options are invalid: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`,
    );
  return parsed.data;
}
