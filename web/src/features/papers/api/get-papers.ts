import { LIMITS, type PaperSort, type PaperType } from '@app/contract';
import { tsr } from '@/lib/api-client';

export interface PapersQuery {
  tab: PaperType;
  /** 0-based page index. */
  page: number;
  search: string;
  sort: PaperSort;
}

/** One page (4 papers) of the user's papers; cached per tab, page, search text and sort. */
export function usePapers({ tab, page, search, sort }: PapersQuery) {
  return tsr.papers.list.useQuery({
    queryKey: ['papers', 'list', tab, page, search, sort],
    queryData: {
      query: { offset: page * LIMITS.papers.pageSize, search: search || undefined, paper_type: tab, order_by: sort },
    },
  });
}
