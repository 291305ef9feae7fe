/**
 * The one way from a stored order to what the engine is given, and to the options the paper keeps.
 * The stored JSON is checked on read with the contract's field schemas and the engine's outline schema.
 */
import { fields, LIMITS, type PaperOptions } from '@app/contract';
import { OutlineSchema, PaperError, type AttachedSource, type Outline, type PaperInput } from '@app/paper';
import { z } from 'zod';
import type { Order, OrderOptions } from '../orders/entities.ts';
import type { Paper } from '../papers/entities.ts';

const orderOptionsSchema = z.object({
  use_footnotes: z.boolean(),
  separate_bibliography: z.boolean(),
  min_publication_year: fields.publicationYear,
  required_volume: fields.volume,
  gost_citations: z.array(fields.gostCitation).max(LIMITS.files.max),
  user_structure: fields.userStructure.nullable(),
}) satisfies z.ZodType<OrderOptions>;

/** The order's options as stored; an order whose options are damaged cannot be written. */
function orderOptionsOf(order: Pick<Order, 'id' | 'options'>): OrderOptions {
  const parsed = orderOptionsSchema.safeParse(order.options);
  if (!parsed.success)
    throw new Error(
      `Order ${order.id}: stored options are invalid: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`,
    );
  return parsed.data;
}

/** A demo's stored outline, checked: a full version keeps it. */
export function storedOutline(paper: Pick<Paper, 'outline'>): Outline | null {
  if (paper.outline === null || paper.outline === undefined) return null;
  const parsed = OutlineSchema.safeParse(paper.outline);
  if (!parsed.success) throw new PaperError('invalid_input', 'Данные демо-версии повреждены: начните новый проект');
  return parsed.data;
}

export function paperInputOf(
  order: Pick<Order, 'id' | 'options' | 'topic' | 'paperType' | 'tariff'>,
  attachedSources: AttachedSource[],
  fromDemo: Outline | null,
): PaperInput {
  const o = orderOptionsOf(order);
  return {
    topic: order.topic,
    type: order.paperType,
    tariff: order.tariff,
    useFootnotes: o.use_footnotes,
    separateBibliography: o.separate_bibliography,
    minPublicationYear: o.min_publication_year,
    requiredVolume: o.required_volume,
    userStructure: o.user_structure,
    attachedSources,
    ...(fromDemo ? { fromDemo } : {}),
  };
}

/** The filters a paper keeps (the purchase panel of its full version starts from them). */
export function paperOptionsOf(order: Pick<Order, 'id' | 'options'>): PaperOptions {
  const o = orderOptionsOf(order);
  return {
    min_publication_year: o.min_publication_year,
    required_volume: o.required_volume,
    use_footnotes: o.use_footnotes,
    separate_bibliography: o.separate_bibliography,
    references: o.gost_citations,
  };
}
