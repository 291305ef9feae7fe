/** Business constants and limits of the specification (section 9). One place for every number. */

export const PAPER_TYPES = ['demo', 'full'] as const;
export type PaperType = (typeof PAPER_TYPES)[number];

export const TARIFFS = ['basic', 'professional'] as const;
export type Tariff = (typeof TARIFFS)[number];

/** Prices in rubles by paper type and tariff. */
export const PRICES: Record<PaperType, Record<Tariff, number>> = {
  demo: { basic: 30, professional: 50 },
  full: { basic: 1990, professional: 4990 },
};

export const MIN_PRICE = 10;

const rubles = new Intl.NumberFormat('ru-RU', { style: 'currency', currency: 'RUB', maximumFractionDigits: 0 });
/** An amount as every page, e-mail and message shows it: "1 990 ₽". */
export const formatRubles = (amount: number): string => rubles.format(amount);

/** A paper's title as a file name, the server's and the browser's alike: no path or control
 * characters, at most 150 characters. */
export function fileNameOf(title: string): string {
  const clean = title
    .replace(/[\\/:*?"<>|\u0000-\u001f]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 150);
  return clean || 'Работа';
}

/** A base price reduced by the discount percent, rounded, never below 10. */
function discounted(base: number, discountPercent: number): number {
  const percent = Math.min(100, Math.max(0, discountPercent));
  return Math.max(MIN_PRICE, Math.round((base * (100 - percent)) / 100));
}

/** Price of an order: base price reduced by the discount percent, rounded, never below 10. */
export function priceOf(paperType: PaperType, tariff: Tariff, discountPercent = 0): number {
  return discounted(PRICES[paperType][tariff], discountPercent);
}

/**
 * The defence kit of a bought full paper (slides, speech, the commission's questions), by the
 * paper's tariff: about a quarter of the paper's price on the basic tariff and a fifth on the
 * professional (its stronger model writes the kit too), well under what agencies ask for
 * «презентация и доклад к защите» (1,500-3,000 ₽), as it is made in minutes from the paper itself.
 */
export const DEFENCE_PRICES: Record<Tariff, number> = { basic: 490, professional: 990 };

export const defencePriceOf = (tariff: Tariff, discountPercent = 0): number => discounted(DEFENCE_PRICES[tariff], discountPercent);

/**
 * A revision round beyond the included ones (or after the free period), by tariff: about a quarter
 * of the paper's price — below what an agency asks for a round of edits, well above what a round
 * costs at the model's provider.
 */
export const REVISION_PRICES: Record<Tariff, number> = { basic: 490, professional: 990 };

export const revisionPriceOf = (tariff: Tariff, discountPercent = 0): number => discounted(REVISION_PRICES[tariff], discountPercent);

/** What a defence kit holds: the engine keeps to these bounds, and the pages and letters promise them. */
export const DEFENCE_KIT = {
  slides: { min: 10, max: 15 },
  speechMinutes: { min: 5, max: 7 },
  questions: { min: 15, max: 20 },
} as const;

/** «10–15»: a kit's bound as its texts give it. */
export const rangeText = (r: { min: number; max: number }) => `${r.min}–${r.max}`;

export const LIMITS = {
  username: { min: 3, max: 20 },
  password: { min: 8, max: 20 },
  email: { max: 254 },
  code: { length: 6 },
  topic: { min: 10, max: 200 },
  gostCitation: { min: 10, max: 150 },
  structureTitle: { min: 10, max: 200 },
  structure: { chapters: 3, initialSubsections: 3, maxSubsections: 4 },
  files: { max: 5, extensions: ['.txt', '.pdf', '.docx'] as const, maxBytesEach: 20 * 1024 * 1024, maxBytesTotal: 100 * 1024 * 1024 },
  publicationYear: { min: 1990, max: 2025, default: 1990 },
  volume: { min: 80, max: 120, default: 80 },
  promo: { inputMax: 10 },
  review: { commentMin: 10, commentMax: 500, ratingMin: 1, ratingMax: 5, defaultRating: 5, pageSize: 20 },
  papers: { pageSize: 4 },
  /** The title page's optional fields (what a university prints there), in characters. */
  titlePage: { university: 200, faculty: 150, department: 150, student: 100, group: 30, supervisor: 150, headOfDepartment: 100, city: 60 },
} as const;

/** The ministry over the university, as the title page's first line names it. */
export const MINISTRIES = ['science', 'education'] as const;
export type Ministry = (typeof MINISTRIES)[number];
export const MINISTRY_NAMES: Record<Ministry, string> = {
  science: 'Министерство науки и высшего образования Российской Федерации',
  education: 'Министерство просвещения Российской Федерации',
};
export const DEFAULT_MINISTRY: Ministry = 'science';

/** The kind of work the title page names (the service writes 80-120 pages: a ВКР by default). */
export const WORK_KINDS = ['vkr', 'coursework', 'essay'] as const;
export type WorkKind = (typeof WORK_KINDS)[number];
export const WORK_KIND_NAMES: Record<WorkKind, string> = {
  vkr: 'Выпускная квалификационная работа',
  coursework: 'Курсовая работа',
  essay: 'Реферат',
};
export const DEFAULT_WORK_KIND: WorkKind = 'vkr';

export const DEFAULT_PAPER_TYPE: PaperType = 'demo';
export const DEFAULT_TARIFF: Tariff = 'basic';
export const PURCHASE_PAPER_TYPE: PaperType = 'full';

export const PAPER_SORTS = ['id_desc', 'id_asc', 'title_asc', 'title_desc'] as const;
export type PaperSort = (typeof PAPER_SORTS)[number];
export const DEFAULT_PAPER_SORT: PaperSort = 'id_desc';

export const REVIEW_SORTS = ['date_desc', 'date_asc', 'rating_desc', 'rating_asc'] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];

/** Tariff names as the order screens show them (the specification: «Обычный», «Профессиональный»). */
const TARIFF_LABELS = { basic: 'Обычный', professional: 'Профессиональный' } as const satisfies Record<Tariff, string>;

export function tariffLabel(tariff: Tariff): string {
  return TARIFF_LABELS[tariff];
}

/** Tariff names on the landing's sample cards: the specification's sample paper names the basic
 * tariff «Базовый» (section 3), unlike the order screens; the professional one is the same word. */
export const SAMPLE_TARIFF_LABELS = { ...TARIFF_LABELS, basic: 'Базовый' } as const satisfies Record<Tariff, string>;
