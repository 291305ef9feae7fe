/** The engine's originality report in the contract's form, as it is stored with the paper and shown on the preview page. */
import type { PaperOriginality } from '@app/contract';
import type { OriginalityReport } from '@app/paper';

export function originalityOf(report: OriginalityReport): PaperOriginality {
  return {
    method: report.method,
    originality_percent: report.originalityPercent,
    source_percent: report.sourcePercent,
    self_percent: report.selfPercent,
    quoted_percent: report.quotedPercent,
    words: report.words,
    fragments: report.fragments.map((f) => ({
      text: f.text,
      words: f.words,
      section: f.section,
      kind: f.kind,
      source_number: f.sourceNumber,
      source_title: f.sourceTitle,
    })),
    matches: report.matches,
    note: report.note,
  };
}
