/** The paper list's pagination (specification sections 2 and 9): a window of 6 page numbers (3 at
 * 480 px or less), arrows, and -5/+5 jumps shown only past 6 pages. Pages here are 1-based. */
import { LIMITS } from '@app/contract';
import { PAGINATION } from '@/config/ui';

export interface PaginationModel {
  pages: number[];
  showJumps: boolean;
  prevDisabled: boolean;
  nextDisabled: boolean;
  /** -5 is disabled on pages 5 and below. */
  backDisabled: boolean;
  /** +5 is disabled within 5 of the last page. */
  forwardDisabled: boolean;
}

export function pageCount(total: number): number {
  return Math.max(1, Math.ceil(total / LIMITS.papers.pageSize));
}

export function paginationModel(page: number, last: number, narrow: boolean): PaginationModel {
  const size = Math.min(last, narrow ? PAGINATION.windowNarrow : PAGINATION.window);
  // The current page stays near the middle of the window, which never runs past either end.
  const start = Math.min(Math.max(1, page - Math.floor((size - 1) / 2)), last - size + 1);
  const jump = PAGINATION.jump;
  return {
    pages: Array.from({ length: size }, (_, i) => start + i),
    showJumps: last > PAGINATION.window,
    prevDisabled: page <= 1,
    nextDisabled: page >= last,
    backDisabled: page <= jump,
    forwardDisabled: page > last - jump,
  };
}
