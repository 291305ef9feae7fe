/**
 * The one way from a stored order to what the engine is given, and to the options the paper keeps.
 * The stored JSON is checked on read with the contract's field schemas and the engine's outline schema.
 */
import { MINISTRY_NAMES, WORK_KIND_NAMES, type PaperOptions, type TitlePage } from '@app/contract';
import { OutlineSchema, PaperError, type AttachedSource, type Outline, type PaperInput, type TitlePageInfo } from '@app/paper';
import type { Order } from '../orders/entities.ts';
import { orderOptionsOf } from '../orders/options.ts';
import type { Paper } from '../papers/entities.ts';

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
    ...(o.title_page ? { titlePage: titlePageInfoOf(o.title_page) } : {}),
    aiAppendix: o.ai_appendix,
  };
}

/** The order's title page as the engine prints it: the ministry and the kind of work by name. */
export function titlePageInfoOf(t: TitlePage): TitlePageInfo {
  const info: TitlePageInfo = {
    ministry: t.ministry ? MINISTRY_NAMES[t.ministry] : undefined,
    workKind: t.work_kind ? WORK_KIND_NAMES[t.work_kind] : undefined,
    organization: t.university,
    faculty: t.faculty,
    department: t.department,
    student: t.student,
    group: t.group,
    supervisor: t.supervisor,
    headOfDepartment: t.head_of_department,
    city: t.city,
  };
  return Object.fromEntries(Object.entries(info).filter(([, v]) => v)) as TitlePageInfo;
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
