/** The normocontrol's rules, in the order they are checked and reported. */
import type { NormocontrolRule } from '../rule.ts';
import { abstractPage } from './abstract.ts';
import { appendices } from './appendices.ts';
import { bibliographyCited } from './bibliography-cited.ts';
import { bibliographyForm } from './bibliography-form.ts';
import { bibliographyOrder } from './bibliography-order.ts';
import { fontFamily } from './font-family.ts';
import { fontSize } from './font-size.ts';
import { footnoteForm } from './footnote-form.ts';
import { footnoteSize } from './footnote-size.ts';
import { headingNewPage } from './heading-new-page.ts';
import { headingNumbering } from './heading-numbering.ts';
import { headingStructural } from './heading-structural.ts';
import { pageA4 } from './page-a4.ts';
import { pageMargins } from './page-margins.ts';
import { pageNumbers } from './page-numbers.ts';
import { references } from './references.ts';
import { tables } from './tables.ts';
import { titlePage } from './title-page.ts';
import { textAlign } from './text-align.ts';
import { textIndent } from './text-indent.ts';
import { textNbsp } from './text-nbsp.ts';
import { textSpacing } from './text-spacing.ts';
import { tocEntries } from './toc-entries.ts';
import { tocFields } from './toc-fields.ts';
import { tocPages } from './toc-pages.ts';
import { volume } from './volume.ts';

export const RULES: readonly NormocontrolRule[] = [
  pageA4,
  pageMargins,
  fontFamily,
  fontSize,
  textSpacing,
  textIndent,
  textAlign,
  textNbsp,
  headingStructural,
  headingNumbering,
  headingNewPage,
  pageNumbers,
  titlePage,
  abstractPage,
  tocEntries,
  tocFields,
  tocPages,
  footnoteSize,
  footnoteForm,
  bibliographyForm,
  bibliographyOrder,
  references,
  bibliographyCited,
  tables,
  appendices,
  volume,
];
